"""Games of one's own: description files in the data directory's ``games/``, read as
hostile input, played by the command line as the shipped ones are, never read for a
``serve`` guest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from rules.calculation import game as calc
from rules.calculation.description import LARGEST_FILE, parse
from rules.cards import deal_cards
from rules.play import final_state
from rules.players.calculation import GreedyPlayer
from solitaire_tui import cli
from solitaire_tui.games.described import own
from solitaire_tui.store.database import DATA_DIR_VARIABLE

ROOT = Path(__file__).resolve().parents[3]
# Calculation's description, made one of one's own: another key and name, and the
# turned cards waiting on a waste pile, gone through twice.
MINE = ((ROOT / "rules/calculation/games/calculation.toml").read_text(encoding="utf-8")
        .replace('key = "calculation"', 'key = "four-kings"')
        .replace('name = "Calculation"', 'name = "Four Kings"')
        .replace("[storage]\npiles = 4", "[storage]\npiles = 0")
        .replace("passes = 1\n", "passes = 2\nwaste = true\n"))


def games(data: Path, **files: str | bytes) -> Path:
    folder = own.folder(data)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        path = folder / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return folder


def test_mine_is_a_game_of_its_own() -> None:
    mine = parse(MINE)
    assert (mine.key, mine.storage, mine.passes, mine.waste) == ("four-kings", 0, 2, True)


def test_a_file_that_is_a_game_is_played_and_each_other_gives_one_sentence(
        tmp_path: Path) -> None:
    folder = games(tmp_path, **{
        "four-kings.toml": MINE,
        "again.toml": MINE,  # the same key twice: the first in name order is kept
        "steps.toml": MINE.replace('key = "four-kings"', 'key = "steps"').replace(
            "step = 2", "step = 0", 1),
        "taken.toml": MINE.replace('key = "four-kings"', 'key = "calculation"'),
        "long.toml": "#" * (4 * LARGEST_FILE + 1),
        "latin.toml": MINE.replace("Four Kings", "Quatre Rois é").encode("latin-1", "replace"),
        "notes.txt": "not a description: not read",
    })
    found = own.read(tmp_path, taken={"calculation", "sequence"})
    assert [description.key for description in found.descriptions] == ["four-kings"]
    said = dict(problem.split(": ", 1) for problem in found.problems)
    assert said == {
        str(folder / "four-kings.toml"): "key: 'four-kings' is another game's",
        str(folder / "latin.toml"): "the file is not UTF-8 text",
        str(folder / "long.toml"): f"the file is longer than {LARGEST_FILE:,} characters",
        str(folder / "steps.toml"): said[str(folder / "steps.toml")],
        str(folder / "taken.toml"): "key: 'calculation' is another game's",
    }
    assert said[str(folder / "steps.toml")].startswith("foundation[2].step: 0 is not")
    assert own.read(tmp_path / "nobody", taken=()) == own.Found()


def test_a_pipe_or_a_folder_named_as_a_game_is_refused_unread(tmp_path: Path) -> None:
    folder = games(tmp_path)
    os.mkfifo(folder / "pipe.toml")  # opened, it would wait for a writer for ever
    (folder / "folder.toml").mkdir()
    done: list[own.Found] = []
    reader = threading.Thread(target=lambda: done.append(own.read(tmp_path, ())), daemon=True)
    reader.start()
    reader.join(10)
    assert done and done[0].descriptions == ()
    assert sorted(problem.rsplit(": ", 1)[1] for problem in done[0].problems) == [
        "not a regular file", "not a regular file"]


def test_only_so_many_files_are_read(tmp_path: Path) -> None:
    games(tmp_path, **{f"g{index:03}.toml": MINE.replace(
        'key = "four-kings"', f'key = "g{index:03}"') for index in range(own.MOST + 3)})
    found = own.read(tmp_path, ())
    assert len(found.descriptions) == own.MOST
    assert found.problems == (f"{own.folder(tmp_path)} holds more than {own.MOST} games:"
                              f" the first {own.MOST} are read",)


@pytest.mark.integration
def test_the_command_line_plays_ones_own_game_and_says_what_is_not_one(
        tmp_path: Path) -> None:
    """In a process of its own, as the registry is read once a process."""
    folder = games(tmp_path, **{"four-kings.toml": MINE, "bad.toml": MINE.replace(
        'key = "four-kings"', 'key = "bad"').replace("passes = 2", "passes = 9")})
    env = {**os.environ, DATA_DIR_VARIABLE: str(tmp_path)}

    def command(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "solitaire_tui", *argv], env=env,
                              capture_output=True, text=True, timeout=300, cwd=ROOT)

    bad = f"solitaire-tui: {folder / 'bad.toml'}: stock.passes: 9 is not a whole number"
    played = command("stats", "four-kings", "-n", "400", "--seed", "50", "--json")
    assert played.returncode == 0 and played.stderr.startswith(bad)
    mine = parse(MINE)
    ends = [final_state(calc, calc.new_game(mine, deal_cards(deal)), GreedyPlayer().choose)
            for deal in range(50, 450)]
    data = json.loads(played.stdout)
    assert data["wins"] == sum(calc.is_won(end) for end in ends)
    assert data["histograms"]["final_cards"] == {
        str(cards): count for cards, count in sorted(
            {end.final_cards: sum(1 for other in ends if other.final_cards == end.final_cards)
             for end in ends}.items())}
    refused = command("play", "bad", "--headless")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(bad) and "there is no game 'bad'" in refused.stderr
    assert "9 four-kings" in command("play", "--help").stdout


def test_a_guest_never_reads_the_owners_games(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[Path] = []
    monkeypatch.setattr(cli, "take_owners_games", read.append)
    monkeypatch.setattr(cli, "_open_app", lambda *args: 0)
    assert cli.main(["--guest", "1", "1000"]) == 0 and read == []
    assert cli.main([]) == 0 and len(read) == 1
