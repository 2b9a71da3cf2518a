"""P4Runtime for the harness: pure entity builders and a small synchronous gRPC client.

Builders (no network; unit-tested): :func:`build_table_entry`, :func:`build_meter_entry`,
:func:`build_multicast_group`, :func:`build_counter_entry`. They resolve names through a
:class:`~p4slice_harness.p4info.P4Info`, check widths/kinds and encode values in canonical form.

Client: :class:`P4RuntimeClient` opens the StreamChannel, wins primary arbitration with an
election id, pushes the pipeline (``SetForwardingPipelineConfig``, VERIFY_AND_COMMIT) and then
writes/reads entities. Every RPC has a deadline. Write errors are decoded from the gRPC status
details into one line per failed update.

Match specifications passed to :func:`build_table_entry` map field names to:

- an int / ``"0x.."`` string       -> exact match (exact fields only)
- :class:`Exact` (value)           -> exact match
- :class:`Lpm` (value, prefix_len) -> LPM; prefix_len 0 means "don't care" and the field is omitted
- :class:`Ternary` (value, mask)   -> ternary; mask 0 means "don't care" and the field is omitted

Omitting an lpm/ternary field means "don't care"; omitting an exact field is an error.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import grpc
from google.protobuf import text_format
from google.rpc import code_pb2, status_pb2
from p4.config.v1 import p4info_pb2
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

from . import encoding
from .errors import EncodingError, P4InfoError, P4RuntimeError
from .p4info import EXACT, LPM, OPTIONAL, TERNARY, P4Info


# ----------------------------------------------------------------------------------------------
# Match specifications
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Exact:
    value: Union[int, str]


@dataclass(frozen=True)
class Lpm:
    value: Union[int, str]
    prefix_len: int


@dataclass(frozen=True)
class Ternary:
    value: Union[int, str]
    mask: Union[int, str]


MatchValue = Union[int, str, Exact, Lpm, Ternary]


def _field_match(table_name: str, field, spec: MatchValue, canonical: bool) -> Optional[p4runtime_pb2.FieldMatch]:
    what = f"table '{table_name}' field '{field.name}'"
    if isinstance(spec, (int, str)) and not isinstance(spec, bool):
        spec = Exact(spec)
    fm = p4runtime_pb2.FieldMatch(field_id=field.id)
    if isinstance(spec, Exact):
        if field.match_type not in (EXACT, OPTIONAL):
            raise P4InfoError(f"{what}: match kind is {field.match_type}, but an exact value was given")
        value = encoding.parse_int(spec.value, what)
        data = encoding.encode_uint(value, field.bitwidth, canonical, what)
        if field.match_type == EXACT:
            fm.exact.value = data
        else:
            fm.optional.value = data
        return fm
    if isinstance(spec, Lpm):
        if field.match_type != LPM:
            raise P4InfoError(f"{what}: match kind is {field.match_type}, but an lpm value was given")
        value = encoding.parse_int(spec.value, what)
        encoding.check_lpm(value, spec.prefix_len, field.bitwidth, what)
        if spec.prefix_len == 0:
            return None  # don't care: P4Runtime requires the field to be omitted
        fm.lpm.value = encoding.encode_uint(value, field.bitwidth, canonical, what)
        fm.lpm.prefix_len = spec.prefix_len
        return fm
    if isinstance(spec, Ternary):
        if field.match_type != TERNARY:
            raise P4InfoError(f"{what}: match kind is {field.match_type}, but a ternary value was given")
        value = encoding.parse_int(spec.value, f"{what} value")
        mask = encoding.parse_int(spec.mask, f"{what} mask")
        encoding.check_ternary(value, mask, field.bitwidth, what)
        if mask == 0:
            return None  # don't care: omitted
        fm.ternary.value = encoding.encode_uint(value, field.bitwidth, canonical, what)
        fm.ternary.mask = encoding.encode_uint(mask, field.bitwidth, canonical, what)
        return fm
    raise EncodingError(f"{what}: unsupported match specification {spec!r}")


def build_action(p4info: P4Info, table: str, action: str, params: Optional[Mapping[str, Union[int, str]]] = None,
                 canonical: bool = True) -> p4runtime_pb2.Action:
    """Action (with encoded parameters) usable as an entry action of ``table``."""
    t, a = p4info.table_action(table, action)
    params = dict(params or {})
    msg = p4runtime_pb2.Action(action_id=a.id)
    for p in a.params:
        if p.name not in params:
            raise P4InfoError(f"action '{a.name}': parameter '{p.name}' missing")
        what = f"action '{a.name}' parameter '{p.name}'"
        value = encoding.parse_int(params.pop(p.name), what)
        msg.params.add(param_id=p.id, value=encoding.encode_uint(value, p.bitwidth, canonical, what))
    if params:
        raise P4InfoError(
            f"action '{a.name}' has no parameter(s) {', '.join(sorted(params))} "
            f"(parameters: {', '.join(p.name for p in a.params) or 'none'})")
    return msg


def build_table_entry(p4info: P4Info, table: str, match: Mapping[str, MatchValue], action: Optional[str] = None,
                      params: Optional[Mapping[str, Union[int, str]]] = None, priority: int = 0,
                      canonical: bool = True) -> p4runtime_pb2.TableEntry:
    """A TableEntry for ``table``. ``action`` may be None for DELETE updates (the key suffices)."""
    t = p4info.table(table)
    entry = p4runtime_pb2.TableEntry(table_id=t.id)
    match = dict(match)
    for f in t.match_fields:
        if f.name not in match:
            if f.match_type == EXACT:
                raise P4InfoError(f"table '{t.name}': exact match field '{f.name}' missing")
            continue
        fm = _field_match(t.name, f, match.pop(f.name), canonical)
        if fm is not None:
            entry.match.append(fm)
    if match:
        raise P4InfoError(
            f"table '{t.name}' has no match field(s) {', '.join(sorted(match))} "
            f"(match fields: {', '.join(f.name for f in t.match_fields)})")
    if isinstance(priority, bool) or not isinstance(priority, int):
        raise P4InfoError(f"table '{t.name}': priority must be an integer, got {priority!r}")
    if t.needs_priority:
        if not 1 <= priority <= 0x7FFFFFFF:
            raise P4InfoError(
                f"table '{t.name}' has ternary/range/optional fields: priority must be in [1, 2^31-1], got {priority}")
    elif priority != 0:
        raise P4InfoError(f"table '{t.name}' has only exact/lpm fields: priority must be 0, got {priority}")
    entry.priority = priority
    if action is not None:
        entry.action.action.CopyFrom(build_action(p4info, t.name, action, params, canonical))
    elif params:
        raise P4InfoError(f"table '{t.name}': action parameters given without an action")
    return entry


def _check_count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise EncodingError(f"{what} must be a non-negative integer, got {value!r}")
    return value


def build_meter_entry(p4info: P4Info, meter: str, index: int, cir: int, cburst: int, pir: int, pburst: int
                      ) -> p4runtime_pb2.MeterEntry:
    """MeterEntry configuring one cell of an indirect meter (rates/bursts in the meter's unit)."""
    m = p4info.meter(meter)
    index = _check_count(index, f"meter '{m.name}' index")
    if m.size and index >= m.size:
        raise P4InfoError(f"meter '{m.name}': index {index} out of range [0, {m.size})")
    cfg = p4runtime_pb2.MeterConfig(
        cir=_check_count(cir, "cir"), cburst=_check_count(cburst, "cburst"),
        pir=_check_count(pir, "pir"), pburst=_check_count(pburst, "pburst"))
    if cfg.pir < cfg.cir:
        raise EncodingError(f"meter '{m.name}'[{index}]: pir {pir} is below cir {cir}")
    entry = p4runtime_pb2.MeterEntry(meter_id=m.id, config=cfg)
    entry.index.index = index
    return entry


def build_multicast_group(group_id: int, replicas: Iterable[Tuple[int, int]]) -> p4runtime_pb2.PacketReplicationEngineEntry:
    """PRE entry for multicast group ``group_id`` with (port, instance) replicas."""
    group_id = _check_count(group_id, "multicast group id")
    if group_id == 0:
        raise EncodingError("multicast group id 0 is reserved")
    pre = p4runtime_pb2.PacketReplicationEngineEntry()
    pre.multicast_group_entry.multicast_group_id = group_id
    seen = set()
    for port, instance in replicas:
        port = _check_count(port, f"multicast group {group_id} replica port")
        instance = _check_count(instance, f"multicast group {group_id} replica instance")
        if (port, instance) in seen:
            raise EncodingError(f"multicast group {group_id}: duplicate replica (port {port}, instance {instance})")
        seen.add((port, instance))
        # egress_port (uint32) is understood by every PI/bmv2 version; ``port`` (bytes) only by newer ones.
        pre.multicast_group_entry.replicas.add(egress_port=port, instance=instance)
    return pre


def build_counter_entry(p4info: P4Info, counter: str, index: Optional[int] = None) -> p4runtime_pb2.CounterEntry:
    """CounterEntry for reads: one cell, or all cells when ``index`` is None."""
    c = p4info.counter(counter)
    entry = p4runtime_pb2.CounterEntry(counter_id=c.id)
    if index is not None:
        index = _check_count(index, f"counter '{c.name}' index")
        if c.size and index >= c.size:
            raise P4InfoError(f"counter '{c.name}': index {index} out of range [0, {c.size})")
        entry.index.index = index
    return entry


def update(entity_field: str, message, update_type: int = p4runtime_pb2.Update.INSERT) -> p4runtime_pb2.Update:
    """Wrap ``message`` into an Update; ``entity_field`` is the Entity oneof name (e.g. "table_entry")."""
    u = p4runtime_pb2.Update(type=update_type)
    getattr(u.entity, entity_field).CopyFrom(message)
    return u


INSERT = p4runtime_pb2.Update.INSERT
MODIFY = p4runtime_pb2.Update.MODIFY
DELETE = p4runtime_pb2.Update.DELETE


# ----------------------------------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------------------------------
def _code_name(code: int) -> str:
    try:
        return code_pb2.Code.Name(code)
    except ValueError:
        return str(code)


def decode_rpc_error(err: grpc.RpcError, what: str, labels: Optional[Sequence[str]] = None) -> P4RuntimeError:
    """Turn a gRPC error into a P4RuntimeError, with one line per failed update of a Write."""
    failures = []
    try:
        trailing = err.trailing_metadata() or ()
    except Exception:  # not every RpcError carries metadata
        trailing = ()
    for key, value in trailing:
        if key != "grpc-status-details-bin":
            continue
        status = status_pb2.Status.FromString(value)
        for i, detail in enumerate(status.details):
            p4err = p4runtime_pb2.Error()
            if detail.Unpack(p4err) and p4err.canonical_code != code_pb2.OK:
                failures.append((i, _code_name(p4err.canonical_code), p4err.message))
    lines = [f"{what} failed: {err.code().name}: {err.details()}"]
    for i, code, msg in failures:
        label = labels[i] if labels and i < len(labels) else f"update #{i}"
        lines.append(f"  {label}: {code}: {msg}")
    return P4RuntimeError("\n".join(lines), failures, code=err.code().name)


# ----------------------------------------------------------------------------------------------
# Client
# ----------------------------------------------------------------------------------------------
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
            detail = "stream closed" if arb is None else f"{_code_name(arb.status.code)} {arb.status.message}"
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

    def modify_table_entry(self, table, match, action, params=None, priority=0) -> None:
        self.write([update("table_entry", self.table_entry(table, match, action, params, priority), MODIFY)])

    def delete_table_entry(self, table, match, priority=0) -> None:
        self.write([update("table_entry", self.table_entry(table, match, None, None, priority), DELETE)])

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

    # -- multicast -----------------------------------------------------------------------------
    def write_multicast_group(self, group_id: int, replicas: Iterable[Tuple[int, int]], update_type=INSERT) -> None:
        pre = build_multicast_group(group_id, replicas)
        self.write([update("packet_replication_engine_entry", pre, update_type)])

    def delete_multicast_group(self, group_id: int) -> None:
        self.write_multicast_group(group_id, [], DELETE)

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
