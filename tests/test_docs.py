"""The docs keep their word: the README's pictures are taken by the script that says it
takes them, every link goes somewhere, and every command a guide marks as checked
runs.

A guide marks a command as checked by showing it in a ```console block, as
``$ solitaire-tui …``; the lines after it, up to the next ``$``, are its output, each
printed as shown (one ending in ``…`` is the start of a line printed). Commands shown
in ```sh blocks are not run (they open the app, or run for minutes).
"""

from __future__ import annotations

import ast
import importlib.util
import io
import itertools
import re
import shlex
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solitaire_tui import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDES = sorted(DOCS.glob("*.md"))
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *GUIDES]
FAST_SHOTS = ("menu", "sequence")  # a few seconds; the others wait for computers, a run


def screenshots() -> ModuleType:
    """``docs/screenshots.py``, which is a script, not a module of the package."""
    spec = importlib.util.spec_from_file_location("screenshots", DOCS / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_pictures(folder: Path, names: tuple[str, ...]) -> None:
    for name in names:
        picture = folder / f"{name}.svg"
        text = picture.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<svg") and "</svg>" in text, picture
        assert len(text) > 10_000, f"{picture} looks empty"


@pytest.mark.slow
def test_the_script_takes_the_pictures(tmp_path: Path) -> None:
    taken = screenshots().shoot(tmp_path, FAST_SHOTS)
    assert [path.name for path in taken] == [f"{name}.svg" for name in FAST_SHOTS]
    check_pictures(tmp_path, FAST_SHOTS)


@pytest.mark.slow
def test_the_script_takes_every_picture(tmp_path: Path) -> None:
    module = screenshots()
    names = tuple(module.SHOTS)
    module.shoot(tmp_path, names)
    check_pictures(tmp_path, names)


def test_an_unknown_picture_is_refused_in_a_sentence(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert screenshots().main(["no-such-picture"]) == 2
    assert "no picture no-such-picture; there are menu" in capsys.readouterr().err


def test_the_readme_shows_every_picture_the_script_takes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in screenshots().SHOTS:
        assert f"docs/images/{name}.svg" in readme
        check_pictures(DOCS / "images", (name,))


def test_the_readme_keeps_the_commands_ci_runs() -> None:
    """``.ci/run`` runs what the README's first screen says: the two lines stay as
    they are."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert ("python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
            "solitaire-tui") in lines
    assert ('python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && '
            "pytest") in lines


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {slug(heading) for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", "", text)  # code, not links
    return re.findall(r"\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_goes_somewhere(page: Path) -> None:
    for link in links(page):
        if re.match(r"[a-z]+:", link):
            continue  # another site's
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{page.name}: {link} is missing"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{page.name}: {link} has no such heading"


def test_the_players_guide_shows_the_example_as_it_is() -> None:
    guide = (DOCS / "players.md").read_text(encoding="utf-8")
    shown = guide.split("```python\n", 1)[1].split("```", 1)[0]
    assert shown == (ROOT / "examples/players/rules_of_thumb.py").read_text(encoding="utf-8")


def checked_commands() -> list[tuple[str, str, list[str]]]:
    """Every ``$ solitaire-tui …`` line of the guides' ```console blocks: the guide, the
    command line and the output shown after it."""
    found = []
    for page in [ROOT / "README.md", *GUIDES]:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```console\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
            for command in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
                line, *shown = command.rstrip("\n").split("\n")
                assert line.startswith("solitaire-tui"), f"{page.name}: {line}"
                found.append((page.name, line, shown))
    return found


COMMANDS = checked_commands()


def test_the_guides_mark_commands_to_check() -> None:
    assert len(COMMANDS) >= 10
    assert {page for page, _, _ in COMMANDS} >= {"commands.md", "playing.md", "players.md"}


@pytest.mark.parametrize(("page", "line", "shown"), COMMANDS,
                         ids=[f"{page}: {line}" for page, line, _ in COMMANDS])
@pytest.mark.slow
def test_a_checked_command_runs(page: str, line: str, shown: list[str],
                                monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    words = shlex.split(line)
    if "<" in words:  # input from a file of the repository
        at = words.index("<")
        given = (ROOT / words[at + 1]).read_text(encoding="utf-8")
        monkeypatch.setattr("sys.stdin", io.StringIO(given))
        words = words[:at] + words[at + 2:]
    monkeypatch.chdir(ROOT)  # the paths a guide shows are the repository's
    try:
        status = cli.main(words[1:])
    except SystemExit as exit:  # --help
        status = exit.code if isinstance(exit.code, int) else 1
    out, err = capsys.readouterr()
    assert status == 0, f"{page}: `{line}` exited {status}: {err}"
    printed = [printed.rstrip() for printed in out.splitlines()]
    for expected in shown:
        if expected.endswith("…"):
            assert any(one.startswith(expected[:-1].rstrip()) for one in printed), expected
        else:
            assert expected.rstrip() in printed, expected


# What the players guide says of the view, the move names and the review, checked
# against the real Sequence view (``rules.own_players.sequence``), in plain Python.

def players_guide() -> str:
    return (DOCS / "players.md").read_text(encoding="utf-8")


def own_game(deal: int) -> list[Any]:
    """Every position of ``rules_of_thumb.py``'s game of ``deal``, the last one over."""
    from rules.own_players import sequence as own

    spec = importlib.util.spec_from_file_location(
        "rules_of_thumb", ROOT / "examples/players/rules_of_thumb.py")
    assert spec is not None and spec.loader is not None
    player = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(player)
    states = [own.start(deal)]
    while not own.is_over(states[-1]):
        view = own.view(states[-1], deal, False)
        states.append(own.apply(states[-1], own.move_named(states[-1], player.play(view),
                                                           view)))
    return states


def played_moves(states: list[Any]) -> list[Any]:
    """The move that led from each of ``states`` to the next."""
    from rules import sequence

    return [next(move for move in sequence.legal_moves(before)
                 if sequence.apply(before, move) == after)
            for before, after in itertools.pairwise(states)]


def test_the_players_guide_says_how_the_deck_is_turned(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The deck's top card, the first ``deal D`` prints, is the first hand card; a move
    of the hand card turns the next, a play from storage none; ``cards_left`` leaves
    the hand card out, and ``to_come`` is a tuple of counts by rank that adds up to it."""
    from rules import sequence
    from rules.cards import deal_cards, parse_card
    from rules.own_players import sequence as own

    guide = " ".join(players_guide().split())
    assert "its top card (the first that `solitaire-tui deal D` prints) is the first hand" in guide
    assert "`sum(view.to_come) == view.cards_left`" in guide
    assert cli.main(["deal", "11"]) == 0
    first = parse_card(capsys.readouterr().out.split()[0])
    states = own_game(11)
    deck = [card.rank for card in deal_cards(11)]
    view = own.view(states[0], 11, True)
    assert first is not None and view.hand == first.rank == deck[0]
    assert view.cards_left == 51 and view.deck == tuple(deck[1:])
    turned = 0  # cards turned after the first hand card
    for before, move in zip(states, played_moves(states), strict=False):
        seen, next_view = own.view(before, 11, False), own.view(own.apply(before, move), 11, False)
        assert isinstance(seen.to_come, tuple) and len(seen.to_come) == 14
        assert seen.to_come[0] == 0 and sum(seen.to_come) == seen.cards_left
        assert seen.hand == (deck[turned] if turned < 52 else None)
        assert seen.cards_left == max(51 - turned, 0)  # 0 with the last card in hand
        if sequence.source_of(move) is None:  # the hand card moved: the next is turned
            turned += 1
        else:
            assert next_view.hand == seen.hand  # a play from storage turns none
    assert turned == 52 and own.view(states[-1], 11, False).cards_left == 0
    assert own.view(states[-1], 11, False).hand is None


def test_the_players_guide_shows_needs_as_it_answers() -> None:
    from rules.own_players import sequence as own

    guide = " ".join(players_guide().split())
    view = own.view(own.start(0), 0, False)  # every final pile empty
    said = re.findall(r"`needs\((\d+)(?:, (\d+))?\)` is (\d+)", guide)
    assert len(said) == 3
    for pile, later, rank in said:
        assert view.needs(int(pile), int(later or 0)) == int(rank)
    counts = re.search(r"Final pile 3 counts ((?:\d+, )+)…", guide)
    assert counts is not None
    ranks = [int(rank) for rank in counts.group(1).rstrip(", ").split(", ")]
    assert [view.needs(3, later) for later in range(len(ranks))] == ranks
    assert view.needs(3, 12) == 13 and view.needs(3, 13) is None  # past the king


def test_the_players_guide_gives_the_move_spellings_play_may_return() -> None:
    """Each ``X` is `Y`` of the guide's move names names the same move as Y wherever
    Y is a legal move's name and X is legal there too; what it says is refused is; and
    a bare ``f`` is refused where the hand card fits several final piles."""
    from rules import sequence
    from rules.errors import IllegalMove
    from rules.own_players import sequence as own

    guide = " ".join(players_guide().split("## What `view` holds")[1].split("## ")[0].split())
    spellings = re.findall(r'`("[^"`]*"|\d+)` is `("[^"`]*")`', guide)
    assert len(spellings) == 3
    refused = re.search(r"Anything else \(([^)]*)\)", guide)
    assert refused is not None
    names = [ast.literal_eval(name) for name in re.findall(r'"[^"]*"', refused.group(1))]
    assert names == ["h", "5", "s", "f\n"]
    positions = [state for deal in range(12) for state in own_game(deal)
                 if not own.is_over(state)]
    for said, meant in spellings:
        given = ast.literal_eval(said)  # a string or a number, as a player returns it
        agreed = 0
        for state in positions:
            view = own.view(state, 0, False)
            if ast.literal_eval(meant) in view.moves:
                move = own.move_named(state, given)
                if move in sequence.legal_moves(state):
                    assert move == own.move_named(state, ast.literal_eval(meant)), (said, meant)
                    agreed += 1
        assert agreed, f"{said} was never the move {meant} names"
    several = 0
    for state in positions:
        for name in names:
            with pytest.raises(IllegalMove):
                own.move_named(state, name)
        if state.hand is not None and len(sequence.fitting_piles(state, state.hand)) > 1:
            several += 1
            with pytest.raises(IllegalMove):
                own.move_named(state, "f")
    assert several


def test_the_players_guide_says_which_moves_the_review_leaves_out() -> None:
    """The review lists a move only where there was a choice: it skips the moves with
    one legal move, and in Sequence those come only once the deck is used up (as the
    guide's deal 11 shows). The weighing is left out: it does not choose the moves."""
    from rules import review, sequence

    states = own_game(11)
    played = played_moves(states)
    listed = [decision.number for decision in review.review(
        sequence, states[0], played, lambda state, moves, seed: [[0.0]] * len(moves), 11)]
    for number, state in enumerate(states[:-1], 1):
        legal = sequence.legal_moves(state)
        assert (number in listed) == (len(legal) > 1)
        if state.hand is not None:
            assert len(legal) >= 4
    shown = re.search(r"goes from move (\d+) to (\d+), then (\d+)",
                      " ".join(players_guide().split()))
    assert shown is not None
    first, second, third = (int(number) for number in shown.groups())
    at = listed.index(first)
    assert listed[at:at + 3] == [first, second, third] and second > first + 1


def test_the_readme_shows_a_game_description_that_plays() -> None:
    """The file the README shows whole is a description the suite plays, and the
    guide to its fields says the bounds the checks hold."""
    from rules.calculation import description as described
    from rules.calculation import game as calc
    from rules.cards import deal_cards
    from rules.play import final_state
    from rules.players.calculation import GreedyPlayer

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = described.parse(readme.split("```toml\n", 1)[1].split("```", 1)[0])
    assert (shown.key, len(shown.foundations), shown.passes, shown.waste) == (
        "four-kings", 4, 2, True)
    assert calc.is_over(final_state(calc, calc.new_game(shown, deal_cards(0)),
                                    GreedyPlayer().choose))
    guide = " ".join((DOCS / "games.md").read_text(encoding="utf-8").split())
    for said in (f"1 to {described.MOST_FOUNDATIONS} piles",
                 f"0 to {described.MOST_STORAGE} storage piles",
                 f"1 to {described.MOST_PASSES} (default 1)",
                 f"1 to {described.MOST_TURNED} (default 1)",
                 f"up to {described.LONGEST_NAME} characters",
                 f"up to {described.LONGEST_TEXT:,} characters",
                 f"at most {described.LARGEST_FILE:,} characters"):
        assert said in guide, said
