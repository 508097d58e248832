"""The first idea anyone has: play whatever fits a final pile; otherwise put the
hand card on the storage pile with the fewest cards, so no pile gets too deep."""

COMPILED = True  # it keeps to the typed subset, so numba compiles it


def play(view):
    # A card that fits a final pile goes there: the storage piles' tops first,
    # since a card played from storage frees the card beneath it.
    playable = view.playable()
    if len(playable) > 0:
        return playable[0]
    # Nothing fits: the hand card goes on the lowest storage pile.
    lowest = 1
    for pile in (2, 3, 4):
        if len(view.storage[pile - 1]) < len(view.storage[lowest - 1]):
            lowest = pile
    return str(lowest)
