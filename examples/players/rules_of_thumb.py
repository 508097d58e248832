"""A 1973 student's rules of thumb: play what fits a final pile; otherwise put the
hand card where it buries the fewest cards needed before it, on a top needed just
after it if there is one."""

COMPILED = True  # it keeps to the typed subset, so numba compiles it


def play(view):
    playable = view.playable()  # what fits a final pile goes there, storage first
    if len(playable) > 0:
        return playable[0]
    hand = view.soonest(view.hand)  # how many cards a final pile takes before it
    best, least = 1, (99, 99, 99)
    for pile in (1, 2, 3, 4):
        cards = view.storage[pile - 1]
        buried = 0  # cards needed sooner than the hand card, which it would cover
        for card in cards:
            buried += view.soonest(card) < hand
        top = view.soonest(cards[-1]) if len(cards) > 0 else -1  # needed just after?
        gap = top - hand if top >= hand else 99
        if (buried, gap, len(cards)) < least:  # the least harm; then the lowest pile
            best, least = pile, (buried, gap, len(cards))
    return str(best)
