"""Mininet integration: a scenario as a Mininet network of bmv2 switches, for students and instructors.

::

    sudo .venv/bin/python -m p4slice_harness.mn scenarios/two-switch-four-slices.json \\
        --plan plan.json [--pingall] [--cli] [--benchmark | --log-level debug] [--workdir DIR]

starts one :class:`P4SliceSwitch` (``simple_switch_grpc``) per scenario device and the scenario's
hosts and links (:class:`P4SliceTopo`), pushes the compiled pipeline
(``pipeconf/src/main/resources/p4c-out/bmv2/{p4info.txt,bmv2.json}``, or ``$P4S_P4C_OUT``), installs
the plan exported by the Java side (:func:`p4slice_harness.plan.install_plan`), optionally pings
every host pair and compares with the slices (same slice ⇒ reachable, otherwise not), optionally
opens the Mininet CLI, and always tears everything down, then checks that nothing is left.

Design:

- **Switches in their own namespaces** (``inNamespace=True``): the switch's ports live only in its
  namespace and its hosts' ones, so nothing is created in the root namespace (Mininet creates
  each veth pair inside the first node's namespace and moves the peer into the second's).
  ``simple_switch_grpc`` is started by :class:`~p4slice_harness.bmv2.Bmv2Switch` — same command
  line, readiness wait and stop as the namespace harness — through ``mnexec -a <pid>`` (Mininet's
  own "run in this node's namespace"). Its P4Runtime server listens on a unix socket in the work
  directory (``<workdir>/s1.grpc``), reachable from the root namespace (see :mod:`p4slice_harness.bmv2`).
- **Logging**: by default each switch writes ``<workdir>/<switch>.log.txt`` (``--log-level``, default
  ``info``; ``debug``/``trace`` show every table hit); ``--benchmark`` turns bmv2's logging off.
- **Hosts**: MAC and IP from the scenario (a host without ``ip`` gets none), IPv6 off (no router
  solicitations/MLD flooding the slices), checksum/VLAN offloads off on every veth end (bmv2 forwards
  what it receives: a partial checksum would stay wrong), and *static* ARP/neighbour entries for
  every other host (slices are L2 islands; no ARP broadcasts needed).
- **Ping without iputils**: :meth:`P4SliceNet.ping` sends ICMP echo requests from a raw socket opened
  inside the host's namespace (``/proc/<pid>/ns/net``), so the check works where ``ping`` is not
  installed (Mininet's own ``pingall`` in the CLI needs ``iputils-ping``).

- **ONOS lab mode** (``--grpc-port-base 50001 [--onos http://127.0.0.1:8181]``): the switches run in
  the root namespace (where ONOS is) with P4Runtime on TCP ports 50001, 50002, ...; the harness
  pushes no pipeline, writes no entry and gives the hosts no static neighbour entries (ARP crosses
  the switches; ONOS learns the hosts from it). With ``--onos`` it pushes the scenario's netcfg —
  :func:`p4slice_harness.onos_driver.netcfg`, the builder the L3 suite uses too (devices with their
  ports, links, app settings) — waits until ONOS has the devices available, and creates the
  slices through p4slice's REST API (:func:`p4slice_harness.onos_driver.deploy`); ONOS programs the
  switches. Not run in CI (no ONOS there; see ``make test-onos``).

Needs root, Debian's ``mininet`` (``python3-mininet``: import it with Debian's python3 or the
harness venv, which sees the system site packages), ``mnexec``, ``ethtool`` and simple_switch_grpc.
"""

from __future__ import annotations

import argparse
import atexit
import ipaddress
import os
import shutil
import signal
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from .bmv2 import LOG_LEVELS, Bmv2Switch, find_simple_switch_grpc
from .errors import HarnessError
from .netns import IFNAME_MAX, check_ifname, processes_mentioning
from .probe import ping
from .scenario import Scenario, expected_reachability

try:  # the pure parts (and their unit tests) work without Mininet
    from mininet.node import Switch as _MnSwitch
    from mininet.topo import Topo as _MnTopo
    HAVE_MININET = True
