"""The Calculation family as data (``rules.calculation``): the shipped descriptions,
the rules that play them on hand-built decks, the described Sequence Solitaire move
for move as the suite's own, and description files read as hostile input."""

from __future__ import annotations

from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import sequence as sq
from rules.calculation import game as calc
from rules.calculation.description import (
    LARGEST_FILE,
    MOST_FOUNDATIONS,
    Description,
    DescriptionError,
    parse,
)
from rules.cards import Card, deal_cards
from rules.errors import IllegalMove
from rules.players import RandomPlayer
from rules.players import calculation as family
from rules.players.sequence import GreedyPlayer
from tests.support.decks import ranks

pytestmark = pytest.mark.engine_free

SHIPPED = {path.name.removesuffix(".toml"): parse(path.read_text(encoding="utf-8"))
           for path in resources.files("rules.calculation").joinpath("games").iterdir()
           if path.name.endswith(".toml")}


def test_the_shipped_games_are_described_with_their_rules_in_words() -> None:
    assert set(SHIPPED) == {"sequence", "calculation", "hopscotch", "betsy_ross"}
    for stem, description in SHIPPED.items():
        assert description.key == stem.replace("_", "-")
        assert len(description.rules.split()) > 40  # the rules in words for its ? page


# --- the described Sequence Solitaire is the suite's own ------------------------------

@pytest.mark.slow
def test_the_described_sequence_lists_and_plays_the_moves_the_suites_own_does() -> None:
    """On numbered deals, by the greedy player and a seeded random one: at every move
    the same legal moves in the same order, the same move made, the same result."""
    described = SHIPPED["sequence"]
    for deal in range(1_000):
        deck = deal_cards(deal)
        for player in (GreedyPlayer(), RandomPlayer(sq.legal_moves, deal)):
            own, other = sq.new_game(sq.Options(), deck), calc.new_game(described, deck)
            while not sq.is_over(own):
                listed = [str(move) for move in sq.legal_moves(own)]
                others = calc.legal_moves(other)  # listed once, not twice a move
                assert [str(move) for move in others] == listed, deal
                move = player.choose(own)
                if isinstance(player, GreedyPlayer):  # and the family's greedy as the suite's
                    assert str(family.GreedyPlayer().choose(other)) == str(move)
                own = sq.apply(own, move)
                other = calc.apply(other, others[listed.index(str(move))])
            assert calc.is_over(other)
            assert calc.result(other) == calc.Result(*vars(sq.result(own)).values())


# --- Calculation and Hopscotch on hand-built decks -----------------------------------

