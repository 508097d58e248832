"""Sequence Solitaire played by keys and by mouse, checked against the rules module."""

from __future__ import annotations

import asyncio
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from rules import sequence
from rules.cards import Card
from rules.fast.sequence_solver import solve
from rules.play import final_state, moves_of
from rules.players.sequence import player
from rules.sequence import Move, State, ToFinal, ToStorage
from solitaire_tui.decks import numbered
from solitaire_tui.games.family.widgets import StoragePile, StorageTable
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.games.sequence.moves import describe, keys_for
from solitaire_tui.games.sequence.play import SequenceTable
from solitaire_tui.games.sequence.screen import SequenceScreen
from solitaire_tui.messages import OpenReplay
from solitaire_tui.play.hints import Search
from solitaire_tui.start import Start
from solitaire_tui.widgets.cards import CardView
from tests.support.pilots import (
    SIZE,
    auto_play_to_end,
    finish_by_key,
    footer_keys,
    press_busy,
    reviewed,
    saved,
    saved_record,
    settle,
    sign,
    text_of,
    until,
    walk_back_and_forth,
)

GREEDY = player("greedy", 0)
LOST, WON = 3, 11  # deals the greedy player loses (24 cards home) and wins
HAND_CHOICE = (3, 5)  # deal 3, move 5: the hand card fits two final piles
STORAGE_CHOICE = (5, 39)  # deal 5, move 39: a storage top fits two final piles


def message(screen: SequenceScreen) -> str:
    return str(screen.query_one("#message").render())


async def opened(pilot: Pilot[None]) -> SequenceScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SequenceScreen)
    return screen


async def play_greedy(pilot: Pilot[None], screen: SequenceScreen, moves: int) -> None:
    """Play the greedy player's next ``moves`` moves by keys, each one checked."""
    for _ in range(moves):
        move = GREEDY.choose(screen.session.state)
        await pilot.press(*keys_for(screen.session.state, move))
        assert screen.session.moves[-1] == move


def fits(screen: SequenceScreen, move: Move) -> tuple[int, ...]:
    state = screen.session.state
    assert isinstance(move, ToFinal)
    card = state.hand if move.source is None else state.storage[move.source][-1]
    assert card is not None
    return sequence.fitting_piles(state, card)


@pytest.mark.slow
async def test_a_whole_deal_played_by_keys_ends_as_the_rules_say(
    make_app: Any, data_path: Path
) -> None:
    end = final_state(sequence, sequence.new_game(sequence.Options(), numbered(LOST).cards),
                      GREEDY.choose)
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, end.moves)
        await pilot.pause()
        assert screen.session.is_over
        assert screen.session.state == end
        banner = str(screen.query_one("#banner").render())
        assert "GAME OVER" in banner
        assert f"no move left, with {end.final_cards} of 52 cards" in banner.lower()
        assert f"final {end.final_cards}/52" in str(screen.query_one("#status").render())
        assert not screen.check_action("hand_to_final", ())
    record = saved_record(data_path, "sequence", "standard")
    assert (record.played, record.won) == (1, 0)
    (row,) = saved(data_path)
    assert (row["how"], row["score"]) == ("player", end.final_cards)


