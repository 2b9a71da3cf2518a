"""Harness namespace and interface names, and what of ours exists on this machine.

Namespace names are ``p4s-<pid>-<4 hex>-<short name>`` (``p4s-4711-a3f0-s1``): the pid and a
random token make parallel runs and leftovers of dead runs never collide. :func:`new_run_id`,
:func:`ns_name`, :func:`parse_run` and :func:`check_ifname` are pure; :func:`list_namespaces`,
:func:`stale_namespaces` and :func:`processes_mentioning` only read (``/run/netns``, ``/proc``).
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..errors import NetnsError

PREFIX = "p4s"
NETNS_DIR = Path("/run/netns")
IFNAME_MAX = 15
_SHORT_RE = re.compile(r"^[a-z0-9][a-z0-9_]{0,30}$")
_IFNAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
_RUN_RE = re.compile(rf"^{PREFIX}-(\d+)-([0-9a-f]{{4}})-")


def new_run_id(pid: Optional[int] = None, token: Optional[str] = None) -> str:
    """``p4s-<pid>-<4 hex>``: unique per test run."""
    pid = os.getpid() if pid is None else pid
    token = secrets.token_hex(2) if token is None else token
    if not re.fullmatch(r"[0-9a-f]{4}", token):
        raise NetnsError(f"run token must be 4 lowercase hex digits, got {token!r}")
    return f"{PREFIX}-{pid}-{token}"


def ns_name(run_id: str, short: str) -> str:
    """Namespace name for node ``short`` of run ``run_id``."""
    if not _RUN_RE.match(run_id + "-"):
        raise NetnsError(f"not a run id: {run_id!r}")
    if not _SHORT_RE.match(short):
        raise NetnsError(f"node name must match {_SHORT_RE.pattern}, got {short!r}")
    return f"{run_id}-{short}"


def check_ifname(name: str) -> str:
    """Validate a Linux interface name (1..15 chars, no '/', ':' or whitespace)."""
    if not isinstance(name, str) or not 1 <= len(name) <= IFNAME_MAX or not _IFNAME_RE.match(name):
        raise NetnsError(f"invalid interface name {name!r} (1..{IFNAME_MAX} chars of [A-Za-z0-9_.-])")
    return name


def parse_run(ns: str):
    """(pid, token) of a harness namespace name, or None if the name is not one of ours."""
    m = _RUN_RE.match(ns)
    return (int(m.group(1)), m.group(2)) if m else None


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists (also one of another user)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stale_namespaces(names: Optional[Sequence[str]] = None) -> List[str]:
    """Harness namespaces whose creating process is gone (left over by a killed run).

    Read-only: the harness never deletes them on its own (only namespaces a run created itself are
    touched); remove them deliberately with ``python -m p4slice_harness.net.netns --delete-stale``.
    """
    if names is None:
        names = list_namespaces()
    out = []
    for n in names:
        run = parse_run(n)
        if run and not pid_alive(run[0]):
            out.append(n)
    return sorted(out)


def list_namespaces() -> List[str]:
    try:
        return sorted(p.name for p in NETNS_DIR.iterdir())
    except FileNotFoundError:
        return []


def processes_mentioning(text: str) -> List[Tuple[int, str]]:
    """(pid, command line) of live processes whose command line contains ``text``."""
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == os.getpid():
            continue
        try:
            with open(f"/proc/{d}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\x00", b" ").decode(errors="replace").strip()
            with open(f"/proc/{d}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if text in cmdline and state != "Z":
            out.append((int(d), cmdline))
    return out


def is_zombie(pid: int) -> bool:
    """Whether the process has exited and waits to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False
