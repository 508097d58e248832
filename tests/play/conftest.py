"""The game table's tests: no app, no Pilot; the store in a directory of the test's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_tui.store.database import Database
from solitaire_tui.store.records import Records


@pytest.fixture
def records(tmp_path: Path) -> Iterator[Records]:
    database = Database(tmp_path)
    yield Records(database)
    database.close()