except ImportError:  # pragma: no cover - depends on the machine
    _MnSwitch = _MnTopo = object
    HAVE_MININET = False

REPO_DIR = Path(__file__).resolve().parents[2]
P4C_OUT = Path(os.environ.get("P4S_P4C_OUT", REPO_DIR / "pipeconf/src/main/resources/p4c-out/bmv2"))
DEFAULT_CPU_PORT = 255
OFFLOADS_OFF = ("rxvlan", "off", "txvlan", "off", "tx", "off")


class MininetError(HarnessError):
    """The Mininet network cannot be built/started here, or its teardown left something behind."""


# ----------------------------------------------------------------------------------------------
# Pure: what to build
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SwitchSpec:
    name: str          # Mininet node name = scenario device name (s1)
    onos_id: str       # device:bmv2:s1 (the plan's device string)
    device_id: int     # P4Runtime device id
    dpid: str          # 16 hex digits (Mininet wants one; = device id)


@dataclass(frozen=True)
class HostSpec:
    name: str
    mac: str
    ip: Optional[str]  # with prefix length, or None
    switch: str
    port: int


@dataclass(frozen=True)
class LinkSpec:
    node1: str
    port1: int
    node2: str
    port2: int


@dataclass(frozen=True)
class TopoSpec:
    switches: Tuple[SwitchSpec, ...]
    hosts: Tuple[HostSpec, ...]
    links: Tuple[LinkSpec, ...]   # host links first (host port 0 = <host>-eth0), then trunks


def intf_name(node: str, port: int) -> str:
    """Mininet's interface name for a node's port: ``<node>-eth<port>``."""
    return f"{node}-eth{port}"


def topo_spec(scenario: Scenario) -> TopoSpec:
    """The Mininet nodes and links of a scenario; :class:`MininetError` if a name cannot be used
    (interface names ``<node>-eth<port>`` must fit Linux's 15 characters)."""
    names = {}
    switches = []
    for d in scenario.devices:
        switches.append(SwitchSpec(d.name, d.id, d.device_id, f"{d.device_id:016x}"))
        names[d.id] = d.name
    all_names = [s.name for s in switches] + [h.name for h in scenario.hosts]
    dup = sorted({n for n in all_names if all_names.count(n) > 1})
    if dup:
        raise MininetError(f"node name(s) used twice (switches and hosts share one name space in Mininet): {dup}")
    for d in scenario.devices:
        for port in d.ports:
            _check_intf(d.name, port)
    hosts = []
    links = []
    for h in scenario.hosts:
        _check_intf(h.name, 0)
        hosts.append(HostSpec(h.name, h.mac, h.ip, names[h.device], h.port))
        links.append(LinkSpec(h.name, 0, names[h.device], h.port))
    for link in scenario.links:
        links.append(LinkSpec(names[link.src.device], link.src.port, names[link.dst.device], link.dst.port))
    return TopoSpec(tuple(switches), tuple(hosts), tuple(links))


def _check_intf(node: str, port: int) -> None:
    name = intf_name(node, port)
    try:
        check_ifname(name)
    except HarnessError:
        raise MininetError(f"interface name {name!r} of node {node!r} is not a valid Linux name "
                           f"(max {IFNAME_MAX} characters): shorten the node name") from None


def static_neighbours(scenario: Scenario) -> Dict[str, List[Tuple[str, str]]]:
    """{host: [(ip, mac) of every other host with an address of the same IP version]}."""
    out = {}
    for h in scenario.hosts:
        if not h.ip:
            out[h.name] = []
            continue
        version = ipaddress.ip_interface(h.ip).version
        out[h.name] = [(o.address, o.mac) for o in scenario.hosts
                       if o.name != h.name and o.ip and ipaddress.ip_interface(o.ip).version == version]
    return out


def check_plan_devices(plan_devices: Sequence[str], scenario: Scenario) -> None:
    """:class:`MininetError` naming plan devices the scenario does not have."""
    known = {d.id for d in scenario.devices}
    unknown = sorted(set(plan_devices) - known)
    if unknown:
        raise MininetError(f"plan has entities for device(s) {', '.join(unknown)} that the scenario does not "
                           f"declare (scenario devices: {', '.join(sorted(known))})")


