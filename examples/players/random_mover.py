"""No idea at all, as a yardstick: any legal move, chosen at random. view.random
is seeded by the deal, so each deal is played the same way every time."""


def play(view):
    return view.random.choice(view.moves)
