"""The findings (``stats.findings``): each answer is what its command prints, worked
out on fewer deals here than the page plays, and the page fills in as they come."""

from __future__ import annotations

import json
import shlex
from typing import Any

import pytest

from solitaire_tui import cli
from solitaire_tui.games.hit_or_miss import findings as hit_or_miss
from solitaire_tui.games.registry import findings
from solitaire_tui.stats.findings import Stopped


@pytest.fixture(autouse=True)
def fewer_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hit_or_miss, "GAMES", 20_000)
    monkeypatch.setattr(hit_or_miss, "SEARCH_NODES", 2_000_000)


def printed(command: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    argv = shlex.split(command)
    assert argv[0] == "solitaire-tui"
    assert cli.main([*argv[1:], "--json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.slow
def test_each_comparison_answer_gives_its_commands_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    every = findings()
    assert every and all(finding.commands for _, finding in every)
    compared = [finding for _, finding in every if "--compare" in finding.commands[0]]
    assert compared
    for finding in compared:
        answer = finding.answer(lambda: False)
        for command in finding.commands:
            later = printed(command, capsys)["versions"][-1]
            assert f"{later['difference']['points']:+.3f} points" in answer or (
                later["difference"]["points"] == 0 and "no deal decided otherwise" in answer)


@pytest.mark.slow
def test_the_zero_strike_answer_is_the_search_commands(
        capsys: pytest.CaptureFixture[str]) -> None:
    (finding,) = [finding for _, finding in findings() if "zero-strike" in finding.commands[0]]
    answer = finding.answer(lambda: False)
    data = printed(finding.commands[0], capsys)
    assert f"**{data['passes']} passes**" in answer
    assert f"{data['wins']:,} of {data['games']:,} deals" in answer


def test_a_stop_ends_the_work() -> None:
    _, finding = findings()[0]
    with pytest.raises(Stopped):
        finding.answer(lambda: True)


@pytest.mark.slow
async def test_the_page_fills_in_its_answers_and_keeps_them(make_app: Any) -> None:
    from solitaire_tui.screens.findings import FindingsScreen
    from solitaire_tui.ui.help import HelpMarkdown, Page
    from tests.support.pilots import SIZE, until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # from the menu
        screen = app.screen
        assert isinstance(screen, FindingsScreen)
        await until(pilot, lambda: screen.query_one(Page).border_title == "Findings"
                    and "Working it out" not in (words := screen.query_one(HelpMarkdown).source)
                    and bool(words),
                    seconds=120)
        shown = screen.query_one(HelpMarkdown).source
        assert "Waiting its turn" not in shown
        for _, finding in findings():
            assert finding.question in shown and finding.commands[0] in shown
        # Drawn once: updates one after another, never two at once (the page was
        # shown twice over: the blocks of two updates under way, both mounted).
        await pilot.pause()
        assert len(screen.query("MarkdownH1")) == 1
        assert len(screen.query("MarkdownH2")) == len(findings())
        await pilot.press("escape")
        assert not isinstance(app.screen, FindingsScreen)
    # Another session: the page opens whole, with the same answers, working on nothing.
    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.services.choices is not None)
        reopened = FindingsScreen(findings(), again.services.choices)
        assert reopened._page() == shown
        await pilot.press("f")
        await until(pilot, lambda: isinstance(again.screen, FindingsScreen)
                    and any(page.source for page in again.screen.query(HelpMarkdown)))
        # pushed, composed, then filled as the page mounts
        assert again.screen.query_one(HelpMarkdown).source == shown
        assert again.screen.query_one(Page).border_title == "Findings"


def test_answers_kept_by_another_version_or_program_are_not_shown(data_path: Any) -> None:
    from solitaire_tui.store.choices import FINDINGS, Choices
    from solitaire_tui.store.database import Database

    choices = Choices(Database(data_path))
    choices.put_answers("0.0.1", {"Q?": "an old answer"})
    assert choices.answers("0.0.1") == {"Q?": "an old answer"}
    assert choices.answers("0.1.0") == {}
    choices.put(FINDINGS, {"version": "0.1.0", "answers": {"Q?": 7, "R?": "x" * 10**6,
                                                           "S?": "kept"}})
    assert choices.answers("0.1.0") == {"S?": "kept"}
    choices.put(FINDINGS, {"version": "0.1.0", "answers": ["not", "a", "mapping"]})
    assert choices.answers("0.1.0") == {}