def in_building_order(description: Description, deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """``deck``'s cards after the bases, reordered so that each turned card fits a
    foundation at once, pile after pile."""
    state = calc.new_game(description, deck)
    left = [*state.waste, *state.stock]
    order = []
    for pile, foundation in enumerate(description.foundations):
        for index in range(len(state.finals[pile]), foundation.length):
            card = next(card for card in left if card.rank == foundation.rank(index))
            left.remove(card)
            order.append(card)
    return tuple(order)


@pytest.mark.parametrize("key", ["calculation", "hopscotch"])
def test_calculation_puts_out_its_bases_and_wins_a_deck_turned_in_building_order(
        key: str) -> None:
    description = SHIPPED[key]
    deck = deal_cards(7)
    state = calc.new_game(description, deck)
    assert [[card.rank for card in pile] for pile in state.finals] == [[1], [2], [3], [4]]
    assert len(state.stock) + len(state.waste) == 48
    bases = [pile[0] for pile in state.finals]
    if description.bases == "one suit":  # Hopscotch: the first ace's suit, all four
        first_ace = next(card for card in deck if card.rank == 1)
        assert {card.suit for card in bases} == {first_ace.suit}
    else:  # the first card of each rank the deal brings
        assert bases == [next(card for card in deck if card.rank == rank) for rank in (1, 2, 3, 4)]
    order = in_building_order(description, deck)
    state = calc.new_game(description, (*bases, *order))
    while not calc.is_over(state):
        (move, *_) = calc.legal_moves(state)
        assert isinstance(move, calc.ToFinal)
        state = calc.apply(state, move)
    assert calc.result(state) == calc.Result(won=True, final_cards=52, moves=48)


def test_a_storage_pile_takes_the_turned_card_and_gives_only_its_top_to_a_foundation(
        ) -> None:
    description = SHIPPED["calculation"]
    # Bases A 2 3 4 put out; then a king, an eight and a six are turned.
    state = calc.new_game(description, ranks(1, 2, 3, 4, 13, 8, 6, *[7] * 4))
    assert calc.legal_moves(state) == tuple(calc.ToStorage(pile) for pile in range(4))
    state = calc.apply(state, calc.ToStorage(0))  # the king waits on storage pile 1
    assert calc.ToFinal(None, 0) not in calc.legal_moves(state)
    with pytest.raises(IllegalMove, match="final pile 1 takes a 2 next, not 8"):
        calc.apply(state, calc.ToFinal(None, 0))
    assert calc.legal_moves(state)[:1] == (calc.ToFinal(None, 3),)  # the 8 on the 4: 4 8 Q
    state = calc.apply(state, calc.ToFinal(None, 3))
    assert calc.ToFinal(0, 3) not in calc.legal_moves(state)  # the king waits for its turn
    with pytest.raises(IllegalMove, match="turned card must be placed first"):
        calc.apply(state, calc.TURN)


def test_the_card_a_move_takes_and_the_foundations_it_fits_or_why_there_is_none(
        ) -> None:
    # Calculation's bases A 2 3 4; a 6 turned fits foundation 3 (3 6 9) alone; then a
    # 4 kept on storage pile 2 (foundation 2 takes it: 2 4 6), and an 8 for 4 (4 8 Q).
    state = calc.new_game(SHIPPED["calculation"], ranks(1, 2, 3, 4, 6, 4, 8, *[13] * 4))
    assert calc.card_at(state, None).rank == 6 and calc.fitting_piles(state, Card(6)) == (2,)
    with pytest.raises(IllegalMove, match="storage pile 2 is empty"):
        calc.card_at(state, 1)
    with pytest.raises(IllegalMove, match=r"no storage pile 5: they are numbered 1\.\.4"):
        calc.card_at(state, 4)
    state = calc.apply(calc.apply(state, calc.ToFinal(None, 2)), calc.ToStorage(1))
    assert calc.card_moved(state, calc.ToFinal(1, 1)).rank == 4
    assert calc.fitting_piles(state, calc.card_at(state, None)) == (3,)
    with pytest.raises(IllegalMove, match="final pile 1 takes a 2 next, not 8"):
        calc.apply(state, calc.ToFinal(None, 0))
    # Betsy Ross before its first turn: no hand card, and no storage piles at all.
    betsy = calc.new_game(SHIPPED["betsy_ross"], deal_cards(3))
    with pytest.raises(IllegalMove, match="no hand card: turn one from the stock"):
        calc.card_at(betsy, None)
    with pytest.raises(IllegalMove, match="no storage pile 1: this game has none"):
        calc.card_at(betsy, 0)


# --- Betsy Ross: a waste pile, three passes ------------------------------------------

def test_betsy_ross_turns_onto_its_waste_and_turns_it_over_twice() -> None:
    description = SHIPPED["betsy_ross"]
    state = calc.new_game(description, deal_cards(3))
    assert [pile[0].rank for pile in state.finals] == [1, 2, 3, 4, 2, 4, 6, 8]
    assert state.hand is None and len(state.stock) == 44
    assert calc.legal_moves(state) == (calc.TURN,)
    turns = 0
    while calc.TURN in calc.legal_moves(state):  # only turning: every card passes by
        state = calc.apply(state, calc.TURN)
        turns += 1
    assert turns == 3 * 44 + 2  # 44 a pass, and the waste turned over twice
    assert state.passes == 3 and not state.stock and len(state.waste) == 44
    assert calc.is_over(state) != any(isinstance(move, calc.ToFinal)
                                      for move in calc.legal_moves(state))


def test_betsy_ross_single_foundations_are_complete_with_their_base() -> None:
    description = SHIPPED["betsy_ross"]
    state = calc.new_game(description, deal_cards(11))
    assert [calc.needs(state, pile) for pile in range(8)] == [None] * 4 + [3, 6, 9, 12]
    order = in_building_order(description, deal_cards(11))
    bases = tuple(pile[0] for pile in state.finals)
    state = calc.new_game(description, (*bases, *order))
    while not calc.is_over(state):
        state = calc.apply(state, calc.legal_moves(state)[0])  # plays before turning
    assert calc.result(state) == calc.Result(won=True, final_cards=52, moves=88)


@pytest.mark.parametrize("key", ["calculation", "betsy_ross"])
def test_the_greedy_player_builds_before_it_stores_or_turns(key: str) -> None:
    description, player = SHIPPED[key], family.GreedyPlayer()
    for deal in range(50):
        state = calc.new_game(description, deal_cards(deal))
        while not calc.is_over(state):
            moves, move = calc.legal_moves(state), player.choose(state)
            assert move in moves
            builds = [one for one in moves if isinstance(one, calc.ToFinal)]
            assert move == (builds[0] if builds else move)
            if isinstance(move, calc.ToStorage):
                heights = [len(pile) for pile in state.storage]
                assert heights[move.pile] == min(heights)
            state = calc.apply(state, move)


# --- what holds whatever the deal and the play ---------------------------------------

@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SHIPPED)), st.integers(0, 2**64 - 1), st.integers(0, 2**32))
def test_no_card_is_lost_and_foundations_follow_their_steps(key: str, deal: int,
                                                            seed: int) -> None:
    description = SHIPPED[key]
    state = calc.new_game(description, deal_cards(deal))
    player = RandomPlayer(calc.legal_moves, seed)
    moves = 0
    while not calc.is_over(state):
        state = calc.apply(state, player.choose(state))
        moves += 1
        piles = [*state.finals, *state.storage, state.waste, state.stock]
        assert sorted(card for pile in piles for card in pile) == sorted(deal_cards(deal))
    assert state.moves == moves <= (2 + description.passes) * 52  # turned, stored, built
    for pile, foundation in zip(state.finals, description.foundations, strict=True):
        assert [card.rank for card in pile] == [foundation.rank(i) for i in range(len(pile))]
    assert calc.result(state).won == (state.final_cards == 52)


