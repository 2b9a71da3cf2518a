"""One L3 lab per ONOS installation at a time: an exclusive ``flock`` on
``<installation>/run/p4slice-lab.lock`` held for the lab's whole life (the suite, the benchmark, a
script using :class:`OnosLab`).

Two labs on one installation would share ONOS's ports, its Karaf and its state: the second one's
clean start wipes the first one's store, its ``bin/stop`` stops the first one's ONOS. The lock file
names its holder (pid and command line); the kernel releases it when the holder dies, so a killed
run never leaves it stuck.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path
from typing import Optional

from ..errors import HarnessError

LOCK_NAME = "p4slice-lab.lock"


class LabBusy(HarnessError):
    """Another lab holds the assembly."""


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()[:200]
    except OSError:
        return "?"


class AssemblyLock:
    """``acquire(wait)``: take the lock, waiting up to ``wait`` s for a holder to finish (LabBusy
    naming it otherwise); ``release()``. Also a context manager (no wait)."""

    def __init__(self, home):
        self.path = Path(home) / "run" / LOCK_NAME
        self._fd: Optional[int] = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def holder(self) -> str:
        try:
            return self.path.read_text().strip() or "unknown"
        except OSError:
            return "unknown"

    def acquire(self, wait: float = 0.0, poll: float = 1.0) -> "AssemblyLock":
        if self._fd is not None:
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise LabBusy(f"the ONOS assembly {self.path.parent.parent} is in use by another p4slice lab "
                                  f"(holder: {self.holder()}); wait until it finishes "
                                  f"(or set P4S_ONOS_LOCK_WAIT=<seconds>)") from None
                time.sleep(poll)
        os.ftruncate(fd, 0)
        os.write(fd, f"pid {os.getpid()}: {_cmdline(os.getpid())}\n".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()
        return False


def take_assembly(lock: AssemblyLock, onos, step) -> None:
    """Takes the assembly for a lab: the lock (waiting ``$P4S_ONOS_LOCK_WAIT`` s, default 0), then no
    ONOS may be running on it; one that runs, maybe someone else's, is stopped only with
    ``P4S_ONOS_TAKEOVER=1`` (through ``step(what, fn)``), else HarnessError names it."""
    lock.acquire(float(os.environ.get("P4S_ONOS_LOCK_WAIT", "0")))
    if onos.running():
        if os.environ.get("P4S_ONOS_TAKEOVER") != "1":
            raise HarnessError(f"ONOS of {onos.home} is already running (pid {onos.pid()}), maybe "
                               f"someone else's: stop it ({onos.karaf}/bin/stop) or set "
                               f"P4S_ONOS_TAKEOVER=1 to let the lab stop it")
        step("stop the running ONOS (P4S_ONOS_TAKEOVER=1)", onos.stop)
