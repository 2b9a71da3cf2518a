"""The bmv2 stand-in for the hardware (``"lab": "bmv2"`` in the testbed file): one ``simple_switch_grpc``
per switch in the root namespace, listening where the file's ``p4runtime`` says, and veths where the
real testbed has cables. Nothing else differs: the run then finds the testbed exactly as on hardware.

- a test port: a veth ``<switch>-eth<port>`` (the switch's port) whose peer is named as the file's
  ``nic`` and stays in the root namespace, like a test server's NIC before the run moves it;
- a trunk: a veth between ``<switch>-eth<port>`` of its two ends; the file's ``tap`` names one of them
  (a packet socket on it sees every frame that crosses the trunk, as a hardware tap would).

Leaving it stops the switches and deletes the veths it made (bounded); the interfaces it would create
must not exist yet.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import HarnessError
from ..lifecycle import Started
from ..net.bmv2 import Bmv2Switch
from ..net.netns import run
from ..onos.topology import CPU_PORT, root_ifup
from .testbed import Testbed, lab_ifname

THRIFT_OFFSET = 100        # each switch's Thrift port: its P4Runtime port + 100 (two bmv2 never share 9090)


def lab_interfaces(tb: Testbed) -> List[str]:
    """Every root-namespace interface the lab creates: the switches' ports and the NICs' stand-ins."""
    names = [lab_ifname(p) for p in tb.test_ports] + [p.nic for p in tb.test_ports]
    for t in tb.trunks:
        names += [lab_ifname(t.a), lab_ifname(t.b)]
    return names


class Bmv2Lab(Started):
    def __init__(self, tb: Testbed, workdir, log_level: Optional[str] = None, out=print):
        if tb.lab != "bmv2":
            raise HarnessError(f"testbed {tb.name} is not a bmv2 lab (\"lab\": \"bmv2\")")
        self.tb = tb
        self.workdir = Path(workdir)
        self.log_level = log_level
        self.out = out
        self.switches: Dict[str, Bmv2Switch] = {}
        self._links: List[str] = []

    def start(self) -> None:
        taken = [n for n in lab_interfaces(self.tb) if os.path.exists(f"/sys/class/net/{n}")]
        if taken:
            raise HarnessError(f"interface(s) {', '.join(taken)} already exist in the root namespace "
                               f"(another acceptance lab running, or left over?)")
        for p in self.tb.test_ports:
            self._veth(lab_ifname(p), p.nic)
        for t in self.tb.trunks:
            self._veth(lab_ifname(t.a), lab_ifname(t.b))
        ports: Dict[str, Dict[int, str]] = {s.name: {} for s in self.tb.switches}
        for p in self.tb.test_ports:
            ports[p.switch][p.port] = lab_ifname(p)
        for t in self.tb.trunks:
            for e in (t.a, t.b):
                ports[e.switch][e.port] = lab_ifname(e)
        for s in self.tb.switches:
            grpc_port = int(s.p4runtime.rsplit(":", 1)[1])
            sw = Bmv2Switch(f"acc-{s.name}", ports[s.name], None, self.workdir, device_id=s.p4rt_device_id,
                            cpu_port=s.cpu_port if s.cpu_port is not None else CPU_PORT,
                            grpc_addr=f"127.0.0.1:{grpc_port}", thrift_port=grpc_port + THRIFT_OFFSET,
                            log_level=self.log_level)
            self.switches[s.name] = sw
            sw.start(timeout=60)
            self.out(f"[bmv2-lab] {s.name}: simple_switch_grpc on {s.p4runtime}, ports {sorted(ports[s.name])}")

    def _veth(self, a: str, b: str) -> None:
        run(["ip", "link", "add", "name", a, "type", "veth", "peer", "name", b])
        self._links.append(a)
        root_ifup(a)
        root_ifup(b)

    def close(self) -> None:
        errors = []
        for sw in self.switches.values():
            try:
                sw.stop()
            except Exception as e:   # keep cleaning up
                errors.append(f"{sw.name}: {e}")
        self.switches = {}
        for name in self._links:
            if os.path.exists(f"/sys/class/net/{name}"):
                run(["ip", "link", "del", name], check=False, timeout=10)
        self._links = []
        if errors:
            raise HarnessError("bmv2 lab teardown: " + "; ".join(errors))
