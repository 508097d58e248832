"""The docs keep their word: the README's pictures are taken by the script that says it
takes them, every link goes somewhere, and every command a guide marks as checked
runs.

A guide marks a command as checked by showing it in a ```console block, as
``$ solitaire-tui …``; the lines after it, up to the next ``$``, are its output, each
printed as shown (one ending in ``…`` is the start of a line printed). Commands shown
in ```sh blocks are not run (they open the app, or run for minutes).
"""

from __future__ import annotations

import importlib.util
import io
import re
import shlex
from pathlib import Path
from types import ModuleType

import pytest

from solitaire_tui import cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDES = sorted(DOCS.glob("*.md"))
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *GUIDES]
FAST_SHOTS = ("menu", "sequence")  # a few seconds; the others wait for computers, a run


def screenshots() -> ModuleType:
    """``docs/screenshots.py``, which is a script, not a module of the package."""
    spec = importlib.util.spec_from_file_location("screenshots", DOCS / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_pictures(folder: Path, names: tuple[str, ...]) -> None:
    for name in names:
        picture = folder / f"{name}.svg"
        text = picture.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<svg") and "</svg>" in text, picture
        assert len(text) > 10_000, f"{picture} looks empty"


def test_the_script_takes_the_pictures(tmp_path: Path) -> None:
    taken = screenshots().shoot(tmp_path, FAST_SHOTS)
    assert [path.name for path in taken] == [f"{name}.svg" for name in FAST_SHOTS]
    check_pictures(tmp_path, FAST_SHOTS)


@pytest.mark.slow
def test_the_script_takes_every_picture(tmp_path: Path) -> None:
    module = screenshots()
    names = tuple(module.SHOTS)
    module.shoot(tmp_path, names)
    check_pictures(tmp_path, names)


def test_an_unknown_picture_is_refused_in_a_sentence(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert screenshots().main(["no-such-picture"]) == 2
    assert "no picture no-such-picture; there are menu" in capsys.readouterr().err


def test_the_readme_shows_every_picture_the_script_takes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in screenshots().SHOTS:
        assert f"docs/images/{name}.svg" in readme
        check_pictures(DOCS / "images", (name,))


def test_the_readme_keeps_the_commands_ci_runs() -> None:
    """``.ci/run`` runs what the README's first screen says: the two lines stay as
    they are."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert ("python3 -m venv .venv && . .venv/bin/activate && pip install -e . && "
            "solitaire-tui") in lines
    assert ('python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[test]" && '
            "pytest") in lines


def slug(heading: str) -> str:
    """A heading's anchor, as GitHub makes it."""
    kept = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {slug(heading) for heading in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", "", text)  # code, not links
    return re.findall(r"\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_link_goes_somewhere(page: Path) -> None:
    for link in links(page):
        if re.match(r"[a-z]+:", link):
            continue  # another site's
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{page.name}: {link} is missing"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{page.name}: {link} has no such heading"


def test_the_players_guide_shows_the_example_as_it_is() -> None:
    guide = (DOCS / "players.md").read_text(encoding="utf-8")
    shown = guide.split("```python\n", 1)[1].split("```", 1)[0]
    assert shown == (ROOT / "examples/players/rules_of_thumb.py").read_text(encoding="utf-8")


def checked_commands() -> list[tuple[str, str, list[str]]]:
    """Every ``$ solitaire-tui …`` line of the guides' ```console blocks: the guide, the
    command line and the output shown after it."""
    found = []
    for page in [ROOT / "README.md", *GUIDES]:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```console\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
            for command in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
                line, *shown = command.rstrip("\n").split("\n")
                assert line.startswith("solitaire-tui"), f"{page.name}: {line}"
                found.append((page.name, line, shown))
    return found


COMMANDS = checked_commands()


def test_the_guides_mark_commands_to_check() -> None:
    assert len(COMMANDS) >= 10
    assert {page for page, _, _ in COMMANDS} >= {"commands.md", "playing.md", "players.md"}


@pytest.mark.parametrize(("page", "line", "shown"), COMMANDS,
                         ids=[f"{page}: {line}" for page, line, _ in COMMANDS])
def test_a_checked_command_runs(page: str, line: str, shown: list[str],
                                monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    words = shlex.split(line)
    if "<" in words:  # input from a file of the repository
        at = words.index("<")
        given = (ROOT / words[at + 1]).read_text(encoding="utf-8")
        monkeypatch.setattr("sys.stdin", io.StringIO(given))
        words = words[:at] + words[at + 2:]
    monkeypatch.chdir(ROOT)  # the paths a guide shows are the repository's
    try:
        status = cli.main(words[1:])
    except SystemExit as exit:  # --help
        status = exit.code if isinstance(exit.code, int) else 1
    out, err = capsys.readouterr()
    assert status == 0, f"{page}: `{line}` exited {status}: {err}"
    printed = [printed.rstrip() for printed in out.splitlines()]
    for expected in shown:
        if expected.endswith("…"):
            assert any(one.startswith(expected[:-1].rstrip()) for one in printed), expected
        else:
            assert expected.rstrip() in printed, expected
