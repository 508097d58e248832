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


async def test_the_page_fills_in_its_answers(make_app: Any) -> None:
    from solitaire_tui.screens.findings import FindingsScreen
    from solitaire_tui.ui.help import HelpMarkdown, Page
    from tests.pilots import SIZE, until

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = FindingsScreen(findings())
        await app.push_screen(screen)
        await until(pilot, lambda: screen.query_one(Page).border_title == "Findings"
                    and "Working it out" not in screen.query_one(HelpMarkdown).source,
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
