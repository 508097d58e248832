"""First fit for any game of the Calculation family (Calculation, Hopscotch, Betsy
Ross, one you described): play whatever fits a final pile, storage tops first;
otherwise put the hand card on the storage pile with the fewest cards or, where
there is none to put it on, turn the stock."""


def play(view):
    playable = view.playable()
    if playable:
        return playable[0]
    if view.hand is not None and view.storage:
        piles = range(1, len(view.storage) + 1)
        return str(min(piles, key=lambda pile: len(view.storage[pile - 1])))
    return "turn"
