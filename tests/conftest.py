"""Pilot tests run the real app at a fixed size, with the records in a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tui.app import SolitaireApp
from solitaire_tui.start import Start


@pytest.fixture
def records_path(tmp_path: Path) -> Path:
    return tmp_path / "records.json"


@pytest.fixture
def make_app(records_path: Path):  # type: ignore[no-untyped-def]
    """An app that opens straight on a game, as ``solitaire-tui play`` does."""

    def make(start: Start | None = None) -> SolitaireApp:
        return SolitaireApp(records_path=records_path, start=start)

    return make
