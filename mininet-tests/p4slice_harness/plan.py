"""The *plan*: PI entities computed for a set of slices, as JSON, and their installation.

The plan exporter of ``tools/`` writes what the slice manager makes ONOS write for some slices as a
plan; the harness validates it against the pipeline's P4Info and writes it to bmv2 over P4Runtime.

The format (version 1) and its rules: ``docs/plan-format.md``.

:func:`parse_plan` checks the shape; :meth:`Plan.compile` resolves it against each device's
P4Info into P4Runtime updates (pure); :func:`install_plan` writes them: per device, multicast
groups, then meter cells, then table entries, one Write RPC each (:mod:`p4slice_harness.p4rt.install`).
All devices are compiled before anything is written, so a bad plan changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Sequence, Tuple, Union

from p4.v1 import p4runtime_pb2

from .errors import HarnessError, PlanError
from .p4rt import entities
from .p4rt.encoding import parse_int
from .p4rt.p4info import P4Info

PLAN_VERSION = 1


# ----------------------------------------------------------------------------------------------
# Parsed plan (shape-checked, not yet resolved against a P4Info)
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlanTableEntry:
    path: str                                   # e.g. "entries[3]", used in error messages
    device: str
    table: str
    priority: int
    match: Tuple[Tuple[str, entities.MatchValue], ...]
    action: str
    params: Tuple[Tuple[str, Union[int, str]], ...]


@dataclass(frozen=True)
class PlanMeter:
    path: str
    device: str
    meter: str
    index: int
    cir: int
    cburst: int
    pir: int
    pburst: int


@dataclass(frozen=True)
class PlanMulticastGroup:
    path: str
    device: str
    id: int
    replicas: Tuple[Tuple[int, int], ...]


@dataclass(frozen=True)
class CompiledDevice:
    """P4Runtime updates for one device, in installation order, with their plan paths."""
    groups: List[Tuple[str, p4runtime_pb2.Update]] = field(default_factory=list)
    meters: List[Tuple[str, p4runtime_pb2.Update]] = field(default_factory=list)
    entries: List[Tuple[str, p4runtime_pb2.Update]] = field(default_factory=list)


@dataclass(frozen=True)
class Plan:
    entries: Tuple[PlanTableEntry, ...] = ()
    meters: Tuple[PlanMeter, ...] = ()
    multicast_groups: Tuple[PlanMulticastGroup, ...] = ()

    @property
    def devices(self) -> List[str]:
        return sorted({x.device for x in (*self.entries, *self.meters, *self.multicast_groups)})

    def compile(self, p4infos: Union[P4Info, Mapping[str, P4Info]], canonical: bool = True
                ) -> Dict[str, CompiledDevice]:
        """Resolve the plan into P4Runtime updates per device (INSERT for entries and groups,
        MODIFY for meter cells). ``p4infos`` is one P4Info for all devices or one per device.
        Raises PlanError naming the offending plan element."""
        def info_for(device: str, path: str) -> P4Info:
            if isinstance(p4infos, P4Info):
                return p4infos
            try:
                return p4infos[device]
            except KeyError:
                raise PlanError(f"{path}: no P4Info/switch given for device '{device}' "
                                f"(known devices: {', '.join(sorted(p4infos)) or 'none'})") from None

        out: Dict[str, CompiledDevice] = {}
        seen_keys: Dict[Tuple[str, bytes], str] = {}
        for e in self.entries:
            info = info_for(e.device, e.path)
            try:
                te = entities.build_table_entry(info, e.table, dict(e.match), e.action, dict(e.params), e.priority,
                                            canonical)
            except HarnessError as err:
                raise PlanError(f"{e.path} ({e.device}): {err}") from None
            key = p4runtime_pb2.TableEntry(table_id=te.table_id, priority=te.priority)
            key.match.extend(sorted(te.match, key=lambda m: m.field_id))
            dup_key = (e.device, key.SerializeToString(deterministic=True))
            if dup_key in seen_keys:
                raise PlanError(f"{e.path} ({e.device}): same table key as {seen_keys[dup_key]} in '{e.table}'")
            seen_keys[dup_key] = e.path
            out.setdefault(e.device, CompiledDevice()).entries.append(
                (e.path, entities.update("table_entry", te, entities.INSERT)))
        seen_cells: Dict[Tuple[str, int, int], str] = {}
        for m in self.meters:
            info = info_for(m.device, m.path)
            try:
                me = entities.build_meter_entry(info, m.meter, m.index, m.cir, m.cburst, m.pir, m.pburst)
            except HarnessError as err:
                raise PlanError(f"{m.path} ({m.device}): {err}") from None
            cell = (m.device, me.meter_id, m.index)
            if cell in seen_cells:
                raise PlanError(f"{m.path} ({m.device}): meter cell '{m.meter}'[{m.index}] "
                                f"already configured by {seen_cells[cell]}")
            seen_cells[cell] = m.path
            out.setdefault(m.device, CompiledDevice()).meters.append(
                (m.path, entities.update("meter_entry", me, entities.MODIFY)))
        seen_groups: Dict[Tuple[str, int], str] = {}
        for g in self.multicast_groups:
            info_for(g.device, g.path)  # the device must be known even though groups need no P4Info
            try:
                pre = entities.build_multicast_group(g.id, g.replicas)
            except HarnessError as err:
                raise PlanError(f"{g.path} ({g.device}): {err}") from None
            if (g.device, g.id) in seen_groups:
                raise PlanError(f"{g.path} ({g.device}): multicast group {g.id} already defined by "
                                f"{seen_groups[(g.device, g.id)]}")
            seen_groups[(g.device, g.id)] = g.path
            out.setdefault(g.device, CompiledDevice()).groups.append(
                (g.path, entities.update("packet_replication_engine_entry", pre, entities.INSERT)))
        return out


# ----------------------------------------------------------------------------------------------
# Shape checks
# ----------------------------------------------------------------------------------------------
def _obj(value, path: str, required: Sequence[str], optional: Sequence[str] = ()) -> dict:
    if not isinstance(value, dict):
        raise PlanError(f"{path}: expected an object, got {type(value).__name__}")
    unknown = sorted(set(value) - set(required) - set(optional))
    if unknown:
        raise PlanError(f"{path}: unknown key(s) {', '.join(repr(k) for k in unknown)} "
                        f"(allowed: {', '.join(list(required) + list(optional))})")
    missing = [k for k in required if k not in value]
    if missing:
        raise PlanError(f"{path}: missing key(s) {', '.join(repr(k) for k in missing)}")
    return value


def _list(value, path: str) -> list:
    if not isinstance(value, list):
        raise PlanError(f"{path}: expected a list, got {type(value).__name__}")
    return value


def _str(value, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise PlanError(f"{path}: expected a non-empty string, got {value!r}")
    return value


def _int(value, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PlanError(f"{path}: expected a non-negative integer, got {value!r}")
    return value


def _value(value, path: str) -> Union[int, str]:
    """A match/param value: JSON integer or "0x..." string (checked here; width checked in compile)."""
    try:
        parse_int(value, path)
    except HarnessError as e:
        raise PlanError(str(e)) from None
    return value


def _parse_match(m, path: str) -> Tuple[str, entities.MatchValue]:
    kinds = [k for k in ("exact", "lpm", "ternary") if isinstance(m, dict) and k in m]
    _obj(m, path, ["field"], ["exact", "lpm", "ternary"])
    name = _str(m["field"], f"{path}.field")
    if len(kinds) != 1:
        raise PlanError(f"{path}: exactly one of 'exact', 'lpm', 'ternary' is required, got "
                        f"{', '.join(kinds) or 'none'}")
    kind = kinds[0]
    if kind == "exact":
        return name, entities.Exact(_value(m["exact"], f"{path}.exact"))
    if kind == "lpm":
        lpm = _obj(m["lpm"], f"{path}.lpm", ["value", "prefixLen"])
        return name, entities.Lpm(_value(lpm["value"], f"{path}.lpm.value"), _int(lpm["prefixLen"], f"{path}.lpm.prefixLen"))
    tern = _obj(m["ternary"], f"{path}.ternary", ["value", "mask"])
    return name, entities.Ternary(_value(tern["value"], f"{path}.ternary.value"), _value(tern["mask"], f"{path}.ternary.mask"))


def _parse_entry(e, path: str) -> PlanTableEntry:
    _obj(e, path, ["device", "table", "match", "action"], ["priority"])
    matches = []
    seen = set()
    for j, m in enumerate(_list(e["match"], f"{path}.match")):
        name, spec = _parse_match(m, f"{path}.match[{j}]")
        if name in seen:
            raise PlanError(f"{path}.match[{j}]: field '{name}' given twice")
        seen.add(name)
        matches.append((name, spec))
    action = _obj(e["action"], f"{path}.action", ["name"], ["params"])
    params = []
    seen = set()
    for k, p in enumerate(_list(action.get("params", []), f"{path}.action.params")):
        ppath = f"{path}.action.params[{k}]"
        _obj(p, ppath, ["name", "value"])
        pname = _str(p["name"], f"{ppath}.name")
        if pname in seen:
            raise PlanError(f"{ppath}: parameter '{pname}' given twice")
        seen.add(pname)
        params.append((pname, _value(p["value"], f"{ppath}.value")))
    return PlanTableEntry(
        path=path, device=_str(e["device"], f"{path}.device"), table=_str(e["table"], f"{path}.table"),
        priority=_int(e.get("priority", 0), f"{path}.priority"), match=tuple(matches),
        action=_str(action["name"], f"{path}.action.name"), params=tuple(params))


def _parse_meter(m, path: str) -> PlanMeter:
    keys = ["device", "meter", "index", "cir", "cburst", "pir", "pburst"]
    _obj(m, path, keys)
    return PlanMeter(path=path, device=_str(m["device"], f"{path}.device"), meter=_str(m["meter"], f"{path}.meter"),
                     **{k: _int(m[k], f"{path}.{k}") for k in keys[2:]})


def _parse_group(g, path: str) -> PlanMulticastGroup:
    _obj(g, path, ["device", "id", "replicas"])
    replicas = []
    for k, r in enumerate(_list(g["replicas"], f"{path}.replicas")):
        rpath = f"{path}.replicas[{k}]"
        _obj(r, rpath, ["port"], ["instance"])
        replicas.append((_int(r["port"], f"{rpath}.port"), _int(r.get("instance", 0), f"{rpath}.instance")))
    return PlanMulticastGroup(path=path, device=_str(g["device"], f"{path}.device"), id=_int(g["id"], f"{path}.id"),
                              replicas=tuple(replicas))


def parse_plan(doc) -> Plan:
    """Shape-check a plan document (the decoded JSON) and return a :class:`Plan`."""
    _obj(doc, "plan", [], ["version", "meta", "entries", "meters", "multicastGroups"])
    version = doc.get("version", PLAN_VERSION)
    if version != PLAN_VERSION:
        raise PlanError(f"plan.version: unsupported version {version!r} (this harness reads {PLAN_VERSION})")
    return Plan(
        entries=tuple(_parse_entry(e, f"entries[{i}]") for i, e in enumerate(_list(doc.get("entries", []), "entries"))),
        meters=tuple(_parse_meter(m, f"meters[{i}]") for i, m in enumerate(_list(doc.get("meters", []), "meters"))),
        multicast_groups=tuple(_parse_group(g, f"multicastGroups[{i}]")
                               for i, g in enumerate(_list(doc.get("multicastGroups", []), "multicastGroups"))))


def load_plan(path) -> Plan:
    """Read and shape-check a plan JSON file."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text())
    except OSError as e:
        raise PlanError(f"cannot read plan {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise PlanError(f"{path}: not valid JSON: {e}") from None
    try:
        return parse_plan(doc)
    except PlanError as e:
        raise PlanError(f"{path}: {e}") from None
