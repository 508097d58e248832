"""Compiled players of one's own (``COMPILED = True``): the numba view answers as the
plain one does, the same file plays the same games either way, and one that goes
wrong, or that numba cannot compile, is stopped in the plain player's sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.errors import IllegalMove, OptionsError
from rules.fast import batch
from rules.fast.sequence_own import BAD, HAND, PILES, CompiledView, _parsed, stacked
from rules.own_players import sequence as own
from rules.own_players.sequence import SequenceView
from solitaire_tui.own_players import files, running
from solitaire_tui.own_players.compiled import not_compiled
from solitaire_tui.own_players.playing import play_deal
from tests.support.players import EXAMPLES, RULES, game_of, reached, written

# A player in the typed subset whose every choice rests on the view's answers, so a
# difference in any of them shows as a different game.
ASKS_EVERYTHING = '''
COMPILED = True


def play(view):
    playable = view.playable()
    if len(playable) > 0:
        return playable[len(playable) - 1 - view.moves_made % len(playable)]
    score, best = -1000, 1
    for pile in (1, 2, 3, 4):
        here = view.cards_left % 7 + len(view.storage[pile - 1])
        top = view.top(pile)
        if top is not None:
            here -= 3 * view.to_come[int(top)] + len(view.fits(top))
            if view.wait(top, pile) is not None:
                here += view.wait(top, pile)
            for card in view.below(pile):
                here += card % 3
        later = view.needs(pile, 2)
        if later is not None and later == view.hand:
            here += 5
        if view.soonest(view.hand) is not None:
            here -= view.soonest(view.hand) * view.finals[pile - 1] % 4
        if here > score:
            score, best = here, pile
    return view.moves[len(view.moves) - 5 + best]
'''


@pytest.fixture(autouse=True)
def nothing_loaded() -> Iterator[None]:
    files.forget()
    yield
    files.forget()


def table_of(state: sq.State, deal: int, clairvoyant: bool = False) -> CompiledView:
    """The compiled view of ``state``, set field by field."""
    table = CompiledView(clairvoyant)
    hand = [] if state.hand is None else [state.hand.rank]
    table._deck = np.array(hand + [card.rank for card in state.deck], dtype=np.int64)
    table._dealt = 0
    cards = np.zeros((sq.PILES, 53), np.int64)
    for pile, stack in enumerate(state.storage):
        cards[pile, 1:len(stack) + 1] = [card.rank for card in stack]
    table._cards = cards
    table._heights = np.array([len(stack) for stack in state.storage], np.int64)
    table._placed = np.array([len(pile) for pile in state.finals], np.int64)
    left = np.zeros(14, np.int64)
    for card in state.deck:
        left[card.rank] += 1
    table._left = left
    table.deal, table.moves_made = deal, state.moves
    stacked(table)
    return table


@settings(max_examples=60, deadline=None)
@given(deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), moves=st.integers(0, 90))
@pytest.mark.slow
def test_the_compiled_view_answers_as_the_plain_one(deal: int, seed: int, moves: int) -> None:
    state = reached(deal, seed, moves)
    plain, table = SequenceView(state, deal, True), table_of(state, deal, True)
    assert table.hand == plain.hand and tuple(table.finals) == plain.finals
    assert tuple(tuple(cards.tolist()) for cards in table.storage) == plain.storage
    assert tuple(table.to_come.tolist()) == plain.to_come  # iterated, summed, indexed alike
    assert tuple(table.deck.tolist()) == plain.deck and table.cards_left == plain.cards_left
    assert tuple(table.moves) == plain.moves and tuple(table.playable()) == plain.playable()
    assert table_of(state, deal).deck is None and table.moves_made == plain.moves_made
    for pile in (1, 2, 3, 4):
        assert table.top(pile) == plain.top(pile)
        assert tuple(table.below(pile).tolist()) == plain.below(pile)
        for later in (-3, 0, 1, 5, 13, 20):
            assert table.needs(pile, later) == plain.needs(pile, later)
    for rank in [None, *range(1, 14)]:
        assert tuple(table.fits(rank)) == plain.fits(rank)
        if rank is not None:
            assert table.soonest(rank) == plain.soonest(rank)
            assert [table.wait(rank, pile) for pile in (1, 2, 3, 4)] == [
                plain.wait(rank, pile) for pile in (1, 2, 3, 4)]


def plain_move(state: sq.State, name: str) -> sq.Move | None:
    """The legal move ``name`` names to a plain player, None where it names none."""
    try:
        move = own.move_named(state, name)
    except IllegalMove:
        return None
    return move if move in sq.legal_moves(state) else None


def compiled_move(table: CompiledView, name: str) -> sq.Move | None:
    """The move ``name`` names to a compiled player, as ``plain_move`` gives it."""
    source, target = _parsed(table._deck, table._dealt, table._cards, table._heights,
                             table._placed, name)
    if source == BAD:
        return None
    if target >= PILES:
        return sq.ToStorage(target - PILES)
    return sq.ToFinal(None if source == HAND else source, target)


@settings(max_examples=80, deadline=None)
@given(deal=st.integers(0, 10**6), seed=st.integers(0, 10**6), moves=st.integers(0, 90),
       names=st.lists(st.text("fFsS12345 \n\tx", max_size=5), min_size=1, max_size=8))
@pytest.mark.slow
def test_a_name_means_the_same_move_compiled_and_plain(
        deal: int, seed: int, moves: int, names: list[str]) -> None:
    """Spaces anywhere and either case, as the players' guide says; nothing else."""
    state = reached(deal, seed, moves)
    table = table_of(state, deal)
    for name in [*names, *SequenceView(state, deal).moves]:
        assert compiled_move(table, name) == plain_move(state, name), repr(name)


