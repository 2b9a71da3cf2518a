"""P4Runtime entities built from names, pure (no network; unit-tested).

:func:`build_table_entry`, :func:`build_action`, :func:`build_meter_entry`,
:func:`build_multicast_group`, :func:`build_counter_entry` resolve names through a
:class:`~p4slice_harness.p4rt.p4info.P4Info`, check widths/kinds and encode values in canonical form;
:func:`update` wraps an entity in a Write ``Update`` (:data:`INSERT`, :data:`MODIFY`, :data:`DELETE`).

Match specifications passed to :func:`build_table_entry` map field names to:

- an int / ``"0x.."`` string       -> exact match (exact fields only)
- :class:`Exact` (value)           -> exact match
- :class:`Lpm` (value, prefix_len) -> LPM; prefix_len 0 means "don't care" and the field is omitted
- :class:`Ternary` (value, mask)   -> ternary; mask 0 means "don't care" and the field is omitted

Omitting an lpm/ternary field means "don't care"; omitting an exact field is an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Optional, Tuple, Union

from p4.v1 import p4runtime_pb2

from ..errors import EncodingError, P4InfoError
from . import encoding
from .p4info import EXACT, LPM, OPTIONAL, TERNARY, P4Info


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
