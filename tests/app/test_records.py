"""The player's record file: counting, streaks, atomic saves, damaged files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solitaire_tui.store.records import DATA_DIR_VARIABLE, Record, Records, data_dir


def test_streaks_count_wins_in_a_row_and_keep_the_best() -> None:
    record = Record()
    for won in (True, True, False, True, True, True, False):
        record.add(won)
    assert (record.played, record.won, record.streak, record.best) == (7, 5, 0, 3)
    assert record.win_rate == pytest.approx(5 / 7)


def test_records_are_saved_after_every_game_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "records.json"
    records, notice = Records.load(path)
    assert notice is None and records.total("relay").played == 0
    records.add("relay", "4 players", won=True)
    records.add("relay", "3 players", won=False)
    again, notice = Records.load(path)
    assert notice is None
    assert again.record("relay", "4 players") == Record(1, 1, 1, 1)
    total = again.total("relay")
    assert (total.played, total.won) == (2, 1)
    assert [p.name for p in path.parent.iterdir()] == ["records.json"]  # no temporary left


@pytest.mark.parametrize("content", ["{not json", '{"format": 99, "games": {}}',
                                     '{"format": 1, "games": {"relay": {"x": {"played": 1,'
                                     ' "won": 5, "streak": 0, "best": 0}}}}', "[]"])
def test_a_damaged_file_is_moved_aside_with_a_notice(tmp_path: Path, content: str) -> None:
    path = tmp_path / "records.json"
    path.write_text(content)
    records, notice = Records.load(path)
    assert notice is not None and "moved to" in notice
    (aside,) = tmp_path.glob("records.json.damaged-*")
    assert aside.read_text() == content  # nothing the player had is lost
    records.add("one-handed", "standard", won=False)
    assert json.loads(path.read_text())["games"]["one-handed"]["standard"]["played"] == 1


def test_an_unreadable_file_is_left_alone_and_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.mkdir()  # reading a directory fails the way an unreadable file does
    records, notice = Records.load(path)
    assert notice is not None and "will not be saved" in notice
    records.add("relay", "4 players", won=True)
    assert path.is_dir()


def test_the_data_directory_can_be_chosen(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path))
    assert data_dir() == tmp_path
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    assert "solitaire-tui" in str(data_dir()) and os.fspath(data_dir()) != os.fspath(tmp_path)
