"""The Calculation family's rows: a shipped description (by its file's name) played by
the family's greedy player, a seeded random one, or the quick player, whose rule of
thumb for the storage piles is written here again in plain Python from its words
(``rules.fast.calculation_thumb``)."""

from __future__ import annotations

from functools import cache
from importlib import resources

from rules.calculation import game as calc
from rules.calculation.description import Description, parse
from rules.cards import deal_cards
from rules.play import final_state
from rules.players import Player, RandomPlayer
from rules.players.calculation import GreedyPlayer
from rules.sequence import ToStorage

# Sequence's tuned weights, as the rule of thumb's words give them (sequence_fair).
NEIGHBOURS, NEIGHBOUR_BONUS, EMPTY_COST, LAST_TO_EMPTY = 2, 70, 32, 20
FIT_COST, LAST_COVERED, MISFIT_COST = 10, 35, 44
FAR = 26


@cache
def shipped(stem: str) -> Description:
    """The shipped description in ``games/<stem>.toml``."""
    path = resources.files("rules.calculation").joinpath("games", f"{stem}.toml")
    return parse(path.read_text(encoding="utf-8"))


def pure(deal: int, game: tuple[str, str]) -> tuple[int, ...]:
    """Deal ``deal`` of the shipped game ``game[0]`` by ``game[1]`` ("greedy", "random",
    the random player seeded with the deal)."""
    stem, strategy = game
    player: Player[calc.State, calc.Move] = (
        GreedyPlayer() if strategy == "greedy" else QuickPlayer() if strategy == "quick"
        else RandomPlayer(calc.legal_moves, deal))
    end = final_state(calc, calc.new_game(shipped(stem), deal_cards(deal)), player.choose)
    r = calc.result(end)
    return (r.won, r.final_cards, r.moves)


class QuickPlayer:
    """The greedy player, but a hand card that fits no foundation goes to the storage
    pile of least cost (``cost``), the lowest of equals."""

    def choose(self, state: calc.State) -> calc.Move:
        move = GreedyPlayer().choose(state)
        if isinstance(move, ToStorage) and state.hand is not None:
            costs = [cost(state, state.hand.rank, pile) for pile in range(len(state.storage))]
            return ToStorage(costs.index(min(costs)))
        return move


def comes(state: calc.State, pile: int, rank: int) -> int | None:
    """How many cards foundation ``pile`` takes before ``rank``, None if never again."""
    later = 0
    while (wanted := calc.needs(state, pile, later)) is not None:
        if wanted == rank:
            return later
        later += 1
    return None


def ahead(state: calc.State, rank: int, copies: int) -> int:
    """How many cards a foundation takes before this card of ``rank``, ``copies``
    other cards of it coming first and serving the piles that want it soonest (ties
    to the lower pile); FAR when none is left for it."""
    waits = sorted((later, pile) for pile in range(len(state.finals))
                   if (later := comes(state, pile, rank)) is not None)
    return waits[copies][0] if copies < len(waits) else (
        waits[-1][0] if waits else FAR)


def ends(state: calc.State, rank: int) -> bool:
    """Whether ``rank`` is the last card of every foundation that takes it."""
    return all(pile.length == index + 1 for pile in state.options.foundations
               for index in range(pile.length) if pile.rank(index) == rank)


def cost(state: calc.State, rank: int, pile: int) -> int:
    """The rule of thumb's cost of the hand card of ``rank`` on storage pile ``pile``."""
    tops = [cards[-1].rank if cards else 0 for cards in state.storage]
    wanted = ahead(state, rank, tops.count(rank))
    cards = [card.rank for card in state.storage[pile]]
    if not cards:
        return EMPTY_COST - 2 * wanted - LAST_TO_EMPTY * ends(state, rank)
    top = cards[-1]
    gaps = [then - here for foundation in range(len(state.finals))
            if (here := comes(state, foundation, rank)) is not None
            and (then := comes(state, foundation, top)) is not None and then > here]
    if gaps and min(gaps) <= NEIGHBOURS:
        return 3 * min(gaps) - NEIGHBOUR_BONUS + len(cards)
    under = ahead(state, top, tops[:pile].count(top))
    if under >= wanted:
        return FIT_COST + 2 * (under - wanted) + 2 * len(cards) + LAST_COVERED * ends(state, top)
    delay = blocked = 0
    above = -1
    for card in reversed(cards):
        here = ahead(state, card, 0)
        if wanted > max(here, above):
            delay += wanted - max(here, above)
            blocked += 1
        above = max(above, here)
    return MISFIT_COST + 3 * delay - 2 * blocked + len(cards)
