"""What a P4Runtime server checks of an entity against the P4Info it was given, as the Tofino
agents do (P4Runtime 1.3 rules): ids, match kinds, widths, priorities, action scopes, parameters,
meter and counter cells, replicas. Pure: each check returns None or the refusal's message.

A byte string may be canonical (leading zeros stripped) or padded to the field's bytes, as
ONOS 2.7 sends them; either way its value must fit the field's bit width. Keys are compared by
value (``entry_key``), so the same entry written either way is the same entry.
"""

from __future__ import annotations

from typing import Optional, Tuple

from p4.v1 import p4runtime_pb2

from ..errors import P4InfoError
from ..p4rt.p4info import EXACT, LPM, OPTIONAL, RANGE, TERNARY, P4Info

PORT_BITS = 9   # Tofino's PortId_t (and bmv2's)


def _uint(data: bytes) -> int:
    return int.from_bytes(data, "big") if data else 0


def _fits(data: bytes, bits: int, what: str) -> Optional[str]:
    if not data:
        return f"{what}: empty byte string"
    if len(data) > (bits + 7) // 8:
        return f"{what}: {len(data)} bytes for a {bits}-bit field"
    if _uint(data) >> bits:
        return f"{what}: value {_uint(data):#x} does not fit {bits} bits"
    return None


def canonical(data: bytes) -> bytes:
    """The canonical P4Runtime byte string of a value (spec 1.3, 8.4): leading zero bytes stripped,
    zero as one zero byte -- what PI's ``bytestring_pi_to_p4rt`` (proto/frontend/src/common.cpp) and
    Stratum's ``ByteStringToP4RuntimeByteString`` (stratum/hal/lib/p4/utils.cc) return on reads."""
    stripped = data.lstrip(b"\x00")
    return stripped or b"\x00"


def canonical_entry(entry: p4runtime_pb2.TableEntry) -> p4runtime_pb2.TableEntry:
    """A table entry as a Tofino agent reads it back: every match value, ternary mask and action
    parameter canonical, the priority as written (PI's ``match_key_helpers.cpp`` and
    ``device_mgr.cpp``; Stratum's ``BfSdeWrapper::TableKey::GetTernary`` and
    ``BfrtTableManager::ReadTableEntries``, which converts the SDE's priority back)."""
    out = p4runtime_pb2.TableEntry()
    out.CopyFrom(entry)
    for m in out.match:
        kind = m.WhichOneof("field_match_type")
        if kind == "exact":
            m.exact.value = canonical(m.exact.value)
        elif kind == "lpm":
            m.lpm.value = canonical(m.lpm.value)
        elif kind == "ternary":
            m.ternary.value = canonical(m.ternary.value)
            m.ternary.mask = canonical(m.ternary.mask)
        elif kind == "range":
            m.range.low, m.range.high = canonical(m.range.low), canonical(m.range.high)
        elif kind == "optional":
            m.optional.value = canonical(m.optional.value)
    if out.action.WhichOneof("type") == "action":
        for param in out.action.action.params:
            param.value = canonical(param.value)
    return out


def entry_key(entry: p4runtime_pb2.TableEntry) -> Tuple:
    """The identity of a table entry: table, priority and the match by value."""
    fields = []
    for m in sorted(entry.match, key=lambda m: m.field_id):
        kind = m.WhichOneof("field_match_type")
        f = getattr(m, kind)
        if kind == "exact":
            fields.append((m.field_id, kind, _uint(f.value)))
        elif kind == "lpm":
            fields.append((m.field_id, kind, _uint(f.value), f.prefix_len))
        elif kind == "ternary":
            fields.append((m.field_id, kind, _uint(f.value), _uint(f.mask)))
        else:
            fields.append((m.field_id, kind, f.SerializeToString()))
    return entry.table_id, entry.priority, tuple(fields)


def check_table_entry(info: P4Info, entry: p4runtime_pb2.TableEntry, update_type: int) -> Optional[str]:
    try:
        table = info.table_by_id(entry.table_id)
    except P4InfoError:
        return f"unknown table id {entry.table_id}"
    if entry.is_default_action:
        if table.const_default_action_id:
            return f"table {table.name} has a const default action: it cannot be changed"
        return None
    seen = set()
    for m in entry.match:
        if m.field_id in seen:
            return f"table {table.name}: field id {m.field_id} matched twice"
        seen.add(m.field_id)
        field = next((f for f in table.match_fields if f.id == m.field_id), None)
        if field is None:
            return f"table {table.name}: unknown match field id {m.field_id}"
        problem = _check_match(table.name, field, m)
        if problem:
            return problem
    for field in table.match_fields:
        if field.match_type == EXACT and field.id not in seen:
            return f"table {table.name}: exact field {field.name} missing"
    if table.needs_priority:
        if entry.priority <= 0 and update_type != p4runtime_pb2.Update.DELETE:
            return f"table {table.name} has ternary fields: an entry needs a priority > 0"
    elif entry.priority != 0:
        return f"table {table.name} has no ternary field: priority must be 0, got {entry.priority}"
    if update_type == p4runtime_pb2.Update.DELETE:
        return None
    if entry.action.WhichOneof("type") != "action":
        return f"table {table.name}: entry has no action (action profiles are not used)"
    return check_action(info, table, entry.action.action)


