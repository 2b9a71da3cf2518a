"""Network namespaces and veth pairs for tests, with guaranteed cleanup.

Everything a test creates lives in a :class:`TestNetwork` (a context manager):

- namespace names are ``p4s-<pid>-<4 hex>-<short name>`` (:mod:`p4slice_harness.net.names`): the
  pid and a random token make parallel runs and leftovers of dead runs never collide;
- veth pairs are created *directly inside* their two namespaces
  (``ip link add NAME netns A type veth peer name PEER netns B``), so nothing ever appears in the
  root namespace and interface names (max 15 chars) only need to be unique per namespace;
- each namespace gets IPv6 disabled before its interfaces exist (no DAD, router solicitations or
  MLD reports polluting captures) and each veth end gets ``ethtool -K`` :data:`OFFLOADS_OFF`
  (no VLAN/checksum offload: tagged frames reach bmv2 and the capture sockets as sent; no
  segmentation/receive offload: bmv2's receive rings hold 10 times more frames, see there);
- on exit (also on exceptions, and at interpreter exit as a last resort) the network stops the
  processes registered with it, kills any process still inside *its own* namespaces (by pid), and
  deletes *its own* namespaces (which destroys their veths). Nothing else is ever touched.

:func:`call_in_netns` runs a function in a short-lived thread that has entered a namespace: sockets
created there stay bound to that namespace, so a test process can send and capture in any
namespace without spawning helpers (see :mod:`p4slice_harness.net.traffic`).
"""

from __future__ import annotations

import atexit
import ctypes
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

from ..errors import NetnsError
from .names import NETNS_DIR, check_ifname, is_zombie, new_run_id, ns_name, pid_alive, stale_namespaces

CLONE_NEWNET = 0x40000000
# ethtool -K on every veth end of a testbed (here, in Mininet and in the ONOS lab): VLAN and checksum
# offloads off (tagged frames reach bmv2 and capture sockets as sent, no partial checksums), and the
# segmentation/receive offloads: with any of them on, libpcap (which bmv2 reads its ports with) sizes
# each slot of its receive ring for a 64 KiB packet, and the 2 MiB ring holds 32 frames, so a switch not
# scheduled for 60 ms at 520 frames/s loses frames; with them off a slot fits the MTU and the ring holds
# 300-400 (measured by pausing a switch, see docs/benchmarks.md). Frames on the wire are the same:
# without checksum offload the kernel segments before the veth anyway.
OFFLOADS_OFF = ("rxvlan", "off", "txvlan", "off", "tx", "off", "tso", "off", "gso", "off", "gro", "off")


# ----------------------------------------------------------------------------------------------
# Commands
# ----------------------------------------------------------------------------------------------
def run(cmd: Sequence[str], timeout: float = 20.0, check: bool = True) -> subprocess.CompletedProcess:
    """Run a command with a deadline; NetnsError with its output if it fails."""
    try:
        cp = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise NetnsError(f"command not found: {cmd[0]} (needed for: {' '.join(cmd)})") from None
    except subprocess.TimeoutExpired:
        raise NetnsError(f"timed out after {timeout}s: {' '.join(cmd)}") from None
    if check and cp.returncode != 0:
        raise NetnsError(f"failed ({cp.returncode}): {' '.join(cmd)}\n{cp.stderr.strip() or cp.stdout.strip()}")
    return cp


_libc = None


def _setns(fd: int) -> None:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    if _libc.setns(fd, CLONE_NEWNET) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"setns: {os.strerror(err)}")


def call_in_netns(netns, fn: Callable, *args, **kwargs):
    """Run ``fn(*args, **kwargs)`` in a fresh thread that entered network namespace ``netns``
    (a :class:`NetNamespace`, a namespace name, or a path such as ``/proc/<pid>/ns/net``) and
    return its result (or raise its exception). The caller's thread never changes namespace."""
    path = netns_path(netns)
    result = {}

    def target():
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            try:
                _setns(fd)
            finally:
                os.close(fd)
            result["value"] = fn(*args, **kwargs)
        except BaseException as e:  # re-raised in the caller
            result["error"] = e

    t = threading.Thread(target=target, name=f"netns-{Path(path).name}", daemon=True)
    t.start()
    t.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def netns_path(netns) -> str:
    if isinstance(netns, NetNamespace):
        return str(netns.path)
    if isinstance(netns, (str, os.PathLike)):
        s = os.fspath(netns)
        return s if s.startswith("/") else str(NETNS_DIR / s)
    raise NetnsError(f"not a namespace: {netns!r}")


