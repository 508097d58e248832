"""The findings page: the games' open questions, answered as the page is read.

A help page (``ui.help``) whose answers are worked out when it opens, one after the
other in a thread worker (a few seconds each: runs of a million deals, a search), and
filled in as they come; the frame's title says how far it has got. Closing the page
stops the work; what was answered is kept (``Choices.answers``, by this version of the
app), as the same deals give the same figures: the page opens whole the next time.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import work
from textual.worker import get_current_worker

from solitaire_tui import __version__
from solitaire_tui.stats.findings import Finding, Stopped, page
from solitaire_tui.store.choices import Choices
from solitaire_tui.ui.help import HelpMarkdown, HelpScreen, Page
from solitaire_tui.ui.notices import store_errors


class FindingsScreen(HelpScreen):
    CSS_PATH = "../ui/help.tcss"  # the help page's frame (a path from this module's)

    def __init__(self, findings: Sequence[tuple[str, Finding]],
                 choices: Choices | None = None) -> None:
        """``findings``: (the game's title, its finding), in the order shown;
        ``choices``: where the answers worked out are kept (none: this page only)."""
        self.findings = list(findings)
        self.choices = choices
        asked = {finding.question for _, finding in self.findings}
        kept = choices.answers(__version__) if choices is not None else {}
        self._answers = {question: answer for question, answer in kept.items()
                         if question in asked}
        self._working: int | None = None  # the finding being worked out
        self._wanted: str | None = None  # the page's newest text, not shown yet
        self._updating = False  # an update of the page is under way
        super().__init__(self._page())

    def _page(self, working: int | None = None) -> str:
        answers = {index: self._answers[finding.question] for index, (_, finding)
                   in enumerate(self.findings) if finding.question in self._answers}
        return page(self.findings, answers, working)

    def on_mount(self) -> None:
        # Textual calls HelpScreen's on_mount too (every class's handler, base last):
        # calling it here as well built the page twice, one copy after the other.
        self.frame_title = "Findings"
        self._answer()

    @work(thread=True, exclusive=True, group="findings")
    def _answer(self) -> None:
        worker = get_current_worker()
        for index, (_, finding) in enumerate(self.findings):
            if finding.question in self._answers:
                continue
            self.app.call_from_thread(self._show, index)
            try:
                answer = finding.answer(lambda: worker.is_cancelled)
            except Stopped:
                return
            self.app.call_from_thread(self._answered, finding.question, answer)
        self.app.call_from_thread(self._show, None)

    def _answered(self, question: str, answer: str) -> None:
        """An answer is in: kept for next time too (a store that cannot keep it costs
        only the work again, and says so)."""
        self._answers[question] = answer
        if self.choices is not None:
            with store_errors(self):
                self.choices.put_answers(__version__, dict(self._answers))

    def _fill(self) -> None:
        """The page as it is by the time its blocks are built."""
        self.markdown = self._page(self._working)
        super()._fill()

    def _show(self, working: int | None) -> None:
        """The page again, with the answers so far (``working``: the one under way)."""
        self._working = working
        if not self.is_mounted:
            return
        left = [index for index, (_, finding) in enumerate(self.findings)
                if finding.question not in self._answers]
        self.query_one(Page).border_title = (
            "Findings" if working is None else
            f"Findings · working out {len(self.findings) - len(left) + 1} of"
            f" {len(self.findings)} (esc stops)")
        self._wanted = self._page(working)
        if not self._updating:
            self._updating = True
            self.run_worker(self._update(), group="findings-page")

    async def _update(self) -> None:
        """The page brought up to the newest text, one update at a time: two updates of
        a Markdown under way at once mounted the blocks of both, and the page was
        shown twice over."""
        try:
            while self._wanted is not None:
                text, self._wanted = self._wanted, None
                for markdown in self.query(HelpMarkdown):
                    await markdown.update(text)
        finally:
            self._updating = False

    @property
    def allow_select(self) -> bool:
        """No text selection begins while the page's blocks are being replaced: a
        press on a block just removed (it has no parent) ended the app in Textual's
        selection (seen by ``tests/app/test_monkey.py``)."""
        return not self._updating and super().allow_select

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "findings")
