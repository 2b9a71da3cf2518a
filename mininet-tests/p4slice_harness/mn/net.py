"""The running network: :class:`P4SliceNet` starts a scenario in Mininet (switches, hosts, pipeline
pushed over P4Runtime), installs plans, pings, and always tears everything down (also at
interpreter exit); :func:`skip_reason` says why it cannot run here.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Dict, Optional, Tuple

from ..lifecycle import Started
from ..paths import p4c_out
from ..scenario import Scenario, expected_reachability
from ..net.bmv2 import find_simple_switch_grpc
from ..net.names import processes_mentioning
from ..net.probe import ping
from ..net.netns import OFFLOADS_OFF
from .nodes import DEFAULT_CPU_PORT, HAVE_MININET, P4SliceTopo, _require_mininet
from .spec import MininetError, check_plan_devices, intf_name, static_neighbours, topo_spec

P4C_OUT = p4c_out()


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


class P4SliceNet(Started):
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

    # -- lifecycle (``with``: Started's rule; close is stop) --------------------------------------
    def close(self) -> None:
        self.stop()

    def start(self) -> "P4SliceNet":
        from mininet.net import Mininet

        from ..p4rt.client import P4RuntimeClient

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
        from ..p4rt.install import install_plan
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
