"""The visitors' directories and the seats at the table."""

from __future__ import annotations

import logging
import os
import stat
import time
from pathlib import Path

import pytest

from solitaire_tui.web import logs as logs_module
from solitaire_tui.web import visitors as visitors_module
from solitaire_tui.web.guard import Guard
from solitaire_tui.web.hosts import Names
from solitaire_tui.web.logs import Throttle
from solitaire_tui.web.visitors import KEEP_DAYS, Seats, Visitors

pytestmark = pytest.mark.engine_free


def test_the_secret_is_kept_for_this_user_only_and_read_back(tmp_path: Path) -> None:
    visitors = Visitors(tmp_path / "visitors")
    secret = visitors.secret()
    assert visitors.secret() == secret and len(secret) == 32
    assert stat.S_IMODE((tmp_path / "visitors" / "secret").stat().st_mode) == 0o600


def test_each_visitor_has_a_directory_and_a_passing_visit_leaves_none(tmp_path: Path) -> None:
    visitors = Visitors(tmp_path / "visitors")
    one, _ = Guard(None, Names(frozenset()), 1, visitors.secret()).new_visitor()
    mine = visitors.directory(one)
    assert mine.is_dir() and mine.parent == visitors.root
    passing = visitors.passing()
    visitors.forget(passing)
    visitors.forget(mine)  # a visitor's own is kept
    assert mine.is_dir() and not passing.exists()


def test_directories_unused_for_long_are_pruned(tmp_path: Path) -> None:
    visitors = Visitors(tmp_path / "visitors")
    guard = Guard(None, Names(frozenset()), 1, visitors.secret())
    old, recent = (visitors.directory(guard.new_visitor()[0]) for _ in range(2))
    left = visitors.passing()  # by a server killed mid-visit
    then = time.time() - (KEEP_DAYS + 1) * 86_400
    os.utime(old, (then, then))
    assert visitors.prune() == 2
    assert recent.is_dir() and not old.exists() and not left.exists()
    assert (visitors.root / "secret").is_file()


def test_the_table_seats_so_many() -> None:
    table = Seats(2)
    assert table.sit() and table.sit() and not table.sit() and table.full
    table.leave()
    assert table.sit()


def test_a_visitor_and_an_address_hold_their_share_of_the_seats() -> None:
    table = Seats(8, each=2)
    assert table.sit("one", "127.0.0.1") and table.sit("one", "127.0.0.2")
    assert "2 tabs" in (table.refusal("one", "127.0.0.3") or "")  # the id's share
    assert table.sit("two", "127.0.0.1")
    assert table.refusal("three", "127.0.0.1") is not None  # the address's share
    assert table.sit("three", None) and table.sit(None, "127.0.0.4")  # behind a proxy; a script
    table.leave("one", "127.0.0.1")
    assert table.sit("one", "127.0.0.3") and table.taken == 5


def test_directories_are_the_servers_users_alone(tmp_path: Path) -> None:
    visitors = Visitors(tmp_path / "visitors")
    one, _ = Guard(None, Names(frozenset()), 1, visitors.secret()).new_visitor()
    for path in (visitors.root, visitors.directory(one), visitors.passing()):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700, path


def test_beyond_the_most_kept_a_new_visitor_has_no_directory_but_the_known_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(visitors_module, "MOST_KEPT", 2)
    visitors = Visitors(tmp_path / "visitors")
    guard = Guard(None, Names(frozenset()), 1, visitors.secret())
    known = [guard.new_visitor()[0] for _ in range(2)]
    for visitor in known:
        assert visitors.room_for(visitor)
        visitors.directory(visitor)
    visitors.passing()  # a passing visit takes no room
    assert all(visitors.room_for(visitor) for visitor in known)
    assert not visitors.room_for(guard.new_visitor()[0])


def test_the_log_lets_through_so_many_of_a_kind_a_minute() -> None:
    now = [0.0]
    throttle = Throttle(most=3, seconds=60)
    monkeypatch_clock = pytest.MonkeyPatch()
    monkeypatch_clock.setattr(logs_module.time, "monotonic", lambda: now[0])
    try:
        def record(message: str) -> logging.LogRecord:
            return logging.LogRecord("x", logging.WARNING, "", 0, message, None, None)

        assert [throttle.filter(record("refused")) for _ in range(5)] == [True] * 3 + [False] * 2
        assert throttle.filter(record("another kind"))
        now[0] = 61
        later = record("refused")
        assert throttle.filter(later) and later.msg == "refused (2 more like it left out)"
    finally:
        monkeypatch_clock.undo()
