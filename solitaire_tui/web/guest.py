"""A visitor's app: this package run as a guest, in a process held to its share.

The process is started without a shell, isolated (``python -I``), in the visitor's
directory, with an environment of its own (``environment``: nothing of the owner's
but what the app needs, so no secret of theirs reaches it), files only its user can
read (umask 077), and a memory ceiling: the server looks at its resident memory
every second and ends it past ``ceiling`` (SIGTERM, which the web driver answers by
quitting, then SIGKILL), and the kernel refuses it data beyond twice that
(``RLIMIT_DATA``) should it grow faster than the server looks.

Why those two measures and not an address-space limit: a guest app on its menu
reserves 260 MB of address space for 48 MB resident, and after a statistics run
900 MB for 200 MB (numba's LLVM and the worker threads' arenas reserve what they
may never touch), so ``RLIMIT_AS`` would refuse a normal app long before it used
its memory. ``RLIMIT_DATA`` counts only writable private memory (240 MB there), and
resident memory is what the machine runs out of.

Its keys are written without waiting on the pipe: when the app has not read what
was written before (its pipe is full), the keys are dropped and ``send_bytes`` says
so, and the server goes on reading the visitor's socket, so it sees them leave. Told
to stop, the app gets ``QUIT_SECONDS`` to quit, however full its pipe is, and is
killed then.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import resource
import shlex
import signal
from pathlib import Path
from typing import Any, Literal, cast

from textual_serve.app_service import AppService

from solitaire_tui import lifeline
from solitaire_tui.engine import CACHE_VARIABLE, use_cache_dir
from solitaire_tui.printable import escaped_lines
from solitaire_tui.store.database import DATA_DIR_VARIABLE

log = logging.getLogger("solitaire-tui.serve")

QUIT_SECONDS = 5.0  # an app told to quit that is still there after this is killed
LOOK_SECONDS = 1.0  # how often the app's memory is looked at
DATA_TIMES = 2  # RLIMIT_DATA, in ceilings: the kernel's bound should the app outrun a look
GUEST_UMASK = 0o077  # a visitor's files are the server's user's alone
DRIVER = "solitaire_tui.web.driver:GuestDriver"
SAID_BYTES = 4096  # of an app's stderr, the most textual-serve may echo to the server's output
# What the app may have of the owner's environment: where programs are, the language,
# the time zone, and numba's own settings (the server sets its threads and cache).
KEPT = ("PATH", "LANG", "LANGUAGE", "TZ", "TMPDIR")
KEPT_PREFIXES = ("LC_", "NUMBA_")


def environment(owner: dict[str, str], directory: Path, threads: int,
                textual: dict[str, str]) -> dict[str, str]:
    """A guest app's environment: the few variables of the owner's it needs
    (``KEPT``), textual-serve's own (``textual``: the driver, the size, the colours),
    and ours: its data and home in the visitor's directory, the compiled engine's
    cache (the owner's, not one a visitor fills), its threads and its parent."""
    made = {key: value for key, value in owner.items()
            if key in KEPT or key.startswith(KEPT_PREFIXES)}
    made.update({key: value for key, value in textual.items()
                 if key.startswith(("TEXTUAL", "TERM_PROGRAM")) or key in ("COLUMNS", "ROWS")})
    made.update({
        "TEXTUAL_DRIVER": DRIVER,
        "TERM": "xterm-256color",
        "HOME": str(directory),
        DATA_DIR_VARIABLE: str(directory),
        CACHE_VARIABLE: str(use_cache_dir()),
        # Every compiled kernel in the app, not only a run's: the findings, a search.
        "NUMBA_NUM_THREADS": str(threads),
    })
    return lifeline.child_environment(made)


def resident_bytes(pid: int) -> int | None:
    """A process's resident memory (Linux's ``/proc``), None when it cannot be read."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


class EscapedReader:
    """An app's stderr as textual-serve reads it: escaped, and at most ``SAID_BYTES``.
    textual-serve echoes it as it is to the server's output (the owner's terminal)
    when an app fails to start, and again when it ends; what is past the bound is
    still read, so that the app never waits on a full pipe."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader
        self._left = SAID_BYTES

    async def read(self, n: int = -1) -> bytes:
        while data := await self._reader.read(n):
            if self._left > 0:
                said = escaped_lines(data.decode("utf-8", "replace")).encode()[:self._left]
                self._left -= len(said)
                return said
        return b""


