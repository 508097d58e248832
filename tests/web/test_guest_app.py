"""A guest's app (as ``serve`` starts it) on its own: whatever size it is told, in a
resize or in its keys, it draws no more than a guest's largest screen."""

from __future__ import annotations

from pathlib import Path

from solitaire_tui.app import SolitaireApp
from solitaire_tui.stats import limits
from tests.pilots import until


async def test_a_guests_app_draws_no_larger_than_its_limit(data_path: Path) -> None:
    app = SolitaireApp(data=data_path, limits=limits.guest(1, 1000))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.resize_terminal(100_000, 100_000)
        await until(pilot, lambda: tuple(app.size) != (100, 32))
        assert tuple(app.size) == limits.GUEST_SIZE
        await pilot.resize_terminal(90, 30)  # within it: as told
        await until(pilot, lambda: tuple(app.size) == (90, 30))


async def test_the_owners_app_is_the_size_of_the_terminal(data_path: Path) -> None:
    app = SolitaireApp(data=data_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.resize_terminal(500, 40)
        await until(pilot, lambda: tuple(app.size) == (500, 40))
