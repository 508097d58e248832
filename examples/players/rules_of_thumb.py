"""A 1973 student's rules of thumb: play what fits a final pile; otherwise put the
hand card where it buries the fewest cards needed before it, on a top needed just
after it if there is one."""


def play(view):
    # What fits a final pile goes there, the storage piles' tops first.
    if view.playable():
        return view.playable()[0]

    def when(rank):  # how many cards a final pile must take before it takes rank
        return view.soonest(rank)

    hand = when(view.hand)

    def harm(pile):
        cards = view.storage[pile - 1]
        buried = sum(1 for card in cards if when(card) < hand)  # needed sooner, now under it
        gap = when(cards[-1]) - hand if cards and when(cards[-1]) >= hand else 99
        return buried, gap, len(cards)  # then a top needed just after; then the lowest

    return str(min((1, 2, 3, 4), key=harm))