# ----------------------------------------------------------------------------------------------
# Objects
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class NetNamespace:
    name: str    # full name, e.g. p4s-4711-a3f0-h1
    short: str   # node name within the run, e.g. h1

    @property
    def path(self) -> Path:
        return NETNS_DIR / self.name

    def cmd(self, *argv: str) -> List[str]:
        """Command line running ``argv`` inside the namespace (``ip netns exec`` execs in place,
        so a Popen of it has the pid of ``argv[0]`` itself)."""
        return ["ip", "netns", "exec", self.name, *argv]

    def run(self, *argv: str, timeout: float = 20.0, check: bool = True) -> subprocess.CompletedProcess:
        return run(self.cmd(*argv), timeout=timeout, check=check)

    def pids(self) -> List[int]:
        cp = run(["ip", "netns", "pids", self.name], check=False)
        return [int(x) for x in cp.stdout.split()] if cp.returncode == 0 else []

    def exists(self) -> bool:
        return self.path.exists()


@dataclass(frozen=True)
class Veth:
    """One end of a veth pair."""
    netns: NetNamespace
    ifname: str
    mac: Optional[str] = None


@dataclass(frozen=True)
class VethPair:
    a: Veth
    b: Veth


_live_networks: "set" = set()


def _atexit_cleanup():
    for net in list(_live_networks):
        net.cleanup()


atexit.register(_atexit_cleanup)


