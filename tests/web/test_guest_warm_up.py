"""The background warm-up a guest's app starts: isolated as the app is, and run where
the package is, never in the visitor's directory (where ``-m`` would find a module a
visitor's files could shadow)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_tui import engine
from solitaire_tui.engine import Part, Warmup, warm_command

pytestmark = pytest.mark.engine_free

# A part no warm-up has compiled: the cache is never warm for it, so a warm-up starts.
UNKNOWN = Part("a-test's-own", "a test's own part", "nowhere:nothing")


def test_a_guests_warm_up_is_isolated_as_its_app_is(tmp_path: Path) -> None:
    """A guest runs as ``python -I`` (``serve``'s argv); the warm-up it starts (its
    ``Warmup``'s command) is ``-I`` too. An app the owner runs as they like is not."""
    shown = subprocess.run(
        [sys.executable, "-I", "-c", "import json\nfrom solitaire_tui.engine import Warmup\n"
         "print(json.dumps(list(Warmup(parts=[]).command)))"],
        cwd=tmp_path, capture_output=True, text=True, check=True, timeout=60).stdout
    assert json.loads(shown) == [sys.executable, "-I", "-m", "solitaire_tui", "warm",
                                 "--background"]
    assert not sys.flags.isolated  # pytest's own process
    assert "-I" not in warm_command()


def test_the_warm_up_runs_where_the_package_is_not_in_the_visitors_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app runs in the visitor's directory; the process it starts runs elsewhere."""
    monkeypatch.chdir(tmp_path)  # as a guest's app is
    warm_up = Warmup(parts=[UNKNOWN], command=[sys.executable, "-c",
                                                "import os; print(os.getcwd())"])
    assert warm_up.start()
    process = warm_up._process
    assert process is not None and process.stdout is not None
    where = Path(process.stdout.read().strip())
    assert process.wait(60) == 0
    assert where == Path(engine.__file__).resolve().parent.parent
    assert not where.is_relative_to(tmp_path)