class MnexecNamespace:
    """``cmd(*argv)`` running ``argv`` in the namespaces of Mininet node process ``pid``
    (``mnexec -a``: network and mount namespace — a Mininet node has its own mount namespace with
    a ``/sys`` of its network namespace, where bmv2 polls ``/sys/class/net/<port>/operstate``).
    mnexec execs in place, so a Popen of the command has the program's own pid."""

    def __init__(self, pid: int, mnexec: str = "mnexec"):
        self.pid = int(pid)
        self.mnexec = mnexec

    def cmd(self, *argv: str) -> List[str]:
        return [self.mnexec, "-a", str(self.pid), *argv]


# ----------------------------------------------------------------------------------------------
# Mininet classes
# ----------------------------------------------------------------------------------------------
def _require_mininet() -> None:
    if not HAVE_MININET:
        raise MininetError("Mininet is not importable: install Debian's 'mininet' package (apt-get install "
                           "--no-install-recommends mininet) and use /usr/bin/python3 or the harness venv")


class P4SliceSwitch(_MnSwitch):
    """A Mininet switch running ``simple_switch_grpc`` (no OpenFlow, no controller).

    device_id: P4Runtime device id; workdir: directory for the gRPC unix socket (``<name>.grpc``),
    stdout and log (default: a new temporary directory, kept: it holds the log); log_level: bmv2
    log level written to ``<workdir>/<name>.log.txt`` (None: no log —
    benchmark mode); cpu_port: bmv2's CPU port. Use ``inNamespace=True`` (what :class:`P4SliceTopo`
    sets) to keep the switch and its ports out of the root namespace. Port N of the switch is the
    interface Mininet numbered N (``addLink(..., port2=N)`` → ``<name>-ethN``).
    """

    def __init__(self, name, device_id: int = 1, workdir=None, log_level: Optional[str] = "info",
                 cpu_port: int = DEFAULT_CPU_PORT, binary: Optional[str] = None, start_timeout: float = 60.0,
                 onos_id: Optional[str] = None, dpid: Optional[str] = None, grpc_port: Optional[int] = None,
                 **params):
        _require_mininet()
        if log_level is not None and log_level not in LOG_LEVELS:
            raise MininetError(f"{name}: log_level must be one of {', '.join(LOG_LEVELS)} or None, got {log_level!r}")
        super().__init__(name, dpid=dpid or f"{int(device_id):016x}", **params)
        self.device_id = int(device_id)
        self.onos_id = onos_id or f"device:bmv2:{name}"
        self.workdir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix=f"p4s-mn-{name}-"))
        self.log_level = log_level
        self.cpu_port = cpu_port
        self.binary = binary
        self.start_timeout = start_timeout
        self.bmv2: Optional[Bmv2Switch] = None
        # ONOS lab mode: P4Runtime on TCP (the switch then runs in the root namespace, where ONOS is)
        self.grpc_port = grpc_port

    def port_map(self) -> Dict[int, str]:
        """{bmv2 port: interface name} of the switch's data ports (the loopback excluded)."""
        return {int(p): i.name for p, i in self.intfs.items() if i.name != "lo"}

    def bmv2_switch(self) -> Bmv2Switch:
        """The :class:`Bmv2Switch` (command line, start/stop) for the current ports."""
        ns = MnexecNamespace(self.pid) if self.inNamespace else None
        return Bmv2Switch(self.name, self.port_map(), ns, self.workdir, device_id=self.device_id,
                          cpu_port=self.cpu_port, log_level=self.log_level, binary=self.binary,
                          grpc_addr=None if self.grpc_port is None else f"0.0.0.0:{self.grpc_port}")

    @property
    def grpc_address(self) -> str:
        if self.grpc_port is not None:
            return f"127.0.0.1:{self.grpc_port}"
        return f"unix:{self.workdir / (self.name + '.grpc')}"

    def start(self, controllers):  # noqa: ARG002 - Mininet's signature; no controller is used
        if self.bmv2 is not None and self.bmv2.alive():
            return
        for ifname in self.port_map().values():
            self.cmd("ethtool", "-K", ifname, *OFFLOADS_OFF)
            self.cmd("ip", "link", "set", ifname, "up")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.bmv2 = self.bmv2_switch()
        self.bmv2.start(timeout=self.start_timeout)

    def alive(self) -> bool:
        return self.bmv2 is not None and self.bmv2.alive()

    def stop(self, deleteIntfs=True):
        if self.bmv2 is not None:
            self.bmv2.stop()
        super().stop(deleteIntfs)


