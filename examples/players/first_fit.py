"""The first idea anyone has: play whatever fits a final pile; otherwise put the
hand card on the storage pile with the fewest cards, so no pile gets too deep."""


def play(view):
    # A card that fits a final pile goes there: the storage piles' tops first,
    # since a card played from storage frees the card beneath it.
    if view.playable():
        return view.playable()[0]
    # Nothing fits: the hand card goes on the lowest storage pile.
    lowest = min((1, 2, 3, 4), key=lambda pile: len(view.storage[pile - 1]))
    return str(lowest)
