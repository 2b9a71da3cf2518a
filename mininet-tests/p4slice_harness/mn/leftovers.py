"""What a Mininet run could leave behind, and the check that it left nothing: :func:`snapshot` before
and after, :func:`leftovers` the difference that is ours (named namespaces, root-namespace links,
live child processes)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import List, Tuple


@dataclass
class Snapshot:
    """What a run could leave behind: named namespaces, root-namespace links, our child processes."""
    netns: Tuple[str, ...]
    links: Tuple[str, ...]
    children: Tuple[Tuple[int, str], ...] = field(default=())


def _root_links() -> Tuple[str, ...]:
    return tuple(sorted(os.listdir("/sys/class/net")))


def _named_netns() -> Tuple[str, ...]:
    try:
        return tuple(sorted(os.listdir("/run/netns")))
    except FileNotFoundError:
        return ()


def child_processes() -> List[Tuple[int, str]]:
    """(pid, command line) of live, non-zombie children of this process."""
    me = str(os.getpid())
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                rest = f.read().rsplit(")", 1)[1].split()
            if rest[1] != me or rest[0] == "Z":
                continue
            with open(f"/proc/{d}/cmdline", "rb") as f:
                out.append((int(d), f.read().replace(b"\x00", b" ").decode(errors="replace").strip()))
        except (OSError, IndexError):
            continue
    return sorted(out)


def snapshot() -> Snapshot:
    return Snapshot(_named_netns(), _root_links(), tuple(child_processes()))


def leftovers(before: Snapshot, after: Snapshot) -> List[str]:
    """What appeared between two snapshots and is ours: named namespaces (except other harness
    runs' ``p4s-<pid>-…`` ones, which concurrent test runs create), root-namespace links, and new
    live child processes. Empty when a teardown was clean."""
    from ..net.names import parse_run
    out = []
    ns = sorted(n for n in set(after.netns) - set(before.netns)
                if not (parse_run(n) and parse_run(n)[0] != os.getpid()))
    if ns:
        out.append(f"namespaces {ns}")
    links = sorted(set(after.links) - set(before.links))
    if links:
        out.append(f"root-namespace links {links}")
    children = sorted(set(after.children) - set(before.children))
    if children:
        out.append(f"processes {children}")
    return out