class P4SliceTopo(_MnTopo):
    """Mininet topology of a :class:`~p4slice_harness.scenario.Scenario`: its devices as
    :class:`P4SliceSwitch` (in their own namespaces), its hosts with their MAC/IP on the ports the
    scenario names, its inter-switch links port to port.

    switch_opts: extra options for every switch (e.g. ``log_level=None``, ``workdir=...``).
    """

    def build(self, scenario: Scenario, workdir=None, switch_opts: Optional[Mapping] = None):
        _require_mininet()
        spec = topo_spec(scenario)
        for i, s in enumerate(spec.switches):
            opts = dict(switch_opts or {})
            base = opts.pop("grpc_port_base", None)
            # ONOS lab mode (TCP P4Runtime for a controller in the root namespace): switch there too
            in_ns = base is None
            if base is not None:
                opts["grpc_port"] = base + i
            opts.update(cls=P4SliceSwitch, device_id=s.device_id, onos_id=s.onos_id, dpid=s.dpid, inNamespace=in_ns)
            if workdir is not None:
                opts["workdir"] = str(workdir)
            self.addSwitch(s.name, **opts)
        for h in spec.hosts:
            self.addHost(h.name, ip=h.ip, mac=h.mac)
        for link in spec.links:
            self.addLink(link.node1, link.node2, port1=link.port1, port2=link.port2)


# ----------------------------------------------------------------------------------------------
# The running network
# ----------------------------------------------------------------------------------------------
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
    from .netns import parse_run
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


def default_pipeline() -> Tuple[Path, Path]:
    """(p4info.txt, bmv2.json) of the compiled pipeline ($P4S_P4C_OUT overrides the directory)."""
    return P4C_OUT / "p4info.txt", P4C_OUT / "bmv2.json"


def skip_reason(p4info: Optional[Path] = None, bmv2_json: Optional[Path] = None) -> Optional[str]:
    """Why a Mininet network cannot run here, or None."""
    if os.geteuid() != 0:
        return "needs root (Mininet)"
    if not HAVE_MININET:
        return "mininet not importable (apt-get install --no-install-recommends mininet; Debian python3/venv)"
    for tool in ("mnexec", "ethtool", "ip", "ifconfig"):
        if shutil.which(tool) is None:
            return f"'{tool}' not found"
    if find_simple_switch_grpc() is None:
        return "simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC)"
    d_info, d_json = default_pipeline()
    missing = [str(p) for p in (p4info or d_info, bmv2_json or d_json) if not Path(p).exists()]
    if missing:
        return f"compiled pipeline not found: {', '.join(missing)}"
    return None


