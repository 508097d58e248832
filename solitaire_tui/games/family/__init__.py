"""What the screens of the Calculation family share: Sequence Solitaire's and the
games described in files (``games.described``) draw the same board, choose cards the
same way and name their moves in the same words."""
