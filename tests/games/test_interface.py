"""Every registered game provides the whole interface the shared services ask through
(``solitaire_tui.games.game.Game``), and what it gives back fits together: a new game
that leaves a piece out, or gives one that the others cannot use, fails here."""

from __future__ import annotations

import argparse
import inspect
import json
from dataclasses import replace

import pytest
from textual.binding import Binding

from solitaire_tui import measures
from solitaire_tui.cli import GROUPS, build_parser
from solitaire_tui.commands.arguments import Parser
from solitaire_tui.decks import numbered
from solitaire_tui.games.game import Game
from solitaire_tui.games.registry import GAMES, GAMES_BY_KEY
from solitaire_tui.play.table import GameTable, kept_deck
from solitaire_tui.replay import Replay
from solitaire_tui.stats.runs import Setup
from solitaire_tui.store.database import Database
from solitaire_tui.store.records import Records
from solitaire_tui.ui.game_screen import GameScreen
from solitaire_tui.ui.keys import GAME_KEYS
from solitaire_tui.ui.run_options import RunOptions

pytestmark = pytest.mark.engine_free


def test_the_registry_lists_each_game_once_by_a_key_of_its_own() -> None:
    keys = [game.key for game in GAMES]
    assert len(set(keys)) == len(keys) == len(GAMES_BY_KEY)
    assert len({game.title for game in GAMES}) == len(GAMES)
    for game in GAMES:
        assert isinstance(game, Game) and not inspect.isabstract(type(game))
        assert game.key and game.title and game.blurb


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_game_gives_a_screen_and_a_rules_page(game: Game) -> None:
    screen = game.screen()
    assert issubclass(screen, GameScreen) and issubclass(game.table(), GameTable)
    page = game.rules_page()
    assert page.startswith("## ") and game.title in page.splitlines()[0]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_games_own_keys_take_none_of_the_shared_ones(game: Game) -> None:
    """One key does one thing in every game: a game's play keys leave the shared keys
    alone, but for esc, which a game may take first while it has something to cancel."""
    shared = [binding for binding in GAME_KEYS if isinstance(binding, Binding)]
    actions = {binding.action for binding in shared}
    own = [binding for binding in game.screen().BINDINGS
           if isinstance(binding, Binding) and binding.action not in actions]
    assert own, "a game has keys of its own"
    assert keys_of(own) & keys_of(shared) <= {"escape"}


def keys_of(bindings: list[Binding]) -> set[str]:
    return {key for binding in bindings for key in binding.key.split(",")}


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_games_options_read_back_from_the_command_line(game: Game) -> None:
    """``play`` and ``stats`` take the game's options, and their defaults make a run."""
    for batch in (False, True):
        parser = Parser(prog="test")
        game.add_options(parser, batch=batch)
        args = parser.parse_args([])
        if batch:
            assert isinstance(game.setup(game.run_options(args)), Setup)
    args = build_parser().parse_args(["play", game.key, "--headless"])
    assert args.game == game.key


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_run_gives_back_its_options_and_replays_its_games(game: Game) -> None:
    setup = game.setup({})
    assert setup.game == game.key and callable(setup.make_kernel)
    assert game.setup(setup.options).options == setup.options  # the history reopens it
    assert isinstance(game.run_fields(setup.options), RunOptions)
    replay = game.replay(setup, 0, 17)
    assert isinstance(replay, Replay) and replay.game == game.key and "17" in replay.label


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_the_panel_opens_on_the_options_a_screen_plays(game: Game) -> None:
    """What ``t`` sends from a game screen is a run the game accepts."""
    parser = Parser(prog="test")
    game.add_options(parser, batch=False)
    parser.add_argument("--seed", type=int, default=None)
    deck = numbered(5) if game.USES_DECK else None
    table = game.table()(game, Records(Database(None)), deck, game.screen_options(
        parser.parse_args([]), deck))
    assert isinstance(game.setup(game.OPTIONS.panel(table.options)), Setup)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_game_in_play_is_kept_as_json_and_rebuilt_the_same(game: Game) -> None:
    """What resuming needs of a game: the screen's options through JSON and back
    (the game's ``OPTIONS`` codec), its flags, and its moves played again
    through the rules to the same position."""
    parser = Parser(prog="test")
    game.add_options(parser, batch=False)
    parser.add_argument("--seed", type=int, default=None)
    deck = numbered(5) if game.USES_DECK else None
    records = Records(Database(None))
    table = game.table()(game, records, deck, game.screen_options(
        parser.parse_args(["--seed", "7"]), deck))
    for _ in range(3):
        table.session.play(table.rules.legal_moves(table.session.state)[-1])
    kept = table.kept("slot")
    assert kept is not None and len(kept.moves) == 3
    kept = replace(kept, options=json.loads(json.dumps(kept.options)),
                   flags=json.loads(json.dumps(kept.flags)))
    resumed = game.table()(game, records, kept_deck(game, kept),
                           game.OPTIONS.decode(kept.options, None))
    resumed.take(kept)
    assert resumed.session.state == table.session.state
    assert (resumed.options, resumed.flags(), resumed.deck) == (
        table.options, table.flags(), table.deck)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_games_own_commands_and_measures_fit_the_command_line(game: Game) -> None:
    for command in game.commands():
        assert command.group in GROUPS and command.name and callable(command.run)
        command.arguments(argparse.ArgumentParser())
    for case in measures.of(game).kernels():
        assert case.name and callable(case.kernel) and callable(case.pure)