class P4SliceNet:
    """A scenario running in Mininet, as a context manager::

        with P4SliceNet(load_scenario(path)) as net:     # switches up, pipeline pushed
            net.install_plan(load_plan(plan_path))
            assert net.ping("h1", "h5") == 3

    ``clients`` are connected, primary P4Runtime clients keyed by ONOS device id (the plan's device
    strings). Leaving the context (also on errors, SIGTERM in :func:`main`, or interpreter exit)
    closes them, stops the switches and Mininet's nodes, and removes the work directory if it was
    created here (a given ``workdir`` keeps the logs).
    """

    def __init__(self, scenario: Scenario, p4info=None, bmv2_json=None, workdir=None,
                 log_level: Optional[str] = "info", benchmark: bool = False, cpu_port: int = DEFAULT_CPU_PORT,
                 start_timeout: float = 60.0, grpc_port_base: Optional[int] = None):
        _require_mininet()
        d_info, d_json = default_pipeline()
        # ONOS lab mode: switches listen for ONOS on TCP ports grpc_port_base, +1, ...; the harness
        # neither pushes the pipeline nor writes entries (ONOS does, from the netcfg and the slices)
        self.grpc_port_base = grpc_port_base
        self.scenario = scenario
        self.p4info = Path(p4info or d_info)
        self.bmv2_json = Path(bmv2_json or d_json)
        self.spec = topo_spec(scenario)
        self._own_workdir = workdir is None
        self.workdir = Path(workdir) if workdir else Path(tempfile.mkdtemp(prefix="p4s-mn-"))
        if len(str(self.workdir)) > 80:
            raise MininetError(f"work directory path too long for unix sockets: {self.workdir}")
        self.log_level = None if benchmark else log_level
        self.cpu_port = cpu_port
        self.start_timeout = start_timeout
        self.net = None
        self.clients: Dict[str, object] = {}
        self._stopped = False

    # -- lifecycle -----------------------------------------------------------------------------
    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def start(self) -> "P4SliceNet":
        from mininet.net import Mininet

        from .p4rt import P4RuntimeClient

        for p in (self.p4info, self.bmv2_json):
            if not p.exists():
                raise MininetError(f"compiled pipeline file not found: {p}")
        _live.add(self)
        self.workdir.mkdir(parents=True, exist_ok=True)
        topo = P4SliceTopo(self.scenario, workdir=self.workdir,
                           switch_opts={"log_level": self.log_level, "cpu_port": self.cpu_port,
                                        "start_timeout": self.start_timeout,
                                        "grpc_port_base": self.grpc_port_base})
        self.net = Mininet(topo=topo, controller=None, build=False, autoSetMacs=False, autoStaticArp=False,
                           waitConnected=False)
        self.net.build()
        self._configure_hosts()
        self.net.start()
        if self.grpc_port_base is not None:
            return self
        for s in self.spec.switches:
            sw = self.net.get(s.name)
            client = P4RuntimeClient(sw.grpc_address, s.device_id, timeout=20)
            client.connect()
            self.clients[s.onos_id] = client
            client.set_forwarding_pipeline(self.p4info, self.bmv2_json)
        return self

    def _configure_hosts(self) -> None:
        # ONOS lab mode: no static entries — ARP crosses the switches (ONOS learns hosts from it)
        neighbours = static_neighbours(self.scenario) if self.grpc_port_base is None else {}
        for h in self.spec.hosts:
            node = self.net.get(h.name)
            intf = intf_name(h.name, 0)
            node.cmd("sysctl -q -w net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1")
            node.cmd("ethtool", "-K", intf, *OFFLOADS_OFF)
            for ip, mac in neighbours.get(h.name, ()):
                node.cmd("ip", "neigh", "replace", ip, "lladdr", mac, "dev", intf, "nud", "permanent")

    def stop(self) -> None:
        """Idempotent teardown: P4Runtime clients, switches, Mininet nodes, own work directory."""
        if self._stopped:
            return
        self._stopped = True
        for c in self.clients.values():
            try:
                c.close()
            except Exception:  # keep tearing down
                pass
        self.clients = {}
        errors = []
        if self.net is not None:
            # bmv2 first: Mininet deletes the links before it stops the switches, and a running bmv2
            # would poll the vanished ports ("open: No such file or directory" on its stdout)
            for sw in self.net.switches:
                try:
                    if getattr(sw, "bmv2", None) is not None:
                        sw.bmv2.stop()
                except Exception as e:
                    errors.append(f"{sw.name}: {e}")
            try:
                self.net.stop()
            except Exception as e:
                errors.append(f"mininet stop: {e}")
        leftovers = processes_mentioning(str(self.workdir))
        for pid, _ in leftovers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if leftovers:
            errors.append(f"killed leftover processes {leftovers}")
        _live.discard(self)
        if self._own_workdir:
            shutil.rmtree(self.workdir, ignore_errors=True)
        if errors:
            raise MininetError("teardown: " + "; ".join(errors))

    # -- use -----------------------------------------------------------------------------------
    def install_plan(self, plan):
        """Install a :class:`~p4slice_harness.plan.Plan` on the switches (validated first)."""
        from .plan import install_plan
        check_plan_devices(plan.devices, self.scenario)
        return install_plan(plan, self.clients)

    def host(self, name: str):
        return self.net.get(name)

    def ping(self, src: str, dst: str, count: int = 3, timeout: float = 1.0) -> int:
        """Echo requests from host ``src`` to host ``dst``'s IPv4 address; number answered."""
        target = self.scenario.host(dst).address
        if target is None:
            raise MininetError(f"host {dst} has no IP address in the scenario")
        node = self.net.get(src)
        return ping(f"/proc/{node.pid}/ns/net", target, count=count, timeout=timeout).received

    def pingall(self, count: int = 1, timeout: float = 0.5) -> Dict[Tuple[str, str], bool]:
        """{(src, dst): answered?} for every ordered pair of IPv4 hosts."""
        return {pair: self.ping(*pair, count=count, timeout=timeout) > 0
                for pair in expected_reachability(self.scenario)}


