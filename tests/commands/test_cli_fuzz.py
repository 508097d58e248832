"""Every subcommand, fuzzed: whatever a person types ends in one plain line and exit
status 2, never a traceback or a hang; and extreme values that are allowed work.

The subcommands are found by walking the parser ``cli.build_parser`` builds from the
registry, so a new game's commands and options are fuzzed without a word here. The
command line runs in this process (``cli.main``) with stdout and stderr captured;
the app is never opened and no long computation is started: every argument list
drawn holds at least one thing that must be refused before any work begins.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import hit_or_miss
from rules.cards import MAX_DEAL
from solitaire_tui import cli

# Text that is no value of any number option (deal numbers and seeds take 0..2**64-1,
# counts 1e6, seconds 2.5): huge, float-only, signed, other scripts' digits, empty.
BAD_NUMBERS = ["1" * 5000, "9" * 4301, "1e400", "1e99", "inf", "-inf", "nan", "-1", "-0",
               "", " ", "١٢", "\uff11", "²", str(MAX_DEAL), str(2**65), "0x10", "1.5.5",
               "1e", "e6", "x", "1__0", "1,00", "1e-400", "\x00", "1\n2", "+-1"]
BAD_DECKS = ["AS 2S ZZ", "1 2 3", "AS", "", "  ", "KC " * 53, "ZZ" * 3000, "10H " * 52,
             "AS\n2S", "🂡 🂢", "1" * 5000]
EXTREME_DEALS = [0, 1, 2**63 - 1, 2**63, MAX_DEAL - 2, MAX_DEAL - 1]
# Control characters, other scripts and symbols: what a paste or a slip brings.
TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=30)


@dataclass(frozen=True)
class Leaf:
    """A subcommand as argparse holds it: its words and its parser."""

    words: tuple[str, ...]
    parser: argparse.ArgumentParser

    @property
    def takes_value(self) -> list[argparse.Action]:
        return [a for a in self.parser._actions
                if a.nargs is None and not isinstance(a, argparse._SubParsersAction)]


def leaves(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> Iterator[Leaf]:
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subparsers and words:
        yield Leaf(words, parser)
    for action in subparsers:
        for name, sub in action.choices.items():
            yield from leaves(sub, (*words, name))


PARSER = cli.build_parser()  # every test's: argparse keeps no state between parses
LEAVES = list(leaves(PARSER))


def test_the_walk_finds_every_subcommand() -> None:
    found = {" ".join(leaf.words) for leaf in LEAVES}
    assert {"deal", "judge", "bench", "play hit-or-miss", "stats relay", "solve sequence",
            "search zero-strike"} <= found
    assert len(found) >= 15


@dataclass(frozen=True)
class Outcome:
    code: int
    out: str
    err: str


class WouldStart(AssertionError):
    """Something that should have been refused got as far as opening the app."""


def run(argv: Sequence[str], stdin: str = "") -> Outcome:
    """``solitaire-tui argv`` in this process; opening the app fails the test."""
    out, err = io.StringIO(), io.StringIO()

    def open_app(start: object) -> None:
        raise WouldStart(f"{argv!r} would open the app")

    with (contextlib.redirect_stdout(out), contextlib.redirect_stderr(err),
          mock.patch.object(sys, "stdin", io.StringIO(stdin)),
          mock.patch.object(cli, "build_parser", lambda: PARSER),
          mock.patch.object(cli, "_open_app", open_app)):
        try:
            code = cli.main(list(argv))
        except SystemExit as exit_:  # argparse's own errors
            code = int(exit_.code or 0)
    return Outcome(code, out.getvalue(), err.getvalue())


def assert_refused(argv: Sequence[str], outcome: Outcome) -> None:
    """Exit status 2, exactly one line on stderr, nothing on stdout, no traceback."""
    shown = f"{[a[:40] for a in argv]!r}: {outcome}"
    assert outcome.code == 2, shown
    assert outcome.err.endswith("\n") and outcome.err.count("\n") == 1, shown
    assert outcome.out == "", shown
    assert "Traceback" not in outcome.err + outcome.out, shown
    assert "something went wrong" not in outcome.err, shown


def bad_value(action: argparse.Action) -> st.SearchStrategy[str] | None:
    """Values this option must refuse, or None when any text is its value."""
    if action.choices is not None:
        choices = action.choices
        return TEXT.filter(lambda text: text not in choices)
    if action.dest == "deck":
        return st.sampled_from(BAD_DECKS)
    if action.type is not None:
        numbers = st.sampled_from(BAD_NUMBERS)
        if action.dest == "variant":
            return numbers | numbers.map(lambda n: f"strikes={n}") | st.just(
                f"strikes={hit_or_miss.MOST_STRIKES + 1}")
        return numbers
    return None


@st.composite
def refused_argv(draw: st.DrawFn) -> list[str]:
    """A subcommand with one thing wrong, among flags that are right."""
    leaf = draw(st.sampled_from(LEAVES))
    flags = [a.option_strings[0] for a in leaf.parser._actions
             if a.nargs == 0 and a.option_strings and a.dest != "help"]
    extra = draw(st.lists(st.sampled_from(flags), max_size=3, unique=True)) if flags else []
    valued = [(a, bad) for a in leaf.takes_value if (bad := bad_value(a)) is not None]
    kinds = ["unknown flag", "stray word"] + (["bad value", "missing value"] if valued else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "unknown flag":
        wrong = ["--zz-" + draw(st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=8))]
    elif kind == "stray word":
        wrong = ["--", draw(TEXT.filter(lambda t: t not in ("",)))] if leaf.words != ("deal",) \
            else ["0", "extra"]
    else:
        action, bad = draw(st.sampled_from(valued))
        if not action.option_strings:  # a positional: the bad value stands alone
            return [*leaf.words, *extra, draw(bad)]
        option = draw(st.sampled_from(action.option_strings))
        wrong = [option] if kind == "missing value" else [f"{option}={draw(bad)}"]
    # A positional the command needs, given right, so the wrong thing is what fails.
    needs = [a for a in leaf.takes_value if not a.option_strings]
    given_ = ["7"] * len(needs)
    if kind == "missing value":
        return [*leaf.words, *given_, *extra, *wrong]
    order = draw(st.permutations([*extra, *wrong]))
    return [*leaf.words, *given_, *order]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_TUI_DATA_DIR", str(tmp_path))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(refused_argv())
@pytest.mark.slow
def test_anything_wrong_is_one_line_and_status_2(argv: list[str]) -> None:
    assert_refused(argv, run(argv))


@pytest.mark.parametrize("leaf", LEAVES, ids=lambda leaf: " ".join(leaf.words))
def test_every_bad_number_of_every_option_is_refused(leaf: Leaf) -> None:
    """Not left to chance: each option that takes a value, each bad number or deck."""
    needs = ["7"] * sum(1 for a in leaf.takes_value if not a.option_strings)
    for action in leaf.takes_value:
        pool = BAD_DECKS if action.dest == "deck" else BAD_NUMBERS
        if action.choices is None and action.type is None and action.dest != "deck":
            continue
        for bad in pool:
            if action.choices is not None and bad in action.choices:
                continue
            argv = ([*leaf.words, bad] if not action.option_strings
                    else [*leaf.words, *needs, f"{action.option_strings[0]}={bad}"])
            assert_refused(argv, run(argv))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["", "1", "x\n", "1" * 5000 + "\n", "1\n" + "4 " + "1 " * 5000,
                        "2\n4 " + "7 " * 52 + "\n", "1e400\n", "\u0661\n"]) | TEXT)
def test_judge_refuses_what_is_not_the_contest_format(text: str) -> None:
    """The judge answers each case as it is read, so the answers to the cases before a
    fault are out before the fault is found: only those, then the one sentence."""
    outcome = run(["judge"], stdin=text)
    if outcome.code == 0:  # a well-formed input by chance ("0\n": no cases)
        assert outcome.err == ""
    else:
        answered = outcome.out.splitlines()
        assert all(re.fullmatch(rf"Case {k}: .+", line) for k, line in enumerate(answered, 1))
        assert_refused(["judge", repr(text)], replace(outcome, out=""))


# --- extreme values that are allowed ---------------------------------------------------


def forms(number: int) -> st.SearchStrategy[str]:
    return st.sampled_from([str(number), f"{number:_}", f"{number:,}", f" {number} "])


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(EXTREME_DEALS) | st.integers(0, MAX_DEAL - 1), st.data())
@pytest.mark.slow
def test_every_deal_number_plays_on_every_game(deal: int, data: st.DataObject) -> None:
    """Any deal number or seed up to 2**64 - 1, in any form, on every game headless;
    Hit or Miss also at its largest strike limit (shuffled: it ends fast). A game with
    computer players has its random one, which draws from the seed (and plays in a
    blink where the helper thinks for a second)."""
    for leaf in LEAVES:
        if leaf.words[0] != "play":
            continue
        options = {action.dest for action in leaf.parser._actions}
        argv = [*leaf.words, "--json"]
        if "deal" in options:
            argv += ["--deal", data.draw(forms(deal))]
        if "seed" in options:
            argv += ["--seed", data.draw(forms(MAX_DEAL - 1 - deal))]
        if "strategy" in options:
            argv += ["--strategy", "random"]
        if "variant" in options:
            argv += ["--variant", f"strikes={hit_or_miss.MOST_STRIKES}", "--order", "shuffled"]
        outcome = run(argv)
        assert outcome.code == 0 and outcome.err == "", (argv, outcome)
        played = json.loads(outcome.out)
        assert played.get("deal", deal) == deal
    outcome = run(["deal", data.draw(forms(deal)), "--ranks"])
    assert outcome.code == 0 and len(outcome.out.split()) == 52


@pytest.mark.parametrize("game", ["one-handed", "relay"])
def test_a_run_at_the_last_deals_counts_them(game: str) -> None:
    seed = MAX_DEAL - 200
    outcome = run(["stats", game, "-n", "200", "--seed", f"{seed:_}", "--json"])
    assert outcome.code == 0, outcome
    data = json.loads(outcome.out)
    assert data["seed"] == seed and data["games"] == 200
    assert all(seed <= deal < MAX_DEAL for deal in data["first_wins"])


@pytest.mark.parametrize("argv", [
    ["stats", "relay", "-n", "1e18", "--seed", str(MAX_DEAL - 1)],
    ["stats", "hit-or-miss", "-n", "2", "--seed", str(MAX_DEAL - 1)],
    ["search", "zero-strike", "--games", "1e18", "--seed", str(MAX_DEAL - 5)],
])
def test_a_run_past_the_last_deal_is_refused_before_it_starts(argv: list[str]) -> None:
    outcome = run(argv)
    assert_refused(argv, outcome)
    assert "run past the last deal number" in outcome.err
