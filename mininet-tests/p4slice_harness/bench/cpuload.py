"""A bounded CPU load beside a measurement, started the way a user's background build is.

:class:`CpuLoad` runs ``processes`` busy loops at ``nice`` for at most ``seconds``: every process
ends by itself at its deadline, and ``close()`` (leaving the ``with`` block) ends them sooner.
Where it runs matters on a kernel with ``kernel.sched_autogroup_enabled=1``, which shares the CPU
first between *sessions* and only then by ``nice`` inside one:

- ``session="own"``: all processes in one new session, like a build started from another
  terminal (``setsid nice -n 19 make -j2``): a group of its own, as strong as any other session
  whatever its nice;
- ``session="caller"``: in the caller's session, like ``nice -n 19 make -j2 &`` typed in the shell
  that then runs the demo: its nice orders it against everything else of that session.

Either way the processes share one process group of their own (a Ctrl-C at the terminal does not
reach them; ``close()`` signals the group). :func:`~p4slice_harness.net.sessions.autogroup` reads ``/proc/<pid>/autogroup``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import HarnessError
from ..lifecycle import Started
from ..net.sessions import autogroup

SESSIONS = ("own", "caller")

# the leader forks the other busy loops, so all share its session and process group
_BUSY = """
import os, sys, time
n, nice, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
os.nice(nice)
end = time.monotonic() + seconds
for _ in range(n - 1):
    if os.fork() == 0:
        break
while time.monotonic() < end:
    pass
"""


class CpuLoadError(HarnessError, ValueError):
    """Bad parameters of a CPU load, or its processes did not start."""


def _stat(pid: int) -> Optional[List[str]]:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()   # fields from "state" on


class CpuLoad(Started):
    """``processes`` busy loops at ``nice`` for at most ``seconds`` (see the module's doc)."""

    def __init__(self, processes: int = 2, nice: int = 19, session: str = "own", seconds: float = 120.0):
        if isinstance(processes, bool) or not isinstance(processes, int) or processes < 1:
            raise CpuLoadError(f"processes must be an integer >= 1, got {processes!r}")
        if isinstance(nice, bool) or not isinstance(nice, int) or not 0 <= nice <= 19:
            raise CpuLoadError(f"nice must be an integer in [0, 19], got {nice!r}")
        if session not in SESSIONS:
            raise CpuLoadError(f"session must be one of {', '.join(SESSIONS)}, got {session!r}")
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 3600:
            raise CpuLoadError(f"seconds must be in (0, 3600], got {seconds!r}")
        self.processes, self.nice, self.session, self.seconds = processes, nice, session, float(seconds)
        self.leader: Optional[subprocess.Popen] = None

    def __repr__(self) -> str:
        return f"{self.processes} busy loop(s) at nice {self.nice} in {self.describe_session()}"

    def describe_session(self) -> str:
        return "a session of their own" if self.session == "own" else "the caller's session"

    def start(self) -> None:
        group = {"start_new_session": True} if self.session == "own" else {"process_group": 0}
        self.leader = subprocess.Popen([sys.executable, "-c", _BUSY, str(self.processes), str(self.nice),
                                        str(self.seconds)], stdin=subprocess.DEVNULL, **group)
        deadline = time.monotonic() + 10.0
        while len(self.pids()) < self.processes:
            if self.leader.poll() is not None:
                raise CpuLoadError(f"the CPU load exited at once with status {self.leader.returncode}")
            if time.monotonic() > deadline:
                raise CpuLoadError(f"only {len(self.pids())} of {self.processes} busy loops started within 10 s")
            time.sleep(0.02)

    def pids(self) -> List[int]:
        """The running busy loops (the process group of the leader)."""
        if self.leader is None:
            return []
        out = []
        for d in Path("/proc").iterdir():
            if d.name.isdigit():
                st = _stat(int(d.name))
                if st is not None and int(st[2]) == self.leader.pid and st[0] not in ("Z", "X"):
                    out.append(int(d.name))
        return sorted(out)

    def describe(self) -> Dict[str, object]:
        """What runs: pid -> nice, session id and autogroup, for reports."""
        procs = {}
        for pid in self.pids():
            st = _stat(pid)
            if st is not None:
                procs[str(pid)] = {"nice": int(st[16]), "session": int(st[3]), "autogroup": autogroup(pid)}
        return {"processes": self.processes, "nice": self.nice, "session": self.session,
                "seconds": self.seconds, "running": procs}

    def close(self) -> None:
        leader, self.leader = self.leader, None
        if leader is None:
            return
        try:
            os.killpg(leader.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        leader.wait(timeout=10)
