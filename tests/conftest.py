"""Pilot tests run the real app at a fixed size, with the player's database in a
temporary directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tui.app import SolitaireApp
from solitaire_tui.start import Start


@pytest.fixture
def data_path(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def make_app(data_path: Path):  # type: ignore[no-untyped-def]
    """An app that opens straight on a game, as ``solitaire-tui play`` does."""

    def make(start: Start | None = None) -> SolitaireApp:
        return SolitaireApp(data=data_path, start=start)

    return make
