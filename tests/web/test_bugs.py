"""What should not happen on the server is logged a few times a minute of each kind,
a kind being where it happened and the error's type: a peer that makes it happen on
a thousand different paths gets no more lines, and no more tracebacks, than on one."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from solitaire_tui.web import server
from solitaire_tui.web.logs import LINES_OF_A_KIND, Throttle

pytestmark = pytest.mark.engine_free


def test_a_bug_on_many_paths_is_logged_as_one_kind(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        data_path: Path) -> None:
    monkeypatch.setattr(server, "_bugs", Throttle())
    with caplog.at_level(logging.ERROR, logger=server.log.name):
        for number in range(3 * LINES_OF_A_KIND):
            server._bug("request", f"'/static/{number}'", ValueError("no such file"))
        server._bug("visit", "visitor a1", ValueError("no such file"))  # another place
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == LINES_OF_A_KIND + 1
    assert lines[-1].startswith("visitor a1: ")
    entries = [line for line in (data_path / "errors.log").read_text().splitlines()
               if line.startswith("--- ")]
    assert len(entries) == LINES_OF_A_KIND + 1  # the details, as often as the lines
