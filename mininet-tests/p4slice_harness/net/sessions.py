"""The testbed's processes in sessions of their own, weighted like the session that started them.

With ``kernel.sched_autogroup_enabled=1`` (the default of desktop kernels) the scheduler shares the
CPU first between *autogroups*, one per session, and only then by ``nice`` among the processes of
one group. Every switch and every iperf3 therefore runs in a session of its own
(:func:`popen_own_session`): a ``nice -n 19`` build started from the harness's shell shares its
group with nothing of the testbed's, and ``nice`` keeps it behind the harness there.

A new session's group starts at ``nice 0``. When the harness's own group has a lower one (an operator
who ran ``echo -10 > /proc/$$/autogroup`` to speed up a build in that shell), a ``nice 19`` load
started from that shell rides on that weight: measured on 2 CPUs, two such busy loops beside the
demo's traffic, with the harness's group at nice -15, cut every slice's delivered rate by 18 % (test
``tests/bmv2/test_busy.py``). So each new group gets the harness's group's nice when that is lower
than 0 (:func:`share_caller_weight`; lowering it needs root, as the bmv2 tests run, and is skipped
with the reason otherwise). A higher nice (a caller that lowered its own weight) is not copied: the
testbed keeps the kernel's default.

A process that never left the session of PID 1 (a CI runner started by a container's init) belongs
to the kernel's *root* group: its ``/proc/<pid>/autogroup`` is empty, it weighs what ``nice 0`` does,
and its weight cannot be changed (writing the file fails with EINVAL); :func:`autogroup_nice` reads
it as 0.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Optional

AUTOGROUP_SYSCTL = Path("/proc/sys/kernel/sched_autogroup_enabled")
_NICE = re.compile(r"\snice\s+(-?\d+)\s*$")


def autogroup_enabled() -> Optional[bool]:
    """``kernel.sched_autogroup_enabled`` (None: the kernel has no autogroup scheduling)."""
    try:
        return AUTOGROUP_SYSCTL.read_text().strip() == "1"
    except OSError:
        return None


def autogroup(pid: int) -> Optional[str]:
    """The autogroup line of a process (``/autogroup-93 nice 0``; ``""`` in the root group), None if
    the kernel has no such file or the process is gone."""
    try:
        return Path(f"/proc/{pid}/autogroup").read_text().strip()
    except OSError:
        return None


def in_root_group(pid: int) -> bool:
    """Whether ``pid`` is in the kernel's root group (a session that never got an autogroup)."""
    return autogroup(pid) == ""


def autogroup_nice(pid: int) -> Optional[int]:
    """The nice of a process's autogroup (0 in the root group), None where it has no autogroup file
    or the line cannot be read."""
    line = autogroup(pid)
    if line == "":
        return 0
    m = _NICE.search(line) if line else None
    return int(m.group(1)) if m else None


def set_autogroup_nice(pid: int, nice: int) -> None:
    """Set the nice of ``pid``'s autogroup (raises OSError: no such group, or not allowed)."""
    Path(f"/proc/{pid}/autogroup").write_text(f"{nice}\n")


def share_caller_weight(pid: int) -> Optional[str]:
    """Give the autogroup of ``pid`` (a session leader this process started) this process's group's
    nice when that is below 0; None when done or not needed, else why it could not be done."""
    mine = autogroup_nice(os.getpid())
    if mine is None or mine >= 0 or not autogroup_enabled():
        return None
    try:
        set_autogroup_nice(pid, mine)
    except OSError as e:
        return f"the autogroup of process {pid} keeps nice 0, not the harness's {mine}: {e.strerror}"
    return None


def popen_own_session(argv, **kwargs) -> subprocess.Popen:
    """``subprocess.Popen`` in a session (and autogroup) of its own that weighs what the caller's does."""
    proc = subprocess.Popen(argv, start_new_session=True, **kwargs)
    share_caller_weight(proc.pid)
    return proc