def _check_match(table: str, field, m: p4runtime_pb2.FieldMatch) -> Optional[str]:
    kind = m.WhichOneof("field_match_type")
    what = f"table {table} field {field.name}"
    expected = {EXACT: "exact", LPM: "lpm", TERNARY: "ternary", RANGE: "range", OPTIONAL: "optional"}[
        field.match_type]
    if kind != expected:
        return f"{what}: {kind} match for a {expected} field"
    if kind == "exact":
        return _fits(m.exact.value, field.bitwidth, what)
    if kind == "lpm":
        problem = _fits(m.lpm.value, field.bitwidth, what)
        if problem:
            return problem
        if not 0 < m.lpm.prefix_len <= field.bitwidth:
            return f"{what}: prefix length {m.lpm.prefix_len} not in 1..{field.bitwidth}"
        host_bits = field.bitwidth - m.lpm.prefix_len
        if _uint(m.lpm.value) & ((1 << host_bits) - 1):
            return f"{what}: bits beyond the /{m.lpm.prefix_len} prefix are set"
        return None
    if kind == "ternary":
        problem = _fits(m.ternary.value, field.bitwidth, what) or _fits(m.ternary.mask, field.bitwidth,
                                                                          what + " mask")
        if problem:
            return problem
        if _uint(m.ternary.value) & ~_uint(m.ternary.mask):
            return f"{what}: value has bits outside the mask"
        if _uint(m.ternary.mask) == 0:
            return f"{what}: a zero mask must be left out (don't care)"
        return None
    return f"{what}: {kind} matches are not used by p4slice"


def check_action(info: P4Info, table, action: p4runtime_pb2.Action) -> Optional[str]:
    try:
        a = info.action_by_id(action.action_id)
    except P4InfoError:
        return f"unknown action id {action.action_id}"
    scope = table.action_scopes.get(a.id)
    if scope is None:
        return f"action {a.name} is not an action of table {table.name}"
    if scope == "DEFAULT_ONLY":
        return f"action {a.name} can only be the default action of table {table.name}"
    given = {p.param_id: p.value for p in action.params}
    if len(given) != len(action.params):
        return f"action {a.name}: a parameter is given twice"
    for p in a.params:
        if p.id not in given:
            return f"action {a.name}: parameter {p.name} missing"
        problem = _fits(given.pop(p.id), p.bitwidth, f"action {a.name} parameter {p.name}")
        if problem:
            return problem
    if given:
        return f"action {a.name}: unknown parameter ids {sorted(given)}"
    return None


def _cell(kind: str, declared, entity_id: int, entry, index_required: bool):
    """(the declared array, None) or (None, the refusal) for a write of one of its cells."""
    array = next((a for a in declared if a.preamble.id == entity_id), None)
    if array is None:
        return None, f"unknown {kind} id {entity_id}"
    if not entry.HasField("index"):
        return (None, f"{kind} {array.preamble.name}: a write names its cell (index)") if index_required \
            else (array, None)
    if not 0 <= entry.index.index < array.size:
        return None, f"{kind} {array.preamble.name}: cell {entry.index.index} not in 0..{array.size - 1}"
    return array, None


def check_meter_entry(info: P4Info, entry: p4runtime_pb2.MeterEntry) -> Optional[str]:
    meter, problem = _cell("meter", info.proto.meters, entry.meter_id, entry, index_required=True)
    if problem:
        return problem
    if entry.HasField("config"):
        c = entry.config
        if min(c.cir, c.cburst, c.pir, c.pburst) < 0 or c.cir > c.pir:
            return f"meter {meter.preamble.name} cell {entry.index.index}: rates must satisfy 0 <= cir <= pir"
    return None


def check_counter_entry(info: P4Info, entry: p4runtime_pb2.CounterEntry) -> Optional[str]:
    return _cell("counter", info.proto.counters, entry.counter_id, entry, index_required=False)[1]


def check_replicas(what: str, replicas) -> Optional[str]:
    seen = set()
    for r in replicas:
        port = _uint(r.port) if r.WhichOneof("port_kind") == "port" else r.egress_port
        if port >> PORT_BITS:
            return f"{what}: replica port {port} does not fit {PORT_BITS} bits"
        if (port, r.instance) in seen:
            return f"{what}: replica (port {port}, instance {r.instance}) listed twice"
        seen.add((port, r.instance))
    return None
