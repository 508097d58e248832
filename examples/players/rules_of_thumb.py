"""A 1973 student's rules of thumb: play what fits a final pile; otherwise put the
hand card where it buries the fewest cards needed before it, on a top needed just
after it if there is one."""

COMPILED = True  # it keeps to the typed subset, so numba compiles it


def play(view):
    # What fits a final pile goes there, the storage piles' tops first.
    if len(view.playable()) > 0:
        return view.playable()[0]
    hand = view.soonest(view.hand)  # how many cards a final pile takes before it
    best, least = 1, (99, 99, 99)
    for pile in (1, 2, 3, 4):
        cards = view.storage[pile - 1]
        buried = 0  # cards needed sooner than the hand card, which it would cover
        for card in cards:
            if view.soonest(card) < hand:
                buried += 1
        gap = 99  # how long after the hand card the top is needed, if it is
        if len(cards) > 0 and view.soonest(cards[-1]) >= hand:
            gap = view.soonest(cards[-1]) - hand
        harm = (buried, gap, len(cards))  # the least harm; then the lowest pile
        if harm < least:
            best, least = pile, harm
    return str(best)