@pytest.mark.slow
async def test_the_screen_asks_which_final_pile_when_several_fit(make_app: Any) -> None:
    deal, at = HAND_CHOICE
    app = make_app(Start("sequence", numbered(deal)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, at)
        before = screen.session.state
        move = GREEDY.choose(before)
        assert isinstance(move, ToFinal) and move.source is None
        assert len(fits(screen, move)) > 1
        await pilot.press("f")
        assert "Which final pile? 1–4, esc cancels" in message(screen)
        assert screen.query_one("#hand CardView", CardView).has_class("-chosen")
        await pilot.press("escape")  # cancels the question, stays on the game
        assert app.screen is screen
        assert screen.session.state == before
        assert "Which" not in message(screen)
        assert not screen.query_one("#hand CardView", CardView).has_class("-chosen")
        await pilot.press("f", str(move.pile + 1))
        assert screen.session.moves[-1] == move


@pytest.mark.slow
async def test_a_storage_card_that_fits_several_piles_asks_too(make_app: Any) -> None:
    deal, at = STORAGE_CHOICE
    app = make_app(Start("sequence", numbered(deal)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, at)
        move = GREEDY.choose(screen.session.state)
        assert isinstance(move, ToFinal) and move.source is not None
        assert len(fits(screen, move)) > 1
        await pilot.press("s")
        assert "From which storage pile?" in message(screen)
        await pilot.press(str(move.source + 1))
        assert "Which final pile?" in message(screen)
        assert screen.query_one(f"#storage-{move.source + 1}").has_class("-chosen")
        await pilot.press(str(move.pile + 1))
        assert screen.session.moves[-1] == move


@pytest.mark.slow
async def test_an_illegal_move_is_explained_and_not_applied(make_app: Any) -> None:
    deal, at = HAND_CHOICE
    app = make_app(Start("sequence", numbered(deal)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, at)
        before = screen.session.state
        wrong = next(pile for pile in range(4)
                     if pile not in fits(screen, GREEDY.choose(before)))
        await pilot.press("f", str(wrong + 1))
        assert f"final pile {wrong + 1} takes a" in message(screen).lower()
        assert screen.query_one("#message").has_class("-error")
        assert screen.session.state == before
        assert len(screen.session.moves) == at
        # The question stays: the next digit, meant for it, does not store the card.
        assert "Which final pile?" in message(screen)
        move = GREEDY.choose(before)
        assert isinstance(move, ToFinal)
        await pilot.press(str(move.pile + 1))
        assert screen.session.moves[-1] == move


async def test_a_card_that_fits_nowhere_is_explained(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("1", "1")  # 4♦, then Q♠ on top of it, on storage pile 1
        state = screen.session.state
        assert state.storage[0] and state.hand is not None
        assert not sequence.fitting_piles(state, state.storage[0][-1])
        await pilot.press("s", "1")
        assert "fits no final pile" in message(screen)
        # The question stays open: the next digit answers it, and stores nothing.
        assert "From which storage pile?" in message(screen)
        await pilot.press("2")
        assert "storage pile 2 is empty" in message(screen).lower()
        assert "From which storage pile?" in message(screen)
        assert screen.session.state == state
        await pilot.press("escape", "2")  # the question let go, 2 stores the hand card
        assert screen.session.moves[-1] == ToStorage(1)


@pytest.mark.slow
async def test_undo_and_redo_walk_the_same_states(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        seen = [screen.session.state]
        for _ in range(12):
            await play_greedy(pilot, screen, 1)
            seen.append(screen.session.state)
        await walk_back_and_forth(pilot, screen, seen)
        await pilot.press("u", "u", "4")  # a new move after undo drops the redo
        assert screen.session.moves[-1] == ToStorage(3)
        assert not screen.session.can_redo


async def test_the_hint_is_the_fair_players_move(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, 6)
        state = screen.session.state
        await pilot.press("h")
        await settle(app, pilot)
        move = player("fair", LOST).choose(state)
        assert message(screen) == f"Hint: {screen.table.describe(screen.session.state, move)}."


async def test_a_guest_s_hint_waits_its_turn_beside_a_run_and_says_so(
        data_path: Path) -> None:
    """A guest of ``serve`` (``Limits.serial``): a hint asked while a run's chunk holds
    the engine waits for it, saying why, then comes as the owner's would."""
    from rules.fast.batch import ENGINE
    from solitaire_tui.app import SolitaireApp
    from solitaire_tui.stats import limits
    from solitaire_tui.ui.thinking import WAITING

    app = SolitaireApp(data=data_path, start=Start("sequence", numbered(LOST)),
                       limits=limits.guest(1, 1000))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, 6)
        state = screen.session.state
        ENGINE.acquire()
        try:
            await pilot.press("h")
            await until(pilot, lambda: message(screen) == WAITING)
        finally:
            ENGINE.release()
        await settle(app, pilot)
        move = player("fair", LOST).choose(state)
        assert message(screen) == f"Hint: {screen.table.describe(screen.session.state, move)}."


async def test_hint_and_auto_play_follow_the_quick_helper_to_the_end(
    make_app: Any, data_path: Path
) -> None:
    start = sequence.new_game(sequence.Options(), numbered(WON).cards)
    quick = player("quick", WON)
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "enter")  # fair → quick
        assert "Helper for hints and auto play: quick" in message(screen)
        await pilot.press("h")
        await settle(app, pilot)
        hinted = screen.table.describe(start, quick.choose(start))
        assert message(screen) == f"Hint: {hinted}."
        await auto_play_to_end(pilot, screen)
        end = final_state(sequence, start, quick.choose)
        assert screen.session.state == end
    # The helper's game counts, its win apart: not the player's own.
    record = saved_record(data_path, "sequence", "standard")
    assert (record.played, record.won, record.helped) == (1, 1, 1)
    assert [(row["how"], row["counts"]) for row in saved(data_path)] == [("auto", 1)]


@pytest.mark.slow
async def test_p_asks_who_helps_and_says_what_peeking_costs(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p")
        dialog = app.screen
        assert dialog is not screen
        assert "counts toward no record" in " ".join(
            str(label.render()) for label in dialog.query("Label"))
        await pilot.press("down", "down", "escape")  # esc keeps the helper
        assert app.screen is screen and screen.table.helper == "fair"
        assert screen.table.uncounted is None
        await pilot.press("p", "down", "down", "enter")
        assert screen.table.helper == "peek" and screen.table.uncounted == "You peeked"
        assert "This game now counts toward no record" in message(screen)
        # Said from then on, not only at the end.
        assert text_of(screen, "#status").endswith("· no record")


@pytest.mark.slow
async def test_a_peek_after_a_loss_leaves_the_loss_recorded_and_says_so(
        make_app: Any, data_path: Path) -> None:
    """Every card to storage pile 1, a loss recorded; then peek: the banner still says
    the record the loss made (it said "No record: you peeked." over a counted loss),
    and the words say the deal played again counts toward no record, as it does."""
    app = make_app(Start("sequence", numbered(78459899)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press(*"1" * 52)  # this deal's every card: over, none on a final pile
        banner = text_of(screen, "#banner")
        assert "GAME OVER" in banner and "Played 1, won 0" in banner
        await pilot.press("p", "down", "down", "enter")
        assert screen.table.helper == "peek" and screen.table.uncounted is None
        assert text_of(screen, "#banner") == banner
        assert "The game over stays recorded as played" in message(screen)
        assert "no record" not in text_of(screen, "#status")
        await pilot.press("r")
        await settle(app, pilot)
        assert screen.table.uncounted == "You peeked"
    assert [(row["won"], row["counts"]) for row in saved(data_path)] == [(0, 1)]


@pytest.mark.slow
async def test_a_new_deal_is_not_peeked_at_and_says_so(make_app: Any) -> None:
    """Peek chosen for one deal used to void the next ones unseen, even after a
    switch back to fair before any move: a new deal starts with the fair player. The
    deal peeked at, played again (r), starts with the fair player too, but still
    counts toward no record: the solver has shown how it goes."""
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "down", "enter")  # fair → peek
        assert screen.table.peeked
        await pilot.press("n")
        await settle(app, pilot)
        table = screen.table
        assert table.helper == "fair" and not table.peeked and table.uncounted is None
        assert "Peek is off for this game (fair helps); " in message(screen)
        assert "no record" not in text_of(screen, "#status")
        await pilot.press("p", "down", "down", "enter", "r")  # r: the same deal again
        await settle(app, pilot)
        assert screen.table.helper == "fair" and screen.table.peeked
        assert screen.table.uncounted == "You peeked"
        assert message(screen).startswith("The same deal, from the start. Peek is off for"
                                          " this game (fair helps); you peeked at this deal,"
                                          " so it still counts toward no record")
        await pilot.press("n")  # another deal counts again
        await settle(app, pilot)
        assert not screen.table.peeked and screen.table.uncounted is None


@pytest.mark.slow
async def test_an_arrow_and_enter_typed_together_choose_what_the_arrow_chose(
        make_app: Any) -> None:
    """Keys sent at once, as a terminal sends them typed fast: the dialog read the
    choice before the arrow's had reached its radio set, and kept the old helper."""
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        for keys, helper in ((("down", "enter"), "quick"), (("down", "down", "enter"), "fair"),
                             (("up", "enter"), "peek")):
            await pilot.press("p")
            press_busy(pilot, *keys)
            await until(pilot, lambda: app.screen is screen, 10)
            assert screen.table.helper == helper, keys


@pytest.mark.slow
async def test_e_plays_the_fair_players_game_to_the_end_worked_out_in_the_background(
    make_app: Any, data_path: Path
) -> None:
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, 2)
        line = list(moves_of(sequence, screen.session.state, player("fair", WON).choose))
        assert sequence.is_won(line[-1][1])  # the fair player wins this deal from here
        await finish_by_key(pilot, screen, line)
        assert text_of(screen, "#banner").startswith("WON  All 52 cards are on the final piles")
    (row,) = saved(data_path)
    assert (row["how"], row["won"], row["counts"]) == ("auto", 1, 1)


@pytest.mark.slow
async def test_a_slow_finish_shows_its_progress_and_stops_where_it_was(
    make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The helper is held after two moves of the finish, until the test lets it go:
    the finish is under way long enough to show its progress, and esc, or e again,
    stops it with the position as it was, even once the held move comes."""
    held = threading.Event()
    hint = SequenceTable._hint

    def slow_hint(table: SequenceTable, state: State, search: Search) -> Move | None:
        if state.moves >= 5:
            held.wait(10)
        return hint(table, state, search)

    monkeypatch.setattr(SequenceTable, "_hint", slow_hint)
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, 3)
        state, moves = screen.session.state, list(screen.session.moves)
        for stop in ("escape", "e"):
            await pilot.press("e")
            assert screen.check_action("undo", ()) is None  # shown, not to be used now
            await until(pilot, lambda: sign(screen) is not None, seconds=5)
            assert sign(screen) == "▶ finishing… 2 moves · e or esc stops"
            shown = footer_keys(screen)  # esc stops, as the sign says
            assert "escape" in shown
            assert screen.active_bindings["escape"].binding.description == "Stop"
            await pilot.pause()
            assert sign(screen) in text_of(screen, "#status")  # the words whole
            await pilot.press(stop)
            assert sign(screen) is None
            assert message(screen) == "Finishing stopped: the position is as it was."
            assert app.screen is screen  # esc stopped the finish, and left the game open
            assert screen.session.state is state and list(screen.session.moves) == moves
        held.set()
        await settle(app, pilot)
        assert screen.session.state is state and list(screen.session.moves) == moves
        assert screen.check_action("undo", ())


@pytest.mark.slow
async def test_peek_follows_the_solvers_line_to_a_win_that_is_not_recorded(
    make_app: Any, data_path: Path
) -> None:
    start = sequence.new_game(sequence.Options(), numbered(LOST).cards)
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "down", "enter")  # fair → peek
        assert "looks at the hidden cards" in message(screen)
        await settle(app, pilot)
        peek = text_of(screen, "#peek")
        assert "Peek (it looks at the hidden cards)" in peek
        solution = solve(start)
        assert solution.verdict == "won"  # the greedy player loses this deal; it can be won
        assert (f"winnable: the solver found a winning line from here"
                f" ({len(solution.moves)} moves; not the shortest)") in peek
        await auto_play_to_end(pilot, screen)
        assert sequence.is_won(screen.session.state)
        assert "No record: you peeked." in text_of(screen, "#banner")
    (row,) = saved(data_path)  # kept, but counted toward no record
    assert (row["won"], row["counts"], row["how"]) == (1, 0, "auto")
    assert saved_record(data_path, "sequence", "standard").played == 0


@pytest.mark.slow
async def test_peek_says_when_a_position_is_lost(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await play_greedy(pilot, screen, 45)  # of its 56 moves: past saving
        assert solve(screen.session.state).verdict == "lost"
        await pilot.press("p", "down", "down", "enter")  # fair → peek
        await settle(app, pilot)
        assert "lost: no line wins from here" in text_of(screen, "#peek")


@pytest.mark.slow
async def test_mouse_picks_a_card_then_where_it_goes(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.click("#final-1")  # a target before a card
        assert "choose a card first" in message(screen).lower()
        await pilot.click("#hand")
        assert screen.query_one("#hand CardView").has_class("-chosen")
        await pilot.click("#storage-2")
        assert screen.session.moves == [ToStorage(1)]
        assert not screen.query_one("#hand CardView").has_class("-chosen")

        await pilot.click("#storage-2")  # the 4♦ fits final pile 4 alone
        assert screen.query_one("#storage-2").has_class("-chosen")
        await pilot.click("#storage-1")  # storage to storage is no move
        assert "only to a final pile" in message(screen)
        await pilot.click("#final-1")  # the rules explain a wrong pile
        assert "final pile 1 takes a" in message(screen).lower()
        assert len(screen.session.moves) == 1
        await pilot.click("#final-4")
        assert screen.session.moves[-1] == ToFinal(1, 3)
        assert not screen.query_one("#storage-2").has_class("-chosen")

        await pilot.click("#hand")
        await pilot.press("escape")  # lets the card go, stays on the game
        assert app.screen is screen
        assert not screen.query_one("#hand CardView").has_class("-chosen")


@pytest.mark.slow
async def test_a_long_storage_pile_wraps_and_is_framed_when_there_is_room(
    make_app: Any
) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(pilot)
        await pilot.press(*"1" * 15)
        cards = screen.session.state.storage[0]
        assert len(cards) == 15
        table = screen.query_one(StorageTable)
        pile = screen.query_one("#storage-1", StoragePile)
        assert not table.has_class("-tall")
        assert pile.region.height == 2  # one line of cards, wrapped once
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert table.has_class("-tall")
        assert pile.region.height == 6  # two rows of framed cards
        drawn = str(pile.render())
        assert all(card.glyph in drawn for card in cards)


@pytest.mark.slow
async def test_a_replay_shows_at_once_and_fills_in_its_line(make_app: Any) -> None:
    """The fair player's whole game takes a while to work out (and loads the compiled
    player the first time): the replay opens on the deal's first position at once,
    says so, and the line comes in behind it."""
    game = GAMES_BY_KEY["sequence"]
    replay = game.replay(game.setup({"strategies": ["fair"]}), 0, WON)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(OpenReplay(replay))
        # Not pilot.pause(): it waits until the process is idle, so for the line too.
        for _ in range(500):  # up to 5 s for the screen to open
            if isinstance(app.screen, SequenceScreen) and "Replay" in message(app.screen):
                break
            await asyncio.sleep(0.01)
        screen = app.screen
        assert isinstance(screen, SequenceScreen)
        assert "working out the game" in message(screen)
        assert screen.session.state == screen.session.start
        assert screen.check_action("redo", ()) is None  # shown, not yet to be used
        await until(pilot, lambda: screen.session.can_redo)
        assert "U steps forward" in message(screen)
        while screen.session.redo():
            pass
        assert screen.session.state == final_state(sequence, screen.session.start,
                                                   player("fair", WON).choose)


@pytest.mark.slow
async def test_a_long_peek_shows_its_search_and_a_new_deal_stops_it(make_app: Any) -> None:
    """Deal 2264 takes the solver its whole budget (it is undecided after 20 million
    positions): the peek line counts the positions searched as it goes, and a new
    deal stops the search (a stopped answer is not kept as the deal's). The budget
    here is far more than the default, so that the search is still going when the
    test looks, however fast the machine."""
    app = make_app(Start("sequence", numbered(2264)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        screen.table.peek.max_nodes = 10_000_000
        await pilot.press("p", "down", "down", "enter")  # fair → peek
        await until(pilot, lambda: "searching…" in text_of(screen, "#peek"), 60)
        assert "of 10,000,000 positions" in text_of(screen, "#peek")
        await pilot.press("h")  # the peek's search is the hint's: said, not silent
        assert message(screen) == "Thinking…"
        first = screen.session.state
        await pilot.press("n")
        await settle(app, pilot)
        assert screen.session.state != first
        assert screen.table.peek.known(first) is None  # stopped short


async def test_the_ranks_still_in_the_deck_are_counted_as_cards_come(make_app: Any) -> None:
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        for _ in range(3):
            state = screen.session.state
            left = Counter(card.rank for card in state.deck)
            words = text_of(screen, "#to-come").split()
            assert words[:4] == ["Still", "in", "the", "deck"]
            counts = {rank: int(count) for rank, count in
                      (word.split("×") for word in words[4:])}
            assert counts == {Card(rank).rank_text: left[rank] for rank in range(1, 14)}
            assert sum(counts.values()) == len(state.deck)
            await pilot.press("1")  # the hand card to storage: the next one is seen


@pytest.mark.slow
async def test_winnable_deals_only_draws_deals_the_solver_wins(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_tui.games.sequence import winnable

    # Deals drawn in a known order: the first few include some the solver cannot win
    # within the check's budget, if any, and some it wins.
    order = iter(range(200, 10_000))
    monkeypatch.setattr(winnable.secrets, "randbelow", lambda _: next(order))
    app = make_app(Start("sequence", numbered(WON), None))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, SequenceScreen)
        await pilot.press("w")
        assert "only deals the solver wins" in text_of(screen, "#message")
        for _ in range(3):
            before = screen.table.deck
            await pilot.press("n")
            await until(pilot, lambda: screen.table.deck is not before)  # noqa: B023
            assert screen.table.deck is not None and screen.table.deck.deal is not None
            message = text_of(screen, "#message")
            assert f"Deal {screen.table.deck.deal:,}: the solver wins it" in message
            state = sequence.new_game(sequence.Options(), screen.table.deck.cards)
            assert solve(state, max_nodes=winnable.CHECK_NODES).verdict == "won"
        assert "new deals winnable" in text_of(screen, "#status")
    again = make_app(Start("sequence", numbered(WON), None))  # the same data: kept
    async with again.run_test(size=SIZE) as pilot:
        screen = again.screen
        assert isinstance(screen, SequenceScreen) and screen.table.winnable_only
        assert "new deals winnable" in text_of(screen, "#status")
        await pilot.press("w")
        assert "new deals winnable" not in text_of(screen, "#status")
        before = screen.table.deck
        await pilot.press("n")
        assert screen.table.deck is not before  # any deal again, at once


async def test_a_winnable_deal_after_a_peek_says_both_what_was_found_and_peek_is_off(
        make_app: Any) -> None:
    """The deal found was said after the new game's start, over the start's word that
    peek is off for it."""
    app = make_app(Start("sequence", numbered(WON)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        await pilot.press("p", "down", "down", "enter", "w")  # fair → peek; winnable only
        assert screen.table.helper == "peek"
        before = screen.table.deck
        await pilot.press("n")
        await until(pilot, lambda: screen.table.deck is not before)
        said = message(screen)
        assert f"Deal {screen.table.deck.deal}: the solver wins it" in said
        assert "Peek is off for this game (fair helps); it counts toward your record" in said


@pytest.mark.slow
async def test_v_reviews_a_finished_game_and_enter_goes_back_to_try_the_best(
        make_app: Any) -> None:
    """The review lists every decision with the chances the review module gives; the
    costliest is chosen first, and enter goes back before it, the rest kept to redo.
    What is played from there is practice, said so to its end (which once read as a
    record of its own, "WON … won 0")."""
    from textual.widgets import DataTable

    from rules.players.sequence_review import review

    end = final_state(sequence, sequence.new_game(sequence.Options(), numbered(LOST).cards),
                      GREEDY.choose)
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await opened(pilot)
        assert not screen.check_action("review", ())  # not before the game is over
        await play_greedy(pilot, screen, end.moves)
        await pilot.pause()
        assert screen.check_action("review", ())
        assert "v: review" in text_of(screen, "#banner")
        page = await reviewed(pilot)
        expected = review(screen.session.start, list(screen.session.moves), LOST)
        assert page.decisions == expected
        table = page.query_one(DataTable)
        assert table.row_count == len(expected)
        assert text_of(page, "#summary").startswith(f"Review: {len(expected)} decisions")
        chosen = page.decisions[table.cursor_row]
        assert chosen.cost == max(decision.cost for decision in expected)
        await pilot.press("home")
        assert table.cursor_row == 0
        await pilot.press("end", "home", "end")
        assert table.cursor_row == len(expected) - 1
        for _ in range(len(expected) - 1 - page.decisions.index(chosen)):
            await pilot.press("up")
        assert page.decisions[table.cursor_row] == chosen
        await pilot.press("enter")
        assert app.screen is screen
        assert len(screen.session.moves) == chosen.number - 1
        assert screen.session.state == chosen.state
        assert "the review's best here is to" in message(screen)
        await pilot.press("U")
        assert len(screen.session.moves) == chosen.number  # the game's own move, again
        await pilot.press("v")  # not over now: v does nothing
        assert app.screen is screen
        assert text_of(screen, "#status").endswith("· no record")
        while not screen.session.is_over:
            await pilot.press("U")
        assert "No record: practice on a deal played to its end before." in text_of(
            screen, "#banner")
        assert screen.table.records.total("sequence").played == 1


async def test_the_helpers_offer_invites_a_player_of_your_own_where_there_is_none(
        make_app: Any, data_path: Path) -> None:
    """No players folder yet is no fault: the helper's dialog says where a file goes."""
    app = make_app(Start("sequence", numbered(LOST)))
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot)
        await pilot.press("p")
        said = " ".join(str(label.render()) for label in app.screen.query("Label"))
        assert ("To add a player of your own, put its Python file in"
                f" {data_path / 'players' / 'sequence'}") in " ".join(said.split())


async def test_a_player_of_your_own_gives_hints_from_its_folder(
        make_app: Any, data_path: Path) -> None:
    """A file in the data directory's players/sequence/ is offered by p beside the
    built-in helpers, and its hint is its move; a file that is no player is said."""
    from solitaire_tui.own_players import files

    folder = data_path / "players" / "sequence"
    folder.mkdir(parents=True)
    example = Path(__file__).parents[3] / "examples" / "players" / "first_fit.py"
    (folder / "mine.py").write_text(example.read_text())
    (folder / "broken.py").write_text("def play(view)\n")
    files.forget()
    app = make_app(Start("sequence", numbered(LOST)))
    try:
        async with app.run_test(size=SIZE) as pilot:
            screen = await opened(pilot)
            await until(pilot, lambda: bool(screen._own.players))
            await pilot.press("p")
            said = " ".join(str(label.render()) for label in app.screen.query("Label"))
            assert "broken.py, line 1: expected ':'" in said
            assert f"Your own players: the files in {folder}." in said
            await pilot.press("down", "down", "down", "enter")  # fair, quick, peek, mine.py
            assert screen.table.helper == "mine.py"
            assert "mine.py: your own player" in message(screen)
            await pilot.press("h")
            await until(pilot, lambda: message(screen).startswith("Hint:"), 60)
            move = GREEDY.choose(screen.session.state)  # first_fit.py is the greedy rule
            assert message(screen) == f"Hint: {describe(screen.session.state, move)}."
            assert screen.table.uncounted is None  # a fair player of one's own: counted
    finally:
        files.forget()
