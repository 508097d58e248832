"""Playing one game to its end without a screen, for ``solitaire-tui play``.

Each game gets a small function that builds its first state and its player from
the command line's values; one loop plays any of them, and one report carries the
result as text lines and as JSON.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules import add_residue, hit_or_miss, one_handed, relay, sequence
from rules.cards import Card, format_cards
from rules.play import Rules, moves_of
from rules.strategies import add_residue as add_residue_players
from rules.strategies import sequence as sequence_players
from solitaire_tui.decks import Deck
from solitaire_tui.games import GAMES_BY_KEY

TITLES = {key: game.title for key, game in GAMES_BY_KEY.items()}


@dataclass
class Report:
    heading: str
    outcome: str
    data: dict[str, Any]
    moves: list[str] = field(default_factory=list)


def hit_or_miss_title(options: hit_or_miss.Options) -> str:
    """A game and its options as headings name them, for one game and for many."""
    return f"{TITLES['hit-or-miss']} ({options.variant}, {options.order.value} order)"


def relay_title(options: relay.Options) -> str:
    return f"{TITLES['relay']}, {options.players} players"


def sequence_title(strategies: Sequence[str]) -> str:
    return f"{TITLES['sequence']}, {' v '.join(strategies)} player{'s' * (len(strategies) > 1)}"


def add_residue_title(options: add_residue.Options, strategies: list[str]) -> str:
    return (f"{TITLES['add-residue']}, {options.players} players ({', '.join(strategies)}),"
            f" n = {options.n}")


def _plain(value: Any) -> Any:
    """JSON-ready form of rules values: cards as text, enums as their names."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def _play(
    rules: Rules[Any, Any],
    state: Any,
    choose: Callable[[Any], Any] | None,
    describe: Callable[[Any, Any, Any], str],
    log: bool,
) -> tuple[Any, list[str]]:
    lines = []
    before = state
    for move, after in moves_of(rules, state, choose):
        if log:
            lines.append(describe(before, move, after))
        before = after
    return before, lines


def _report(game: str, heading: str, outcome: str, options: Any, deck: Deck | None,
            result: Any, seed: int | None, moves: list[str]) -> Report:
    data: dict[str, Any] = {"game": game, "options": _plain(options)}
    if deck is not None:
        data |= {"deal": deck.deal, "deck": format_cards(deck.cards)}
    if seed is not None:
        data["seed"] = seed
    data["result"] = _plain(result)
    return Report(heading, outcome, data, moves)


def play_hit_or_miss(options: hit_or_miss.Options, deck: Deck, log: bool) -> Report:
    def describe(before: hit_or_miss.State, call: hit_or_miss.Call, _: object) -> str:
        assert before.top is not None
        card = before.top.glyph
        return f"pass {before.passes + 1:>3}  count {before.count:>2}  {card:>3}  {call.value}"

    state = hit_or_miss.new_game(options, deck.cards)
    end, lines = _play(hit_or_miss, state, None, describe, log)
    res = hit_or_miss.result(end)
    seed = options.seed if options.order is hit_or_miss.PassOrder.SHUFFLED else None
    heading = f"{hit_or_miss_title(options)}, {deck.label}"
    outcome = (
        f"{res.reason.capitalize()}. {res.cards_left} cards left after {res.passes} passes,"
        f" {res.strikes} strikes, {res.turns} cards turned."
    )
    return _report("hit-or-miss", heading, outcome, options, deck, res, seed, lines)