_live: "set" = set()


@atexit.register
def _atexit_stop():  # pragma: no cover - last resort
    for net in list(_live):
        try:
            net.stop()
        except Exception:
            pass


# ----------------------------------------------------------------------------------------------
# Command line
# ----------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m p4slice_harness.mn",
        description="Run a p4slice scenario in Mininet with bmv2 switches: start, push the pipeline, "
                    "install a plan, optionally ping all pairs / open the CLI, always tear down.")
    ap.add_argument("scenario", help="scenario JSON (mininet-tests/scenarios/)")
    ap.add_argument("--plan", help="plan JSON exported by the plan exporter (tools/run.sh plan-export) to install")
    ap.add_argument("--pingall", action="store_true",
                    help="ping every IPv4 host pair and compare with the slices (exit 1 on a mismatch)")
    ap.add_argument("--cli", action="store_true", help="open the Mininet CLI before tearing down")
    ap.add_argument("--grpc-port-base", type=int, metavar="PORT",
                    help="ONOS lab mode: switches in the root namespace, P4Runtime on TCP PORT, PORT+1, ...; "
                         "no pipeline push, no plan (ONOS programs them)")
    ap.add_argument("--onos", metavar="URL",
                    help="with --grpc-port-base: push the netcfg and create the slices on this ONOS "
                         "(p4slice_harness.onos_driver), e.g. http://127.0.0.1:8181")
    ap.add_argument("--benchmark", action="store_true", help="no bmv2 logging (measurements)")
    ap.add_argument("--log-level", default="info", choices=LOG_LEVELS,
                    help="bmv2 log level written to <workdir>/<switch>.log.txt (default: info)")
    ap.add_argument("--p4c-out", help="directory with p4info.txt and bmv2.json (default: %(default)s)",
                    default=str(P4C_OUT))
    ap.add_argument("--workdir", help="keep sockets/logs here (default: a temporary directory, removed)")
    ap.add_argument("--cpu-port", type=int, default=DEFAULT_CPU_PORT)
    ap.add_argument("--start-timeout", type=float, default=60.0, help="seconds to wait for each switch")
    return ap


def format_pingall(result: Mapping[Tuple[str, str], bool], expected: Mapping[Tuple[str, str], bool]) -> str:
    """A matrix like Mininet's pingall: per source the reachable hosts, ``X`` for none; a mismatch
    with ``expected`` is flagged ``!``."""
    sources = sorted({s for s, _ in expected}, key=_natural)
    lines = []
    for s in sources:
        cells = []
        for (a, b) in sorted((p for p in expected if p[0] == s), key=lambda p: _natural(p[1])):
            got = result.get((a, b))
            mark = b if got else "X"
            cells.append(mark + ("!" if got != expected[(a, b)] else ""))
        lines.append(f"{s} -> " + " ".join(cells))
    bad = sum(1 for p in expected if result.get(p) != expected[p])
    lines.append(f"*** {len(expected) - bad}/{len(expected)} pairs as the slices say"
                 + (f", {bad} mismatch(es) marked !" if bad else ""))
    return "\n".join(lines)


