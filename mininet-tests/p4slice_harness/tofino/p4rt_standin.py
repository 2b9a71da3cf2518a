"""A P4Runtime server standing in for a Tofino switch's agent (Stratum or ``bf_switchd``): it
accepts a pipeline only if the agent could parse its device configuration
(:mod:`.device_config`), checks every write against that pipeline's P4Info
(:mod:`.p4rt_checks`), keeps what it accepted, answers reads from it, rounds byte meters to whole
kbit as both agents do, answers reads of table entries with canonical byte strings, ternary masks and
priorities as written (as PI's server and Stratum do), refuses a second INSERT of an entry it holds
with ALREADY_EXISTS, and writes a transcript of every RPC (:mod:`.transcript`).

It holds no data plane: it proves what ONOS sends and that the switch's P4Runtime contract takes
it, not what the chip then does with packets.
"""

from __future__ import annotations

import threading
from typing import Callable, Dict, List, Optional, Tuple

import grpc
from google.protobuf import text_format
from google.rpc import code_pb2, status_pb2
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc

from ..p4rt.p4info import P4Info
from . import p4rt_checks as checks
from .device_config import DeviceConfigError, TofinoConfig
from .transcript import UPDATE_TYPES, Transcript, describe_update

KBIT = 125   # bytes in one kbit: the agents' unit of byte meters


class _Status(grpc.Status):
    def __init__(self, code, details, trailing_metadata=()):
        self.code, self.details, self.trailing_metadata = code, details, trailing_metadata


