"""The findings page: the games' open questions, answered as the page is read.

A help page (``ui.help``) whose answers are worked out when it opens, one after the
other in a thread worker (a few seconds each: runs of a million deals, a search), and
filled in as they come; the frame's title says how far it has got. Closing the page
stops the work; what was answered is kept for the rest of the session, as the same
deals give the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import work
from textual.worker import get_current_worker

from solitaire_tui.stats.findings import Finding, Stopped, page
from solitaire_tui.ui.help import HelpMarkdown, HelpScreen, Page

_ANSWERS: dict[str, str] = {}  # a question's answer, once worked out in this session


class FindingsScreen(HelpScreen):
    CSS_PATH = "../ui/help.tcss"  # the help page's frame (a path from this module's)

    def __init__(self, findings: Sequence[tuple[str, Finding]]) -> None:
        """``findings``: (the game's title, its finding), in the order shown."""
        self.findings = list(findings)
        self._working: int | None = None  # the finding being worked out
        self._wanted: str | None = None  # the page's newest text, not shown yet
        self._updating = False  # an update of the page is under way
        super().__init__(self._page())

    def _page(self, working: int | None = None) -> str:
        answers = {index: _ANSWERS[finding.question] for index, (_, finding)
                   in enumerate(self.findings) if finding.question in _ANSWERS}
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
            if finding.question in _ANSWERS:
                continue
            self.app.call_from_thread(self._show, index)
            try:
                _ANSWERS[finding.question] = finding.answer(lambda: worker.is_cancelled)
            except Stopped:
                return
        self.app.call_from_thread(self._show, None)

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
                if finding.question not in _ANSWERS]
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

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "findings")