class TestNetwork:
    """A set of namespaces + veth pairs owned by one test run. Use as a context manager."""

    __test__ = False  # not a pytest test class

    def __init__(self, run_id: Optional[str] = None, workdir: Optional[str] = None):
        self.run_id = run_id or new_run_id()
        self.namespaces: Dict[str, NetNamespace] = {}
        self.links: List[VethPair] = []
        self._stoppers: List[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._closed = False
        # per-run scratch directory (unix sockets, logs unless the caller chooses another place)
        self.workdir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix=f"{self.run_id}-"))
        self._own_workdir = workdir is None

    def __enter__(self):
        _live_networks.add(self)
        return self

    def __exit__(self, *exc):
        self.cleanup()
        return False

    # -- building ------------------------------------------------------------------------------
    def add_namespace(self, short: str) -> NetNamespace:
        name = ns_name(self.run_id, short)
        if short in self.namespaces:
            raise NetnsError(f"namespace '{short}' already exists in run {self.run_id}")
        _live_networks.add(self)
        run(["ip", "netns", "add", name])
        ns = NetNamespace(name=name, short=short)
        self.namespaces[short] = ns  # registered before configuring: cleanup covers failures below
        ns.run("ip", "link", "set", "lo", "up")
        # Disable IPv6 for every interface created later in this namespace, and for "all".
        script = ("for k in all default; do "
                  "f=/proc/sys/net/ipv6/conf/$k/disable_ipv6; [ -e $f ] && echo 1 > $f; "
                  "done; true")
        ns.run("sh", "-c", script)
        return ns

    def add_veth(self, ns_a: NetNamespace, if_a: str, ns_b: NetNamespace, if_b: str,
                 mac_a: Optional[str] = None, mac_b: Optional[str] = None, mtu: int = 1500) -> VethPair:
        """veth pair with end ``if_a`` in ``ns_a`` and ``if_b`` in ``ns_b``, both up, offloads off."""
        check_ifname(if_a)
        check_ifname(if_b)
        for ns in (ns_a, ns_b):
            if self.namespaces.get(ns.short) != ns:
                raise NetnsError(f"namespace {ns.name} does not belong to run {self.run_id}")
        cmd = ["ip", "link", "add", "name", if_a, "netns", ns_a.name]
        if mac_a:
            cmd += ["address", mac_a]
        cmd += ["mtu", str(mtu), "type", "veth", "peer", "name", if_b, "netns", ns_b.name]
        if mac_b:
            cmd += ["address", mac_b]
        run(cmd)
        pair = VethPair(Veth(ns_a, if_a, mac_a), Veth(ns_b, if_b, mac_b))
        self.links.append(pair)
        for end in (pair.a, pair.b):
            end.netns.run("ethtool", "-K", end.ifname, *OFFLOADS_OFF)
            end.netns.run("ip", "link", "set", end.ifname, "up")
        return pair

    def adopt_interface(self, ns: NetNamespace, ifname: str, offloads_off: bool = True) -> None:
        """Move the root namespace's interface ``ifname`` (a NIC of a test server, or one end of a veth
        standing in for one) into ``ns``, one of this run's namespaces: IPv6 off on it, offloads off
        (:data:`OFFLOADS_OFF`, unless ``offloads_off`` is False), up. At cleanup it is moved back to the
        root namespace before ``ns`` goes (a NIC would return there anyway, a veth would be destroyed)."""
        check_ifname(ifname)
        if self.namespaces.get(ns.short) != ns:
            raise NetnsError(f"namespace {ns.name} does not belong to run {self.run_id}")
        if not Path(f"/sys/class/net/{ifname}").exists():
            raise NetnsError(f"no interface {ifname} in the root namespace")
        run(["ip", "link", "set", ifname, "netns", ns.name])
        self.register_stop(lambda: run(ns.cmd("ip", "link", "set", ifname, "netns", "1"), check=False))
        ns.run("sh", "-c", f"f=/proc/sys/net/ipv6/conf/{ifname}/disable_ipv6; [ -e $f ] && echo 1 > $f; true")
        if offloads_off:   # a NIC may have some of them fixed: what it can change is changed
            ns.run("ethtool", "-K", ifname, *OFFLOADS_OFF, check=False)
        ns.run("ip", "link", "set", ifname, "up")

    def register_stop(self, stop: Callable[[], None]) -> None:
        """Call ``stop()`` at cleanup, before the namespaces go (LIFO order)."""
        self._stoppers.append(stop)

    # -- cleanup -------------------------------------------------------------------------------
    def cleanup(self) -> None:
        """Idempotent. Stops registered processes, kills leftovers inside our namespaces, deletes them."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        errors = []
        for stop in reversed(self._stoppers):
            try:
                stop()
            except Exception as e:  # keep cleaning up
                errors.append(f"stop: {e}")
        for ns in self.namespaces.values():
            if not ns.exists():
                continue
            pids = [p for p in ns.pids() if p != os.getpid()]
            for sig in (signal.SIGTERM, signal.SIGKILL):
                for pid in pids:
                    try:
                        os.kill(pid, sig)
                    except ProcessLookupError:
                        pass
                deadline = time.monotonic() + 3
                while time.monotonic() < deadline and any(pid_alive(p) and not is_zombie(p) for p in pids):
                    time.sleep(0.05)
                pids = [p for p in pids if pid_alive(p) and not is_zombie(p)]
                if not pids:
                    break
            cp = run(["ip", "netns", "delete", ns.name], check=False)
            if cp.returncode != 0 and ns.exists():
                errors.append(f"ip netns delete {ns.name}: {cp.stderr.strip()}")
        _live_networks.discard(self)
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)
        if errors:
            raise NetnsError("cleanup of run %s incomplete:\n  %s" % (self.run_id, "\n  ".join(errors)))


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.net.netns",
                                 description="List (or delete) namespaces left over by dead harness runs.")
    ap.add_argument("--delete-stale", action="store_true",
                    help="delete the stale p4s-<pid>-... namespaces whose creating process is gone")
    args = ap.parse_args(argv)
    stale = stale_namespaces()
    for n in stale:
        print(n)
        if args.delete_stale:
            run(["ip", "netns", "delete", n], check=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
