"""The processes of the cluster lab's namespaces: list, signal, memory (reads ``/proc``).

The lab's namespaces are its own (``p4scl-*``, :mod:`.layout`): whatever runs in one of them was
started by the lab, so stopping a node means signalling every process of its namespace, by pid.
"""

from __future__ import annotations

import os
import time
from typing import Dict, Iterable, List, Optional

from ..net.netns import run
from ..net.names import is_zombie, pid_alive


def namespace_pids(ns: str) -> List[int]:
    """Live (not zombie) processes of a namespace, [] if it does not exist."""
    if not os.path.exists(f"/run/netns/{ns}"):
        return []
    cp = run(["ip", "netns", "pids", ns], check=False)
    if cp.returncode != 0:
        return []
    return [p for p in (int(x) for x in cp.stdout.split()) if p != os.getpid() and not is_zombie(p)]


def kill_namespace(ns: str, signals: Iterable[int], grace: float = 10.0) -> List[int]:
    """Sends each signal in turn to every process of ``ns``, waiting up to ``grace`` s after each
    for them to go; returns the pids signalled."""
    signalled: List[int] = []
    for sig in signals:
        pids = namespace_pids(ns)
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, sig)
                signalled.append(pid)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(pid_alive(p) and not is_zombie(p) for p in pids):
            time.sleep(0.1)
    return sorted(set(signalled))


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def java_pid(ns: str, marker: str = "") -> Optional[int]:
    """The JVM of a namespace (the one whose command line contains ``marker``), or None."""
    for pid in namespace_pids(ns):
        line = cmdline(pid)
        if "/java " in f"{line} " or line.split(" ", 1)[0].endswith("/java"):
            if marker in line:
                return pid
    return None


def rss_kib(pid: int) -> int:
    """Resident set size of a process in KiB (``VmRSS``), 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def memory_mib(pids: Dict[str, Optional[int]]) -> Dict[str, Optional[float]]:
    """{name: RSS in MiB (one decimal)} of named processes; None where there is no process."""
    return {name: (round(rss_kib(pid) / 1024, 1) if pid else None) for name, pid in pids.items()}
