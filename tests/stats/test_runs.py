"""Runs as the command line and the panel describe them, the background runner, the
saved history, and replays of a run's games: all without Textual."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any

import pytest

from rules import add_residue, hit_or_miss, one_handed, relay, sequence
from rules.cards import deal_cards, ranks_only
from rules.errors import OptionsError
from rules.play import final_state, moves_of
from rules.stats import Tally
from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.stats import runs
from solitaire_tui.stats.runner import BACKGROUND_NICE, LiveRun, Phase, lowered
from solitaire_tui.store.history import thinned
from tests.support.runs import Running, SlowCompile, finish


def setup(game: str, options: dict[str, Any]) -> runs.Setup:
    if game not in GAMES_BY_KEY:
        raise OptionsError(f"there is no game called {game!r}")
    return GAMES_BY_KEY[game].setup(options)


@pytest.mark.parametrize(("game", "options", "message"), [
    ("hit-or-miss", {"variant": "often"}, "unknown variant 'often'"),
    ("hit-or-miss", {"order": "sideways"}, "the pass order is one of same"),
    ("relay", {"players": 11}, "1..10"),
    ("relay", {"players": "4"}, "players must be a whole number"),
    ("sequence", {"strategies": []}, "needs at least one computer player"),
    ("sequence", {"strategies": ["greedy", "greedy"]}, "name each Sequence Solitaire player"),
    ("sequence", {"strategies": ["clever"]}, "not 'clever'"),
    ("add-residue", {"players": 3, "strategies": ["greedy", "random"]},
     "once for each of the 3 seats, not 2 times"),
    ("add-residue", {"n": 21}, "n"),
    ("patience", {}, "no game called 'patience'"),
])
def test_options_the_rules_refuse_are_one_sentence(game: str, options: dict[str, Any],
                                                  message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        setup(game, options)


def test_a_setup_gives_back_the_options_it_was_given() -> None:
    given = {"players": 3, "n": 5, "strategies": ["greedy", "random", "random"]}
    made = setup("add-residue", given)
    assert made.options == given
    assert setup("add-residue", made.options).heading == made.heading
    assert setup("add-residue", {"strategies": ["random"]}).options["strategies"] == [
        "random", "random"]
    assert setup("hit-or-miss", {}).options == {"variant": "unlimited", "order": "same"}


def test_a_finished_run_is_the_stats_commands_json() -> None:
    made = setup("add-residue", {"players": 2, "n": 4, "strategies": ["greedy", "random"]})
    snap = finish(Running(LiveRun(made, 3, 4000, 1)))
    assert snap.phase is Phase.FINISHED and snap.done == 4000 and snap.data is not None
    data = snap.data
    seats = data["seats"]
    assert [seat["seat"] for seat in seats] == ["P1 greedy", "P2 random"]
    for seat, tally in zip(seats, snap.tallies, strict=True):
        assert seat["wins"] + seat["ties"] + seat["losses"] == 4000
        assert (seat["wins"], seat["ties"]) == (tally.wins, tally.ties)
    # The curve ends at the totals.
    assert snap.curve[-1] == (4000, [tally.wins for tally in snap.tallies])


@pytest.mark.slow
def test_cancel_keeps_a_prefix_of_the_deals_at_once() -> None:
    run = Running(LiveRun(setup("one-handed", {}), 0, 10**12, 1))
    while run.snapshot.done == 0:
        time.sleep(0.01)
    snap = run.cancel()  # answers from the last snapshot, without waiting for the thread
    assert snap.phase is Phase.CANCELLED and snap.data is not None
    assert snap.data["cancelled"] is True and snap.data["games"] == snap.done
    expected = Tally()
    for deal in range(snap.done):
        state = final_state(one_handed, one_handed.new_game(one_handed.Options(),
                                                            deal_cards(deal)))
        result = one_handed.result(state)
        expected.add(deal, result.won, cards_left=result.cards_left)
    assert (snap.data["wins"], snap.tallies[0].histograms["cards_left"].counts) == (
        expected.wins, expected.histograms["cards_left"].counts)
    assert run.job.returned.wait(5)
    assert run.snapshot is snap  # what the thread did after the cancel is left out


def test_cancel_during_the_first_compile_ends_the_job_at_once() -> None:
    """The job's thread returns without waiting for the compile, so the panel's next
    run (or quitting the app) waits for nothing."""
    slow = SlowCompile()
    run = Running(LiveRun(runs.Setup("stand-in", {}, "A stand-in kernel", lambda: slow.kernel),
                          0, 1000, 1))
    try:
        assert slow.compiling.wait(30)
        assert run.cancel().phase is Phase.CANCELLED
        assert run.job.returned.wait(30) and not slow.compiled.is_set()
    finally:
        slow.release.set()


def test_a_run_the_engine_refuses_fails_with_its_reason() -> None:
    snap = finish(Running(LiveRun(setup("one-handed", {}), 0, 10, 999)))
    assert snap.phase is Phase.FAILED and snap.error.startswith("Workers must be 1..")


def test_a_long_curve_is_thinned_but_keeps_its_end() -> None:
    curve = [(done, [done // 3]) for done in range(1, 10_001)]
    kept = thinned(curve, 100)
    assert 100 <= len(kept) <= 101 and kept[0] == curve[0] and kept[-1] == curve[-1]


def test_saved_figures_come_back_as_the_same_tallies() -> None:
    made = setup("sequence", {"strategies": ["greedy", "random"]})
    snap = finish(Running(LiveRun(made, 100, 3000, 1)))
    assert snap.data is not None
    data = json.loads(json.dumps(snap.data))  # as the history file holds it
    assert runs.tallies_of(data, made) == list(snap.tallies)
    assert runs.labels_of(data, made) == ["greedy", "random"]


@pytest.mark.parametrize("game", ["hit-or-miss", "relay", "one-handed", "sequence",
                                  "add-residue"])
def test_a_replay_plays_the_game_the_run_counted(game: str) -> None:
    """The replayed line reaches the end the kernel recorded for that deal: its
    first wins are wins again, move by move through the plain rules."""
    options: dict[str, Any] = {"hit-or-miss": {"variant": "roll-call", "order": "shuffled"},
                               "relay": {"players": 3}, "one-handed": {},
                               "sequence": {"strategies": ["greedy"]},
                               "add-residue": {"players": 3, "n": 4,
                                               "strategies": ["random", "greedy", "random"]},
                               }[game]
    made = setup(game, options)
    snap = finish(Running(LiveRun(made, 0, 3000, 1)))
    part = len(snap.tallies) - 1
    deals = snap.tallies[part].first_wins[:3]
    assert deals
    for deal in deals:
        chosen = GAMES_BY_KEY[game].replay(made, part, deal)
        rules: Any = {"hit-or-miss": hit_or_miss, "relay": relay, "one-handed": one_handed,
                      "sequence": sequence, "add-residue": add_residue}[game]
        if game == "add-residue":
            start = add_residue.new_game(chosen.options.options)
        elif game == "one-handed":
            start = one_handed.new_game(one_handed.Options(), chosen.deck.cards)
        elif game == "sequence":
            start = sequence.new_game(sequence.Options(), chosen.deck.cards)
        else:
            start = rules.new_game(chosen.options, ranks_only(chosen.deck.cards))
        end = start
        for _, end in moves_of(rules, start, chosen.choose):  # noqa: B007 - the last
            pass
        if game == "add-residue":
            assert add_residue.result(end).winners == (part,)
        else:
            assert rules.result(end).won, deal
        assert str(deal) in chosen.label


def test_a_run_waits_for_its_engine_part_and_a_cancel_ends_the_wait() -> None:
    """While the app's warm-up compiles the run's part, the run waits for it rather
    than compiling it again; a cancel meanwhile ends the run with nothing played."""
    asked: list[str] = []
    ready, waiting = threading.Event(), threading.Event()

    def wait(part: str, stop: Any) -> bool:
        asked.append(part)
        waiting.set()
        while not ready.wait(0.01):
            if stop():
                return False
        return True

    made = setup("one-handed", {})
    job = LiveRun(made, 0, 10**12, 1)
    job.wait = wait
    run = Running(job)
    assert waiting.wait(30)
    assert tuple(asked) == made.engine and run.snapshot.phase is Phase.LOADING
    assert run.cancel().phase is Phase.CANCELLED and run.job.returned.wait(5)
    assert run.snapshot.done == 0
    ready.set()
    job = LiveRun(made, 0, 100, 1)
    job.wait = wait
    snap = finish(Running(job))
    assert snap.phase is Phase.FINISHED and snap.done == 100


def test_a_jobs_work_runs_lowered_in_a_thread_of_its_own() -> None:
    """A job's work yields the cores to the screen: in a new thread (never the worker's
    own, which a pool reuses), at a lower priority on Linux; its errors come back."""
    seen: dict[str, Any] = {}

    def work() -> None:
        seen["thread"] = threading.get_ident()
        if sys.platform == "linux":
            seen["nice"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    lowered(work)
    assert seen["thread"] != threading.get_ident()
    if sys.platform == "linux":
        mine = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        assert seen["nice"] == min(19, mine + BACKGROUND_NICE)

    def fails() -> None:
        raise OptionsError("no such option")

    with pytest.raises(OptionsError, match="no such option"):
        lowered(fails)