def _natural(name: str):
    import re
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    if args.onos and args.grpc_port_base is None:
        print("mn: error: --onos needs --grpc-port-base (ONOS reaches the switches over TCP)", file=sys.stderr)
        return 2
    if args.grpc_port_base is not None and args.plan:
        print("mn: error: --plan and --grpc-port-base exclude each other (ONOS writes the entries)", file=sys.stderr)
        return 2
    from .plan import load_plan
    from .scenario import load_scenario

    p4info, bmv2_json = Path(args.p4c_out) / "p4info.txt", Path(args.p4c_out) / "bmv2.json"
    try:
        scenario = load_scenario(args.scenario)
        plan = load_plan(args.plan) if args.plan else None
        if plan is not None:
            check_plan_devices(plan.devices, scenario)
        topo_spec(scenario)
    except HarnessError as e:
        print(f"mn: error: {e}", file=sys.stderr)
        return 2
    reason = skip_reason(p4info, bmv2_json)
    if reason:
        print(f"mn: cannot run here: {reason}", file=sys.stderr)
        return 2

    from mininet.log import setLogLevel
    setLogLevel("info" if args.cli else "warning")

    def on_term(signum, frame):  # turn SIGTERM/SIGHUP into an exception: the teardown below runs
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_term)

    before = snapshot()
    rc = 0
    net = P4SliceNet(scenario, p4info, bmv2_json, workdir=args.workdir, log_level=args.log_level,
                     benchmark=args.benchmark, cpu_port=args.cpu_port, start_timeout=args.start_timeout,
                     grpc_port_base=args.grpc_port_base)
    try:
        with net:
            print(f"*** workdir {net.workdir}")
            for s in net.spec.switches:
                sw = net.net.get(s.name)
                log = f", log {sw.bmv2.log_path}" if net.log_level else ", no log (benchmark)"
                print(f"*** {s.name} ({s.onos_id}, device id {s.device_id}): P4Runtime {sw.grpc_address}{log}, "
                      f"ports {sw.port_map()}")
            for h in net.spec.hosts:
                print(f"*** {h.name} {h.ip or '-'} {h.mac} on {h.switch} port {h.port}")
            if args.onos:   # the same netcfg builder as the L3 suite (onos_driver.netcfg), then the slices
                from .onos_driver import OnosRest, deploy
                deploy(OnosRest(args.onos), scenario, {s.onos_id: net.net.get(s.name).grpc_address
                                                       for s in net.spec.switches}, out=lambda m: print("*** ONOS: " + m))
            if plan is not None:
                r = net.install_plan(plan)
                print(f"*** plan {args.plan}: {r.entries} entries, {r.meters} meter cells, {r.groups} groups")
            if args.pingall:
                expected = expected_reachability(scenario)
                result = net.pingall()
                print(format_pingall(result, expected))
                if plan is not None and any(result[p] != expected[p] for p in expected):
                    rc = 1
            if args.cli:
                from mininet.cli import CLI
                CLI(net.net)
    except HarnessError as e:
        print(f"mn: error: {e}", file=sys.stderr)
        rc = rc or 1
    except Exception as e:  # Mininet raises plain Exceptions; the network is torn down already
        print(f"mn: error: {type(e).__name__}: {e}", file=sys.stderr)
        rc = rc or 1
    except KeyboardInterrupt:  # torn down by the with statement; still check below
        print("mn: interrupted", file=sys.stderr)
        rc = 130
    except SystemExit as e:  # SIGTERM/SIGHUP (on_term)
        print(f"mn: terminated (exit {e.code})", file=sys.stderr)
        rc = e.code if isinstance(e.code, int) else 1
    left = leftovers(before, snapshot())
    if left:
        print(f"mn: teardown left {', '.join(left)}", file=sys.stderr)
        return rc or 1
    print("*** teardown complete: no namespaces, root-namespace links or processes left")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
