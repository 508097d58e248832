"""Add/Residue: score the most on offer now; when nothing scores, spoil the next
player's turn by leaving m where their mod pile scores least."""


def play(view):
    best = max(view.moves, key=view.gain)
    if view.gain(best) > 0:
        return best
    after = view.seat % view.players + 1  # the seat that moves next

    def their_best(move):  # the most the next player can score after this move
        m = view.after(move)
        return max((m % number for number in view.mod_of(after)), default=0)

    # Nothing scores: the move that leaves the next player the least, then keeps
    # the bigger numbers for later.
    return min(view.moves, key=lambda move: (their_best(move), int(move.split()[1])))