@pytest.mark.parametrize("name", ["first_fit.py", "rules_of_thumb.py", "asks_everything.py"])
@pytest.mark.slow
def test_a_compiled_player_plays_the_games_it_plays_as_python(tmp_path: Path, name: str) -> None:
    path = EXAMPLES / name if name != "asks_everything.py" else written(
        tmp_path, ASKS_EVERYTHING, name)
    player = files.load(str(path), "sequence", RULES)
    assert player.compiled
    plain = np.array([play_deal(game_of(path), deal, None) for deal in range(900, 1300)])
    run = batch.run(running.kernel(player), 900, 400, 2)
    assert run.done == 400 and not run.cancelled and player.fault is None, player.fault
    assert run.tallies[0].wins == int(plain[:, 0].sum())
    assert np.array_equal(running.kernel(player).results(900, 400), plain)


# What goes wrong at move 3 of a deal, and the plain player's sentence for it: one file
# (so compiled once), a deal for each way.
WRONG = [
    ("'q'", "mine.py chose 'q' at move 3 of deal {deal}: 'q' names no move"),
    ("'s4'", "mine.py chose 's4' at move 3 of deal {deal}: storage pile 4 is empty"),
    ("None", "mine.py returned no move at move 3 of deal {deal}"),
    ("str(view.storage[3][-1])", "mine.py, line {line}, raised IndexError at move 3 of"
                                 " deal {deal}"),
    ("str(view.needs(7))", "mine.py, line {line}, raised IllegalMove at move 3 of deal"
                           " {deal}: there is no final pile 7"),
    ("str(10 // (view.moves_made - 2))", "mine.py, line {line}, raised ZeroDivisionError"),
]


