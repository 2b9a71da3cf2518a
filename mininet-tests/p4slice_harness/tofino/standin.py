"""A stand-in for one Tofino switch: the P4Runtime server of :mod:`.p4rt_standin` and, for a
Stratum switch, the gNMI of :mod:`.gnmi_standin`, on one gRPC port of 127.0.0.1 (as Stratum serves
both on one port). ``with TofinoStandIn("stratum") as sw: sw.address`` is what a netcfg's
``managementAddress`` names.
"""

from __future__ import annotations

from concurrent import futures
from typing import Callable, List, Optional

import grpc
from p4.v1 import p4runtime_pb2_grpc

from ..errors import HarnessError
from ..lifecycle import Started
from . import device_config, protos
from .gnmi_standin import GnmiStandIn, Port
from .p4rt_standin import P4RuntimeStandIn
from .transcript import Transcript

AGENTS = {device_config.STRATUM: "stratum-tofino", device_config.BF_SWITCHD: "barefoot"}


def default_ports(count: int = 4) -> List[Port]:
    """Front-panel ports 1..count, 100G, up."""
    return [Port(f"{n}/0", n) for n in range(1, count + 1)]


class TofinoStandIn(Started):
    """``agent``: "stratum" (P4Runtime + gNMI, BfPipelineConfig) or "bf_switchd" (P4Runtime only,
    PI's layout)."""

    def __init__(self, agent: str, ports: Optional[List[Port]] = None, device_id: int = 1,
                 out: Optional[Callable[[str], None]] = None, name: str = ""):
        if agent not in AGENTS:
            raise HarnessError(f"unknown Tofino agent {agent!r} (expected one of {', '.join(AGENTS)})")
        self.agent = agent
        self.ports = ports if ports is not None else default_ports()
        self.device_id = device_id
        self.transcript = Transcript(name or agent, out)
        self.p4rt: Optional[P4RuntimeStandIn] = None
        self.gnmi: Optional[GnmiStandIn] = None
        self.server: Optional[grpc.Server] = None
        self.port: Optional[int] = None

    @property
    def driver(self) -> str:
        """The ONOS 2.7 driver of such a switch."""
        return AGENTS[self.agent]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        if self.agent == device_config.STRATUM:
            bf_class = protos.bf_pipeline_config_class()
            self.p4rt = P4RuntimeStandIn(lambda data: device_config.read_stratum(data, bf_class), self.transcript,
                                         self.device_id)
            self.gnmi = GnmiStandIn(protos.gnmi_classes(), self.ports, self.transcript)
        else:
            self.p4rt = P4RuntimeStandIn(device_config.read_bf_switchd, self.transcript, self.device_id)
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=16),
                                  options=[("grpc.max_receive_message_length", 256 << 20),
                                           ("grpc.max_send_message_length", 256 << 20)])
        p4runtime_pb2_grpc.add_P4RuntimeServicer_to_server(self.p4rt, self.server)
        if self.gnmi is not None:
            self.server.add_generic_rpc_handlers((self.gnmi.handler(),))
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        if not self.port:
            raise HarnessError("the Tofino stand-in could not listen on 127.0.0.1")
        self.server.start()
        self.transcript.add(f"{self.agent} stand-in listening on {self.address} "
                            f"(P4Runtime{' + gNMI' if self.gnmi else ''}), ports {[p.number for p in self.ports]}")

    def close(self) -> None:
        if self.gnmi is not None:
            self.gnmi.stopped.set()
        if self.server is not None:
            self.server.stop(grace=1).wait(5)
            self.server = None

    def netcfg_device(self, pipeconf: str, name: str) -> dict:
        """The ``devices.<id>`` netcfg of this switch. A Stratum switch reports its ports over gNMI;
        a bf_switchd one has no gNMI, so its ports are listed (as for bmv2)."""
        cfg = {"basic": {"managementAddress": f"grpc://{self.address}?device_id={self.device_id}",
                         "driver": self.driver, "pipeconf": pipeconf, "name": name}}
        if self.gnmi is None:
            cfg["ports"] = {str(p.number): {"number": p.number, "name": p.name, "enabled": p.up, "removed": False,
                                            "type": "fiber", "speed": p.speed_mbps} for p in self.ports}
        return cfg