# --- description files as hostile input ----------------------------------------------

SEQUENCE_TEXT = resources.files("rules.calculation").joinpath(
    "games", "sequence.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("change", "said"), [
    (("base = 1\n", "base = 0\n"), "foundation[1].base: 0 is not a whole number from 1 to 13"),
    (("step = 2\n", "step = 13\n"), "foundation[2].step: 13 is not a whole number from 1 to 12"),
    (("step = 3\n", "step = true\n"), "foundation[3].step: True is not a whole number"),
    (("step = 4\n", 'step = "4"\n'), "foundation[4].step: '4' is not a whole number"),
    (("step = 4\n", "step = 4\nlength = 12\n"), "foundation: their lengths add to 51, not to"),
    (("step = 4\n", "step = 4\nsuit = 1\n"), "foundation[4].suit: not a field of a"),
    (("step = 4\n", "step = 4\ndealt = 1\n"), "foundation[4].dealt: 1 is not true or false"),
    (("piles = 4\n", "piles = 0\n"), "storage.piles: with no waste pile"),
    (("piles = 4\n", "piles = 99\n"), "storage.piles: 99 is not a whole number from 0 to 8"),
    (("passes = 1\n", "passes = 3\n"), "stock.waste: more than one pass"),
    (("passes = 1\n", 'passes = 1\nbases = "spades"\n'), "stock.bases: 'spades' is not one of"),
    (('key = "sequence"', 'key = "../../etc"'), "key: '../../etc' is not 2 to 30 small"),
    (('key = "sequence"\n', ""), "key: give it as text in quotes"),
    (('name = "Sequence Solitaire"', 'name = "x\\u001b[2J"'), "name: holds characters that"),
    (('name = "Sequence Solitaire"', f'name = "{"n" * 41}"'), "name: longer than 40"),
    (("[storage]", "[storage]\nexec = 'rm -rf /'"), "storage.exec: not a field"),
    (("[storage]", "[storage]\n[storage.x]"), "storage.x: not a field"),
    (("key =", "key = = "), "the file is not TOML"),
])
def test_a_mistake_is_one_sentence_that_names_its_field(change: tuple[str, str],
                                                        said: str) -> None:
    old, new = change
    assert old in SEQUENCE_TEXT
    with pytest.raises(DescriptionError) as raised:
        parse(SEQUENCE_TEXT.replace(old, new, 1))
    assert str(raised.value).startswith(said)
    assert "\n" not in str(raised.value)


def test_a_file_too_long_is_refused_unread() -> None:
    with pytest.raises(DescriptionError, match="longer than 16,384 characters"):
        parse(SEQUENCE_TEXT + "#" * LARGEST_FILE)


@pytest.mark.parametrize(("text", "said"), [
    ("[[foundation]]\nbase = 1\nstep = 1\nlength = 1\n" * (MOST_FOUNDATIONS + 1),
     f"foundation: give 1 to {MOST_FOUNDATIONS}"),
    ("foundation = 3\n", f"foundation: give 1 to {MOST_FOUNDATIONS} [[foundation]] tables"),
    ("stock = 3\n[[foundation]]\nbase = 1\nstep = 1\n", "stock: give it as a [stock] table"),
    ("foundation = [3]\n", "foundation[1]: a foundation is a table"),
    ("[[foundation]]\nbase = 1\nstep = 1\n" * 3 + "[[foundation]]\nbase = 12\nstep = 1\n"
     "length = 1\n" + "[[foundation]]\nbase = 1\nstep = 1\nlength = 12\n",
     "foundation: they take 5 cards of rank 12, and a deck has 4"),
    ("[[foundation]]\nbase = 2\nstep = 1\nlength = 1\ndealt = true\n"
     "[[foundation]]\nbase = 2\nstep = 1\nlength = 1\ndealt = true\n"
     "[[foundation]]\nbase = 2\nstep = 1\nlength = 1\n"
     "[[foundation]]\nbase = 2\nstep = 1\nlength = 1\n"
     "[[foundation]]\nbase = 3\nstep = 1\nlength = 12\n"
     "[[foundation]]\nbase = 3\nstep = 1\nlength = 12\n"
     "[[foundation]]\nbase = 3\nstep = 1\nlength = 12\n"
     "[[foundation]]\nbase = 3\nstep = 1\nlength = 12\n"
     '[stock]\nwaste = true\nbases = "one suit"\n',
     'stock.bases: "one suit" has one card of rank 2, and two foundations put one out'),
])
def test_whole_files_wrong(text: str, said: str) -> None:
    with pytest.raises(DescriptionError) as raised:
        parse('key = "wrong"\nname = "Wrong"\n' + text)
    assert str(raised.value).startswith(said)
