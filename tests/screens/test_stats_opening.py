"""What the statistics panel opens on (``screens.stats.opening``), without Textual: a
run from the history as it was, a game's options with their newest run, and from the
menu the options the game was last run with."""

from __future__ import annotations

import pytest

from solitaire_tui.games.registry import GAMES_BY_KEY
from solitaire_tui.screens.stats.opening import LAST_RUN, OPENED_ON, last_run_words, opening
from solitaire_tui.stats.limits import OWNER
from solitaire_tui.store.history import Entry

pytestmark = pytest.mark.engine_free

HIT_OR_MISS = GAMES_BY_KEY["hit-or-miss"]
TWO_STRIKE = {"variant": "two-strike", "order": "same"}
UNLIMITED = {"variant": "unlimited", "order": "same"}


def run(options: dict[str, str], seed: int, games: int) -> Entry:
    return Entry({"game": "hit-or-miss", "options": options, "seed": seed,
                  "requested": games}, "2026-11-30 01:00:00")


KEPT = [run(TWO_STRIKE, 5, 2_000), run(UNLIMITED, 7, 3_000)]  # newest first


def test_a_run_from_the_history_opens_as_it_was_and_shows_no_other() -> None:
    opened = opening(HIT_OR_MISS, None, KEPT[1], KEPT, OWNER, 2)
    assert (opened.options, opened.seed, opened.games) == (UNLIMITED, 7, 3_000)
    assert not opened.sized and opened.last is None


def test_a_games_options_open_on_their_newest_run_and_the_menu_on_the_last_run() -> None:
    from_game = opening(HIT_OR_MISS, UNLIMITED, None, KEPT, OWNER, 2)
    assert from_game.options == UNLIMITED and from_game.last is KEPT[1]
    assert from_game.sized and from_game.seed != 7  # a new seed: r plays new deals
    from_menu = opening(HIT_OR_MISS, None, None, KEPT, OWNER, 2)
    assert from_menu.options == TWO_STRIKE and from_menu.last is KEPT[0]
    assert opening(HIT_OR_MISS, None, None, [], OWNER, 2).last is None


def test_the_words_for_the_run_opened_on_follow_what_is_said_first() -> None:
    assert last_run_words("", these=True) == LAST_RUN
    assert last_run_words("Seat 1 is a person.", these=False) == f"Seat 1 is a person. {OPENED_ON}"
