"""P4Runtime client for the harness: :class:`P4RuntimeClient`, small and synchronous.

It opens the StreamChannel, wins primary arbitration with an election id, pushes the pipeline
(``SetForwardingPipelineConfig``, VERIFY_AND_COMMIT) and then writes/reads entities built by
:mod:`p4slice_harness.p4rt.entities`. Every RPC has a deadline. Write errors are decoded from the
gRPC status details into one line per failed update (:mod:`p4slice_harness.p4rt.status`).
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import grpc
from google.protobuf import text_format
from google.rpc import code_pb2
from p4.config.v1 import p4info_pb2
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

from ..errors import P4InfoError, P4RuntimeError
from . import encoding
from .entities import INSERT, MODIFY, MatchValue, build_counter_entry, build_meter_entry, build_table_entry, update
from .p4info import P4Info
from .status import code_name, decode_rpc_error


class P4RuntimeClient:
    """Synchronous P4Runtime client for one device.

    ``address`` is a gRPC target: ``"127.0.0.1:9559"`` or ``"unix:/path/to/socket"``.
    Use as a context manager, or call :meth:`connect` / :meth:`close`.
    """

    def __init__(self, address: str, device_id: int, election_id: Tuple[int, int] = (0, 1),
                 timeout: float = 10.0, canonical: bool = True, p4info: Optional[P4Info] = None):
        self.address = address
        self.device_id = device_id
        self.election_id = p4runtime_pb2.Uint128(high=election_id[0], low=election_id[1])
        self.timeout = timeout
        self.canonical = canonical
        self.p4info = p4info
        self._channel = None
        self._stub = None
        self._requests: "queue.Queue" = queue.Queue()
        self._arbitration: "queue.Queue" = queue.Queue()
        self._stream = None
        self._reader = None
        self._stream_error: Optional[BaseException] = None
        self.packet_ins: "queue.Queue" = queue.Queue()   # (payload bytes, {metadata id: int value})

    # -- connection ----------------------------------------------------------------------------
    def __enter__(self):
        self.connect()
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def connect(self, timeout: Optional[float] = None, arbitrate: bool = True) -> None:
        """Open the channel and become primary for the device (raises P4RuntimeError otherwise).
        With ``arbitrate=False`` only the channel is opened: enough for Read, which P4Runtime serves to
        any client, e.g. beside a controller that is the device's primary."""
        timeout = self.timeout if timeout is None else timeout
        self._requests = queue.Queue()
        self._arbitration = queue.Queue()
        self._stream_error = None
        self._channel = grpc.insecure_channel(self.address, options=[
            ("grpc.max_receive_message_length", 64 * 1024 * 1024),
            ("grpc.max_send_message_length", 64 * 1024 * 1024),
        ])
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout)
        except grpc.FutureTimeoutError:
            self.close()
            raise P4RuntimeError(f"P4Runtime server at {self.address} not reachable within {timeout:.0f}s") from None
        self._stub = p4runtime_pb2_grpc.P4RuntimeStub(self._channel)
        if not arbitrate:
            return

        def requests():
            while True:
                item = self._requests.get()
                if item is None:
                    return
                yield item

        self._stream = self._stub.StreamChannel(requests())
        self._reader = threading.Thread(target=self._read_stream, name=f"p4rt-stream-{self.device_id}", daemon=True)
        self._reader.start()

        req = p4runtime_pb2.StreamMessageRequest()
        req.arbitration.device_id = self.device_id
        req.arbitration.election_id.CopyFrom(self.election_id)
        self._requests.put(req)
        try:
            arb = self._arbitration.get(timeout=timeout)
        except queue.Empty:
            self.close()
            raise P4RuntimeError(
                f"no arbitration answer from {self.address} (device {self.device_id}) within {timeout:.0f}s"
                + (f": {self._stream_error}" if self._stream_error else "")) from None
        if arb is None or arb.status.code != code_pb2.OK:
            detail = "stream closed" if arb is None else f"{code_name(arb.status.code)} {arb.status.message}"
            self.close()
            raise P4RuntimeError(f"not primary for device {self.device_id} at {self.address}: {detail}")

    def _read_stream(self) -> None:
        try:
            for msg in self._stream:
                if msg.HasField("arbitration"):
                    self._arbitration.put(msg.arbitration)
                elif msg.HasField("packet"):
                    meta = {m.metadata_id: int.from_bytes(m.value, "big") for m in msg.packet.metadata}
                    self.packet_ins.put((bytes(msg.packet.payload), meta))
                # digests, errors: not used by the harness yet
        except grpc.RpcError as e:
            if e.code() != grpc.StatusCode.CANCELLED:
                self._stream_error = e
        finally:
            self._arbitration.put(None)

    def send_packet_out(self, payload: bytes, metadata: Mapping[int, int]) -> None:
        """A PacketOut on the stream: ``metadata`` = {controller metadata id: value} (canonical bytes)."""
        req = p4runtime_pb2.StreamMessageRequest()
        req.packet.payload = payload
        for mid, value in metadata.items():
            req.packet.metadata.add(metadata_id=mid, value=value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big"))
        self._requests.put(req)

    def close(self) -> None:
        self._requests.put(None)
        if self._stream is not None:
            self._stream.cancel()
            self._stream = None
        if self._reader is not None:
            self._reader.join(timeout=2)
            self._reader = None
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        self._stub = None

    def _need_p4info(self) -> P4Info:
        if self.p4info is None:
            raise P4InfoError("no P4Info: call set_forwarding_pipeline() or pass p4info= first")
        return self.p4info

    # -- pipeline ------------------------------------------------------------------------------
    def set_forwarding_pipeline(self, p4info_path, device_config_path) -> P4Info:
        """Push P4Info (text format) + bmv2 JSON with VERIFY_AND_COMMIT; returns the P4Info."""
        p4info_text = Path(p4info_path).read_text()
        p4info_msg = p4info_pb2.P4Info()
        text_format.Parse(p4info_text, p4info_msg)
        req = p4runtime_pb2.SetForwardingPipelineConfigRequest(
            device_id=self.device_id, election_id=self.election_id,
            action=p4runtime_pb2.SetForwardingPipelineConfigRequest.VERIFY_AND_COMMIT)
        req.config.p4info.CopyFrom(p4info_msg)
        req.config.p4_device_config = Path(device_config_path).read_bytes()
        try:
            self._stub.SetForwardingPipelineConfig(req, timeout=max(self.timeout, 60))
        except grpc.RpcError as e:
            raise decode_rpc_error(e, "SetForwardingPipelineConfig") from None
        self.p4info = P4Info(p4info_msg)
        return self.p4info

    def fetch_p4info(self) -> P4Info:
        """Load the P4Info of the pipeline already on the device (GetForwardingPipelineConfig)."""
        req = p4runtime_pb2.GetForwardingPipelineConfigRequest(
            device_id=self.device_id,
            response_type=p4runtime_pb2.GetForwardingPipelineConfigRequest.P4INFO_AND_COOKIE)
        try:
            resp = self._stub.GetForwardingPipelineConfig(req, timeout=self.timeout)
        except grpc.RpcError as e:
            raise decode_rpc_error(e, "GetForwardingPipelineConfig") from None
        if not resp.config.HasField("p4info"):
            raise P4RuntimeError(f"device {self.device_id} at {self.address} has no pipeline yet")
        self.p4info = P4Info(resp.config.p4info)
        return self.p4info

    # -- generic write/read --------------------------------------------------------------------
    def write(self, updates: Sequence[p4runtime_pb2.Update], labels: Optional[Sequence[str]] = None) -> None:
        """One Write RPC with all ``updates``; ``labels`` name them in error messages."""
        if not updates:
            return
        req = p4runtime_pb2.WriteRequest(device_id=self.device_id, election_id=self.election_id)
        req.updates.extend(updates)
        try:
            self._stub.Write(req, timeout=self.timeout)
        except grpc.RpcError as e:
            raise decode_rpc_error(e, f"Write of {len(updates)} update(s) to device {self.device_id}", labels) from None

    def read(self, entities: Sequence[p4runtime_pb2.Entity]) -> List[p4runtime_pb2.Entity]:
        req = p4runtime_pb2.ReadRequest(device_id=self.device_id)
        req.entities.extend(entities)
        out = []
        try:
            for resp in self._stub.Read(req, timeout=self.timeout):
                out.extend(resp.entities)
        except grpc.RpcError as e:
            raise decode_rpc_error(e, f"Read from device {self.device_id}") from None
        return out

    # -- tables --------------------------------------------------------------------------------
    def table_entry(self, table: str, match: Mapping[str, MatchValue], action: Optional[str] = None,
                    params: Optional[Mapping] = None, priority: int = 0) -> p4runtime_pb2.TableEntry:
        return build_table_entry(self._need_p4info(), table, match, action, params, priority, self.canonical)

    def insert_table_entry(self, table, match, action, params=None, priority=0) -> None:
        self.write([update("table_entry", self.table_entry(table, match, action, params, priority), INSERT)])

    def read_table_entries(self, table: str) -> List[p4runtime_pb2.TableEntry]:
        """All (non-default) entries of ``table``."""
        t = self._need_p4info().table(table)
        ent = p4runtime_pb2.Entity()
        ent.table_entry.table_id = t.id
        return [e.table_entry for e in self.read([ent]) if e.HasField("table_entry")]

    # -- meters --------------------------------------------------------------------------------
    def write_meter(self, meter: str, index: int, cir: int, cburst: int, pir: int, pburst: int) -> None:
        m = build_meter_entry(self._need_p4info(), meter, index, cir, cburst, pir, pburst)
        self.write([update("meter_entry", m, MODIFY)])  # meter cells always exist: MODIFY

    def read_meter(self, meter: str, index: int) -> Tuple[int, int, int, int]:
        """(cir, cburst, pir, pburst) of one meter cell."""
        m = self._need_p4info().meter(meter)
        ent = p4runtime_pb2.Entity()
        ent.meter_entry.meter_id = m.id
        ent.meter_entry.index.index = index
        for e in self.read([ent]):
            c = e.meter_entry.config
            return (c.cir, c.cburst, c.pir, c.pburst)
        raise P4RuntimeError(f"meter '{m.name}'[{index}]: no entry returned")

    def read_meter_cells(self, meter: str, indices: Iterable[int]) -> Dict[int, Tuple[int, int, int, int]]:
        """{index: (cir, cburst, pir, pburst)} of the given cells of an indirect meter, in one ReadRequest."""
        m = self._need_p4info().meter(meter)
        entities = []
        for i in indices:
            ent = p4runtime_pb2.Entity()
            ent.meter_entry.meter_id = m.id
            ent.meter_entry.index.index = i
            entities.append(ent)
        out = {}
        for e in self.read(entities) if entities else ():
            c = e.meter_entry.config
            out[e.meter_entry.index.index] = (c.cir, c.cburst, c.pir, c.pburst)
        return out

    # -- multicast -----------------------------------------------------------------------------
    def read_multicast_group(self, group_id: int) -> Optional[List[Tuple[int, int]]]:
        """Sorted (port, instance) replicas of the group, or None if the group does not exist."""
        ent = p4runtime_pb2.Entity()
        ent.packet_replication_engine_entry.multicast_group_entry.multicast_group_id = group_id
        out = []
        try:
            entities = self.read([ent])
        except P4RuntimeError as e:
            if e.code == "NOT_FOUND":
                return None
            raise
        for e in entities:
            for r in e.packet_replication_engine_entry.multicast_group_entry.replicas:
                port = r.egress_port if r.WhichOneof("port_kind") != "port" else encoding.decode_uint(r.port)
                out.append((port, r.instance))
        return sorted(out)

    # -- counters ------------------------------------------------------------------------------
    def read_counter(self, counter: str, index: Optional[int] = None) -> Dict[int, Tuple[int, int]]:
        """{index: (packets, bytes)} for all cells (one ReadRequest) or for one cell."""
        entry = build_counter_entry(self._need_p4info(), counter, index)
        ent = p4runtime_pb2.Entity()
        ent.counter_entry.CopyFrom(entry)
        out = {}
        for e in self.read([ent]):
            ce = e.counter_entry
            out[ce.index.index] = (ce.data.packet_count, ce.data.byte_count)
        return out

    def read_counter_cells(self, counter: str, indices: Iterable[int]) -> Dict[int, Tuple[int, int]]:
        """{index: (packets, bytes)} of the given cells, in one ReadRequest."""
        p4info = self._need_p4info()
        entities = []
        for i in indices:
            ent = p4runtime_pb2.Entity()
            ent.counter_entry.CopyFrom(build_counter_entry(p4info, counter, i))
            entities.append(ent)
        out = {}
        for e in self.read(entities):
            ce = e.counter_entry
            out[ce.index.index] = (ce.data.packet_count, ce.data.byte_count)
        return out

    def read_counter_cell(self, counter: str, index: int) -> Tuple[int, int]:
        """(packets, bytes) of one cell."""
        return self.read_counter(counter, index).get(index, (0, 0))
