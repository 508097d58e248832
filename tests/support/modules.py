"""Every module of a package imported, as a test that reads what the modules define
(or what importing them does) needs them all loaded."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def import_every_module(package: ModuleType) -> None:
    """Import each module under ``package`` but its ``__main__`` (which runs the
    command line)."""
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