class P4RuntimeStandIn(p4runtime_pb2_grpc.P4RuntimeServicer):
    """``read_config(data) -> TofinoConfig`` reads the device configuration as the agent does."""

    def __init__(self, read_config: Callable[[bytes], TofinoConfig], transcript: Transcript, device_id: int = 1):
        self.read_config = read_config
        self.transcript = transcript
        self.device_id = device_id
        self.lock = threading.RLock()
        self.pipeline: Optional[p4runtime_pb2.ForwardingPipelineConfig] = None
        self.tofino_config: Optional[TofinoConfig] = None
        self.p4info: Optional[P4Info] = None
        self.election_id: Optional[Tuple[int, int]] = None
        self.tables: Dict[Tuple, p4runtime_pb2.TableEntry] = {}
        self.groups: Dict[int, p4runtime_pb2.MulticastGroupEntry] = {}
        self.clone_sessions: Dict[int, p4runtime_pb2.CloneSessionEntry] = {}
        self.meters: Dict[Tuple[int, int], p4runtime_pb2.MeterEntry] = {}
        self.meter_writes: List[Tuple[int, int]] = []    # (meter id, cell) of every accepted write
        self.accepted: List[str] = []    # "INSERT table_entry P4SliceIngress.acl ..." per accepted update
        self.refused: List[str] = []     # the refusals' messages
        self.packet_outs: List[p4runtime_pb2.PacketOut] = []

    # -- session -----------------------------------------------------------------------------
    def StreamChannel(self, request_iterator, context):
        for request in request_iterator:
            kind = request.WhichOneof("update")
            if kind == "arbitration":
                a = request.arbitration
                election = (a.election_id.high, a.election_id.low)
                with self.lock:
                    if self.election_id is None or election >= self.election_id:
                        self.election_id = election
                    master = election == self.election_id
                self.transcript.add(f"StreamChannel: arbitration device {a.device_id} election id {election[1]} "
                                    f"-> {'master' if master else 'backup'}")
                reply = p4runtime_pb2.StreamMessageResponse()
                reply.arbitration.CopyFrom(a)
                reply.arbitration.election_id.high, reply.arbitration.election_id.low = self.election_id
                reply.arbitration.status.code = code_pb2.OK if master else code_pb2.ALREADY_EXISTS
                yield reply
            elif kind == "packet":
                self.packet_outs.append(request.packet)
                meta = {m.metadata_id: int.from_bytes(m.value, "big") for m in request.packet.metadata}
                self.transcript.add(f"StreamChannel: packet-out of {len(request.packet.payload)} bytes, "
                                    f"metadata {meta}")

    def Capabilities(self, request, context):
        return p4runtime_pb2.CapabilitiesResponse(p4runtime_api_version="1.3.0")

    # -- pipeline ----------------------------------------------------------------------------
    def SetForwardingPipelineConfig(self, request, context):
        config = request.config
        try:
            if not config.p4info.tables:
                raise DeviceConfigError("the P4Info has no table")
            tofino = self.read_config(config.p4_device_config)
            p4info = P4Info(config.p4info)
        except (DeviceConfigError, Exception) as e:
            self.transcript.add(f"SetForwardingPipelineConfig: REFUSED: {e}")
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, str(e))
        with self.lock:
            self.pipeline, self.tofino_config, self.p4info = config, tofino, p4info
            self.tables.clear(), self.groups.clear(), self.clone_sessions.clear(), self.meters.clear()
        self.transcript.add(
            f"SetForwardingPipelineConfig: action {p4runtime_pb2.SetForwardingPipelineConfigRequest.Action.Name(request.action)}, "
            f"cookie {config.cookie.cookie}, P4Info of {len(config.p4info.tables)} tables "
            f"(arch {config.p4info.pkg_info.arch}), device config {len(config.p4_device_config)} bytes: "
            f"program {tofino.program!r}, pipeline {tofino.pipeline!r}, tofino.bin {len(tofino.binary)} B, "
            f"context.json {len(tofino.context)} B, bf-rt.json {len(tofino.bf_rt)} B, pipes {list(tofino.pipe_scope)}")
        return p4runtime_pb2.SetForwardingPipelineConfigResponse()

    def GetForwardingPipelineConfig(self, request, context):
        with self.lock:
            pipeline = self.pipeline
        if pipeline is None:
            context.abort(grpc.StatusCode.FAILED_PRECONDITION, "no forwarding pipeline config set")
        reply = p4runtime_pb2.GetForwardingPipelineConfigResponse()
        kind = request.response_type
        reply.config.cookie.CopyFrom(pipeline.cookie)
        if kind in (request.ALL, request.P4INFO_AND_COOKIE):
            reply.config.p4info.CopyFrom(pipeline.p4info)
        if kind in (request.ALL, request.DEVICE_CONFIG_AND_COOKIE):
            reply.config.p4_device_config = pipeline.p4_device_config
        return reply

    # -- writes ------------------------------------------------------------------------------
    def Write(self, request, context):
        with self.lock:
            if self.p4info is None:
                context.abort(grpc.StatusCode.FAILED_PRECONDITION, "no forwarding pipeline config set")
            if (request.election_id.high, request.election_id.low) != self.election_id:
                context.abort(grpc.StatusCode.PERMISSION_DENIED, "write from a client that is not the master")
            errors, failed = [], 0
            for update in request.updates:
                problem = self._apply(update)
                err = p4runtime_pb2.Error(canonical_code=code_pb2.OK)
                if problem:
                    failed += 1
                    code, message = problem
                    err = p4runtime_pb2.Error(canonical_code=code, message=message)
                    self.refused.append(message)
                errors.append(err)
        summary = ", ".join(describe_update(u, self.p4info) for u in request.updates[:4])
        more = f" (+{len(request.updates) - 4} more)" if len(request.updates) > 4 else ""
        self.transcript.add(f"Write: {len(request.updates)} updates: {summary}{more} -> "
                            f"{'OK' if not failed else f'{failed} REFUSED: ' + '; '.join(e.message for e in errors if e.message)}")
        if failed:
            status = status_pb2.Status(code=code_pb2.UNKNOWN, message=f"{failed} of {len(errors)} updates failed")
            for err in errors:
                status.details.add().Pack(err)
            context.abort_with_status(_Status(grpc.StatusCode.UNKNOWN, status.message,
                                              (("grpc-status-details-bin", status.SerializeToString()),)))
        return p4runtime_pb2.WriteResponse()

    def _apply(self, update) -> Optional[Tuple[int, str]]:
        entity, utype = update.entity, update.type
        kind = entity.WhichOneof("entity")
        if kind == "table_entry":
            e = entity.table_entry
            problem = checks.check_table_entry(self.p4info, e, utype)
            if problem:
                return code_pb2.INVALID_ARGUMENT, problem
            if e.is_default_action:
                return None
            return self._store(self.tables, checks.entry_key(e), e, utype, "table entry")
        if kind == "meter_entry":
            e = entity.meter_entry
            problem = checks.check_meter_entry(self.p4info, e)
            if problem:
                return code_pb2.INVALID_ARGUMENT, problem
            if utype != p4runtime_pb2.Update.MODIFY:
                return code_pb2.INVALID_ARGUMENT, "meter cells are only modified"
            self.meter_writes.append((e.meter_id, e.index.index))
            if not e.HasField("config"):     # back to the default: no limit
                self.meters.pop((e.meter_id, e.index.index), None)
                return None
            stored = p4runtime_pb2.MeterEntry()
            stored.CopyFrom(e)
            for f in ("cir", "cburst", "pir", "pburst"):   # the agents keep whole kbit
                setattr(stored.config, f, getattr(e.config, f) // KBIT * KBIT)
            self.meters[(e.meter_id, e.index.index)] = stored
            return None
        if kind == "counter_entry":
            problem = checks.check_counter_entry(self.p4info, entity.counter_entry)
            return (code_pb2.INVALID_ARGUMENT, problem) if problem else None
        if kind == "packet_replication_engine_entry":
            pre = entity.packet_replication_engine_entry
            which = pre.WhichOneof("type")
            if which == "multicast_group_entry":
                g = pre.multicast_group_entry
                if g.multicast_group_id == 0:
                    return code_pb2.INVALID_ARGUMENT, "multicast group id 0"
                problem = checks.check_replicas(f"multicast group {g.multicast_group_id}", g.replicas)
                if problem:
                    return code_pb2.INVALID_ARGUMENT, problem
                return self._store(self.groups, g.multicast_group_id, g, utype, "multicast group")
            s = pre.clone_session_entry
            problem = checks.check_replicas(f"clone session {s.session_id}", s.replicas)
            if problem:
                return code_pb2.INVALID_ARGUMENT, problem
            return self._store(self.clone_sessions, s.session_id, s, utype, "clone session")
        return code_pb2.UNIMPLEMENTED, f"{kind} writes are not supported by this agent"

    def _store(self, store: dict, key, value, utype, what) -> Optional[Tuple[int, str]]:
        if utype == p4runtime_pb2.Update.INSERT:
            if key in store:
                return code_pb2.ALREADY_EXISTS, f"{what} {key} exists already"
            store[key] = type(value)()
            store[key].CopyFrom(value)
        elif utype == p4runtime_pb2.Update.MODIFY:
            if key not in store:
                return code_pb2.NOT_FOUND, f"{what} {key} does not exist"
            store[key].CopyFrom(value)
        elif utype == p4runtime_pb2.Update.DELETE:
            if store.pop(key, None) is None:
                return code_pb2.NOT_FOUND, f"{what} {key} does not exist"
        else:
            return code_pb2.INVALID_ARGUMENT, f"update type {utype}"
        self.accepted.append(f"{UPDATE_TYPES[utype]} {what} {text_format.MessageToString(value, as_one_line=True)[:300]}")
        return None

    # -- reads -------------------------------------------------------------------------------
    def Read(self, request, context):
        with self.lock:
            if self.p4info is None:
                context.abort(grpc.StatusCode.FAILED_PRECONDITION, "no forwarding pipeline config set")
            reply = p4runtime_pb2.ReadResponse()
            for entity in request.entities:
                for found in self._read(entity):
                    reply.entities.add().CopyFrom(found)
        kinds = sorted({e.WhichOneof("entity") for e in request.entities})
        self.transcript.add(f"Read: {', '.join(kinds)} -> {len(reply.entities)} entities")
        yield reply

    def _read(self, entity):
        kind = entity.WhichOneof("entity")
        if kind == "table_entry":
            want = entity.table_entry
            for e in self.tables.values():
                if want.table_id in (0, e.table_id) and not want.is_default_action:
                    out = p4runtime_pb2.Entity()
                    out.table_entry.CopyFrom(checks.canonical_entry(e))
                    if want.HasField("counter_data") and self.p4info.table_by_id(e.table_id).direct_resource_ids:
                        out.table_entry.counter_data.SetInParent()
                    yield out
        elif kind == "meter_entry":
            want = entity.meter_entry
            for m in self.p4info.proto.meters:
                if want.meter_id not in (0, m.preamble.id):
                    continue
                cells = [want.index.index] if want.HasField("index") else range(m.size)
                for i in cells:
                    stored = self.meters.get((m.preamble.id, i))
                    if stored is None and not want.HasField("index"):
                        continue
                    out = p4runtime_pb2.Entity()
                    out.meter_entry.meter_id, out.meter_entry.index.index = m.preamble.id, i
                    if stored is not None:
                        out.meter_entry.config.CopyFrom(stored.config)
                    yield out
        elif kind == "counter_entry":
            want = entity.counter_entry
            for c in self.p4info.proto.counters:
                if want.counter_id not in (0, c.preamble.id):
                    continue
                for i in ([want.index.index] if want.HasField("index") else range(c.size)):
                    out = p4runtime_pb2.Entity()
                    out.counter_entry.counter_id, out.counter_entry.index.index = c.preamble.id, i
                    out.counter_entry.data.SetInParent()
                    yield out
        elif kind == "packet_replication_engine_entry":
            pre = entity.packet_replication_engine_entry
            if pre.WhichOneof("type") == "multicast_group_entry":
                wanted = pre.multicast_group_entry.multicast_group_id
                store, field = self.groups, "multicast_group_entry"
            else:
                wanted = pre.clone_session_entry.session_id
                store, field = self.clone_sessions, "clone_session_entry"
            for key, value in store.items():
                if wanted in (0, key):
                    out = p4runtime_pb2.Entity()
                    getattr(out.packet_replication_engine_entry, field).CopyFrom(value)
                    yield out

    # -- what a test reads -------------------------------------------------------------------
    def table_entries(self, table: str) -> List[p4runtime_pb2.TableEntry]:
        with self.lock:
            tid = self.p4info.table(table).id
            return [e for e in self.tables.values() if e.table_id == tid]