def play_relay(options: relay.Options, deck: Deck, log: bool) -> Report:
    def describe(before: relay.State, _: object, after: relay.State) -> str:
        cells = []
        for player, cards in enumerate(before.decks, 1):
            if not cards:
                cells.append(f"P{player} —")
            else:
                said = "hit" if after.passed[player - 1] else "miss"
                cells.append(f"P{player} {before.counts[player - 1]}:{cards[0].glyph} {said}")
        return f"round {after.rounds:>5}  " + "  ".join(cells)

    state = relay.new_game(options, deck.cards)
    end, lines = _play(relay, state, None, describe, log)
    res = relay.result(end)
    heading = f"{relay_title(options)}, {deck.label}"
    outcome = res.reason.capitalize() + "."
    if res.won:
        lasts = " ".join(card.glyph if card else "—" for card in res.last_hits)
        outcome += f" Last card each player matched: {lasts}."
    return _report("relay", heading, outcome, options, deck, res, None, lines)


def play_one_handed(deck: Deck, log: bool) -> Report:
    def describe(before: one_handed.State, move: one_handed.Move, _: object) -> str:
        return f"{format_cards(before.window, glyphs=True):<15} {move.value}"

    options = one_handed.Options()
    state = one_handed.new_game(options, deck.cards)
    end, lines = _play(one_handed, state, None, describe, log)
    res = one_handed.result(end)
    heading = f"{TITLES['one-handed']}, {deck.label}"
    left = f"{res.cards_left} card{'s' if res.cards_left != 1 else ''}"
    outcome = "Won: every card discarded." if res.won else f"Lost: {left} left in hand."
    return _report("one-handed", heading, outcome, options, deck, res, None, lines)


def sequence_move_text(before: sequence.State, move: sequence.Move, _: object = None) -> str:
    """A Sequence move with the card it moves, as ``play --moves`` and ``solve`` list them."""
    if isinstance(move, sequence.ToFinal) and move.source is not None:
        card = before.storage[move.source][-1]
    else:
        assert before.hand is not None
        card = before.hand
    return f"{card.glyph:>3}  {move}"


def play_sequence(deck: Deck, strategy: str, seed: int, log: bool) -> Report:
    options = sequence.Options()
    player = sequence_players.player(strategy, seed)
    state = sequence.new_game(options, deck.cards)
    end, lines = _play(sequence, state, player.choose, sequence_move_text, log)
    res = sequence.result(end)
    heading = f"{sequence_title([strategy])}, {deck.label}"
    outcome = (
        "Won: all 52 cards on the final piles." if res.won
        else f"Lost: {res.final_cards} of 52 cards on the final piles, no move left."
    )
    used_seed = seed if strategy == "random" else None
    data_options = {"strategy": strategy}
    return _report("sequence", heading, outcome, data_options, deck, res, used_seed, lines)


def play_add_residue(options: add_residue.Options, strategies: list[str], seed: int,
                     log: bool) -> Report:
    def describe(before: add_residue.State, move: add_residue.Move,
                 after: add_residue.State) -> str:
        scored = f"  scores {after.scores[before.to_move] - before.scores[before.to_move]}"
        return (f"P{before.to_move + 1} {move.pile.value} {move.number:>2}: m = {after.m}"
                + (scored if move.pile is add_residue.Pile.MOD else ""))

    players = add_residue_players.seated(strategies, seed, options)

    def choose(state: add_residue.State) -> add_residue.Move:
        return players[state.to_move].choose(state)

    end, lines = _play(add_residue, add_residue.new_game(options), choose, describe, log)
    res = add_residue.result(end)
    heading = add_residue_title(options, strategies)
    places = "; ".join(
        f"{score}: {', '.join(f'P{p + 1}' for p in seats)}" for score, seats in res.ranking()
    )
    winners = " and ".join(f"P{p + 1}" for p in res.winners)
    verb = "wins" if len(res.winners) == 1 else "share the win"
    outcome = f"{winners} {verb}. Scores, best first: {places}."
    data_options = _plain(options) | {"strategies": strategies}
    uses_random = "random" in strategies
    return _report("add-residue", heading, outcome, data_options, None, res,
                   seed if uses_random else None, lines)


def report_lines(report: Report) -> Iterator[str]:
    yield report.heading
    yield from report.moves
    yield report.outcome
