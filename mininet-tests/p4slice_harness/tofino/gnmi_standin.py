"""The gNMI an ONOS 2.7 ``stratum-tofino`` device needs from its switch, and no more (found in
ONOS's sources): the driver's handshaker probes gNMI with a Get of the path ``/onos-gnmi-ping``,
which must fail with INVALID_ARGUMENT; its port discovery
(``OpenConfigGnmiDeviceDescriptionDiscovery``) gets ``/interfaces/interface[name=...]/state`` and
reads ``ifindex`` (the port number), ``oper-status`` and ``ethernet/state/port-speed``; the general
device provider then subscribes to each port's ``oper-status``; the gNMI port statistics get
``.../state/counters`` (answered with none). Messages are gNMI's own (:mod:`.protos`), served
through gRPC's generic handlers.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Dict, List

import grpc

from .transcript import Transcript

SPEEDS = {1000: "SPEED_1GB", 10000: "SPEED_10GB", 25000: "SPEED_25GB", 40000: "SPEED_40GB",
          100000: "SPEED_100GB"}


@dataclass(frozen=True)
class Port:
    name: str        # Stratum's singleton port name, e.g. "1/0"
    number: int      # its id: what P4Runtime carries (the SDK port when P4Info has no port translation)
    speed_mbps: int = 100000
    up: bool = True


class GnmiStandIn:
    def __init__(self, classes: Dict[str, type], ports: List[Port], transcript: Transcript):
        self.c = classes
        self.ports = ports
        self.transcript = transcript
        self.stopped = threading.Event()

    def handler(self) -> grpc.GenericRpcHandler:
        c = self.c
        return grpc.method_handlers_generic_handler("gnmi.gNMI", {
            "Get": grpc.unary_unary_rpc_method_handler(
                self.get, request_deserializer=c["GetRequest"].FromString,
                response_serializer=c["GetResponse"].SerializeToString),
            "Capabilities": grpc.unary_unary_rpc_method_handler(
                self.capabilities, request_deserializer=c["CapabilityRequest"].FromString,
                response_serializer=c["CapabilityResponse"].SerializeToString),
            "Subscribe": grpc.stream_stream_rpc_method_handler(
                self.subscribe, request_deserializer=c["SubscribeRequest"].FromString,
                response_serializer=c["SubscribeResponse"].SerializeToString),
        })

    def _path(self, *elems, name=None):
        path = self.c["Path"]()
        for e in elems:
            pe = path.elem.add(name=e)
            if e == "interface" and name is not None:
                pe.key["name"] = name
        return path

    def _update(self, notification, port: Port, *elems, uint=None, string=None):
        u = notification.update.add()
        u.path.CopyFrom(self._path("interfaces", "interface", *elems, name=port.name))
        if uint is not None:
            u.val.uint_val = uint
        else:
            u.val.string_val = string

    def _state(self, port: Port, notification) -> None:
        self._update(notification, port, "state", "ifindex", uint=port.number)
        self._update(notification, port, "state", "oper-status", string="UP" if port.up else "DOWN")
        self._update(notification, port, "state", "last-change", uint=0)
        self._update(notification, port, "ethernet", "state", "port-speed",
                     string=SPEEDS.get(port.speed_mbps, "SPEED_UNKNOWN"))

    def get(self, request, context):
        names = ["/".join(e.name for e in p.elem) for p in request.path]
        if any(n.startswith("onos-gnmi-ping") for n in names):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "no such path: /onos-gnmi-ping")
        reply = self.c["GetResponse"]()
        for path in request.path:
            elems = [e.name for e in path.elem]
            if elems[:3] != ["interfaces", "interface", "state"] or len(elems) > 4:
                continue   # counters and anything else: nothing to report
            wanted = path.elem[1].key.get("name", "...")
            n = reply.notification.add(timestamp=time.time_ns())
            for port in self.ports:
                if wanted in ("...", "*", port.name):
                    self._state(port, n)
        self.transcript.add(f"gNMI Get {names} -> {sum(len(n.update) for n in reply.notification)} updates")
        return reply

    def capabilities(self, request, context):
        return self.c["CapabilityResponse"](gNMI_version="0.7.0")

    def subscribe(self, request_iterator, context):
        first = next(request_iterator, None)
        if first is None:
            return
        paths = ["/".join(e.name for e in s.path.elem) for s in first.subscribe.subscription]
        self.transcript.add(f"gNMI Subscribe {len(paths)} paths ({paths[:1]} ...)")
        for port in self.ports:
            n = self.c["Notification"](timestamp=time.time_ns())
            self._update(n, port, "state", "oper-status", string="UP" if port.up else "DOWN")
            yield self.c["SubscribeResponse"](update=n)
        yield self.c["SubscribeResponse"](sync_response=True)
        while context.is_active() and not self.stopped.wait(0.5):
            pass