class GuestApp(AppService):
    """One visitor's app; closing the browser's socket when it ends, however it ends.
    ``ceiling``: its most resident bytes; ``name``: the visitor's, for the log."""

    def __init__(self, argv: list[str], directory: Path, threads: int, ceiling: int,
                 name: str, **relay: Any) -> None:
        super().__init__(shlex.join(argv), **relay)
        self.argv = argv
        self.directory = directory
        self.threads = threads
        self.ceiling = ceiling
        self.name = name
        self._watch: asyncio.Task[None] | None = None

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return environment(dict(os.environ), self.directory, self.threads,
                           super()._build_environment(width, height))

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        # In the visitor's directory, and isolated (``-I`` in ``argv``): no module is
        # found in the directory the server was started from.
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width, height),
            cwd=self.directory, umask=GUEST_UMASK)
        with contextlib.suppress(OSError, ValueError, AttributeError):  # not Linux
            data = DATA_TIMES * self.ceiling
            resource.prlimit(process.pid, resource.RLIMIT_DATA, (data, data))
        assert process.stdin is not None and process.stderr is not None
        process.stderr = cast(asyncio.StreamReader, EscapedReader(process.stderr))
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        await super().start(width, height)
        self._watch = asyncio.create_task(self._watch_memory())

    async def run(self) -> None:
        await super().run()
        await self.remote_close()  # the app ended: so does the visit

    @property
    def behind(self) -> bool:
        """Whether the app has not read what it was sent: its pipe is full."""
        transport = self.stdin.transport
        return transport.is_closing() or transport.get_write_buffer_size() > 0

    def _put(self, kind: Literal[b"D", b"M"], payload: bytes) -> bool:
        """Write a packet unless the app is behind; whether it was written."""
        if self._stdin is None or self.behind:
            return False
        self._stdin.write(self.encode_packet(kind, payload))
        return True

    async def send_bytes(self, data: bytes) -> bool:
        return self._put(b"D", data)

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        return self._put(b"M", json.dumps(data).encode("utf-8"))

    async def stop(self) -> None:
        """Tell the app to quit (at once by a signal if its pipe is full); kill it if
        it is still there ``QUIT_SECONDS`` later. Its process has ended on return."""
        if self._watch is not None:
            self._watch.cancel()
        task, self._task = self._task, None
        process = self._process
        if task is None or process is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if not await self.send_meta({"type": "quit"}):
            self._signal(signal.SIGTERM)
        ending = asyncio.gather(task, process.wait())
        try:
            await asyncio.wait_for(asyncio.shield(ending), QUIT_SECONDS)
        except asyncio.TimeoutError:
            self._signal(signal.SIGKILL)
            await ending

    def _signal(self, number: signal.Signals) -> None:
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(number)

    async def _watch_memory(self) -> None:
        """End the app once it holds more than its ceiling; the loop ends with it."""
        process = self._process
        while process is not None and process.returncode is None:
            used = resident_bytes(process.pid)
            if used is not None and used > self.ceiling:
                log.warning("visitor %s: the app reached its memory ceiling (%d MB) and"
                            " was ended", self.name, self.ceiling // 2**20)
                self._signal(signal.SIGTERM)
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(process.wait(), QUIT_SECONDS)
                self._signal(signal.SIGKILL)
                return
            await asyncio.sleep(LOOK_SECONDS)