@pytest.fixture(scope="module")
def goes_wrong(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ways = "".join(f"    if view.deal == {10 * way + 7} and view.moves_made == 2:\n"
                   f"        return {wrong}\n" for way, (wrong, _) in enumerate(WRONG))
    return written(tmp_path_factory.mktemp("wrong"),
                   f"COMPILED = True\n\n\ndef play(view):\n{ways}    return view.moves[0]\n")


@pytest.mark.parametrize("way", range(len(WRONG)))
@pytest.mark.slow
def test_a_compiled_player_that_goes_wrong_is_stopped_as_in_python(
        goes_wrong: Path, way: int) -> None:
    player = files.load(str(goes_wrong), "sequence", RULES)
    deal, said = 10 * way + 7, WRONG[way][1]
    run = batch.run(running.kernel(player), deal - 4, 10, 2)
    assert run.done == 4 and run.cancelled, player.fault
    assert player.fault is not None and player.fault.startswith(
        said.format(deal=deal, line=6 + 2 * way)), player.fault
    assert "\n" not in player.fault


@pytest.mark.slow
def test_a_compiled_move_that_never_ends_is_stopped_where_it_is(tmp_path: Path) -> None:
    path = written(tmp_path, "COMPILED = True\n\n\ndef play(view):\n    while view.deal == 5:"
                             "\n        pass\n    return view.moves[0]\n")
    player = files.load(str(path), "sequence", RULES)
    run = batch.run(running.kernel(player, 0.5), 2, 10, 2)
    assert run.done == 3 and run.cancelled
    assert player.fault is not None and player.fault.startswith(
        "mine.py, line 5, took longer than 0.5 s at move 1 of deal 5"), player.fault


@pytest.mark.slow
def test_what_numba_cannot_compile_is_named_with_its_line(tmp_path: Path) -> None:
    path = written(tmp_path, "COMPILED = True\n\n\ndef play(view):\n"
                             "    return view.random.choice(view.moves)\n")
    player = files.load(str(path), "sequence", RULES)
    run = batch.run(running.kernel(player), 0, 10, 1)
    assert run.done == 0
    assert player.fault is not None and re.match(
        r"mine\.py, line 5, is not in the compiled subset: .*random.* \(take out COMPILED"
        r" = True to play it as Python\)$", player.fault), player.fault


def test_numbas_refusal_reads_as_a_sentence() -> None:
    error = Exception("Failed in nopython mode pipeline (step: nopython frontend)\nUnknown"
                      " attribute 'x' of type instance.jitclass.CompiledView#7f<_deck:array>\n\n"
                      'File "/a/mine.py", line 4:\n<source elided>\nFile "/a/mine.py", line 9:')
    assert not_compiled(error, Path("/b/mine.py")) == (
        "mine.py, line 9, is not in the compiled subset: Unknown attribute 'x' of the view"
        " (take out COMPILED = True to play it as Python)")


def test_a_game_without_compiled_players_says_so(tmp_path: Path) -> None:
    path = written(tmp_path, "COMPILED = True\n\n\ndef play(view):\n    return view.moves[0]\n")
    with pytest.raises(OptionsError, match=re.escape(
            "mine.py sets COMPILED = True, but players of this game are not compiled yet")):
        files.load(str(path), "add-residue", "rules.own_players.add_residue")


def test_the_examples_are_short_and_the_players_guide_shows_one_whole() -> None:
    for example in EXAMPLES.glob("*.py"):
        assert len(example.read_text().splitlines()) < 25, example.name
    guide = (EXAMPLES.parents[1] / "docs" / "players.md").read_text()
    assert f"```python\n{(EXAMPLES / 'rules_of_thumb.py').read_text()}```" in guide


@pytest.mark.parametrize(("numba_says", "said"), [
    ("The use of yield in a closure is unsupported.", "a generator expression"),
    ("No implementation of function Function(<built-in function min>) found for signature:"
     "\n >>> min(list(unicode_type), …)", "min takes numbers here, without key="),
    ("Cannot unify Literal[int](1) and Literal[str](1) for 'v.2'", "a variable holds values"),
])
def test_numbas_usual_refusals_are_said_plainly(numba_says: str, said: str) -> None:
    sentence = not_compiled(Exception(f"Failed in nopython mode pipeline\n{numba_says}\n"
                                      'File "mine.py", line 3:'), Path("mine.py"))
    assert sentence.startswith(f"mine.py, line 3, is not in the compiled subset: {said}")
