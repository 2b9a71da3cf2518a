"""P4Info loading and name -> id resolution (pure, no I/O besides reading the file).

Names are resolved the way P4Runtime tools usually do: the fully qualified name
(``P4SliceIngress.slice_classifier``) always works; the short alias (``slice_classifier``) works
when it is unambiguous. Unknown names raise :class:`P4InfoError` listing the known ones, so a typo
in a plan reads as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, Mapping, Optional, Tuple

from google.protobuf import text_format
from p4.config.v1 import p4info_pb2

from ..errors import P4InfoError

EXACT = "exact"
LPM = "lpm"
TERNARY = "ternary"
RANGE = "range"
OPTIONAL = "optional"

_MATCH_TYPES = {
    p4info_pb2.MatchField.EXACT: EXACT,
    p4info_pb2.MatchField.LPM: LPM,
    p4info_pb2.MatchField.TERNARY: TERNARY,
    p4info_pb2.MatchField.RANGE: RANGE,
    p4info_pb2.MatchField.OPTIONAL: OPTIONAL,
}


@dataclass(frozen=True)
class MatchFieldInfo:
    id: int
    name: str
    bitwidth: int
    match_type: str  # one of EXACT, LPM, TERNARY, RANGE, OPTIONAL


@dataclass(frozen=True)
class ParamInfo:
    id: int
    name: str
    bitwidth: int


@dataclass(frozen=True)
class ActionInfo:
    id: int
    name: str
    alias: str
    params: Tuple[ParamInfo, ...]

    def param(self, name: str) -> ParamInfo:
        for p in self.params:
            if p.name == name:
                return p
        raise P4InfoError(
            f"action '{self.name}' has no parameter '{name}' (parameters: {_names(p.name for p in self.params)})")


@dataclass(frozen=True)
class TableInfo:
    id: int
    name: str
    alias: str
    match_fields: Tuple[MatchFieldInfo, ...]
    # action id -> scope name ("TABLE_AND_DEFAULT", "TABLE_ONLY", "DEFAULT_ONLY")
    action_scopes: Mapping[int, str]
    size: int
    const_default_action_id: int = 0
    direct_resource_ids: Tuple[int, ...] = ()

    def field(self, name: str) -> MatchFieldInfo:
        for f in self.match_fields:
            if f.name == name:
                return f
        raise P4InfoError(
            f"table '{self.name}' has no match field '{name}' "
            f"(match fields: {_names(f.name for f in self.match_fields)})")

    @property
    def needs_priority(self) -> bool:
        """P4Runtime: entries of tables with ternary/range/optional fields carry a priority > 0."""
        return any(f.match_type in (TERNARY, RANGE, OPTIONAL) for f in self.match_fields)


@dataclass(frozen=True)
class CounterInfo:
    id: int
    name: str
    alias: str
    unit: str  # "BYTES", "PACKETS", "BOTH"
    size: int


@dataclass(frozen=True)
class MeterInfo:
    id: int
    name: str
    alias: str
    unit: str  # "BYTES", "PACKETS"
    size: int


def _names(names: Iterable[str]) -> str:
    names = sorted(names)
    return ", ".join(names) if names else "none"


class _Index:
    """Name/alias/id index of one kind of P4Info entity."""

    def __init__(self, kind: str):
        self.kind = kind
        self.by_name: Dict[str, object] = {}
        self.by_alias: Dict[str, list] = {}
        self.by_id: Dict[int, object] = {}

    def add(self, obj) -> None:
        self.by_name[obj.name] = obj
        self.by_alias.setdefault(obj.alias, []).append(obj)
        self.by_id[obj.id] = obj

    def get(self, name: str):
        if not isinstance(name, str):
            raise P4InfoError(f"{self.kind} name must be a string, got {name!r}")
        obj = self.by_name.get(name)
        if obj is not None:
            return obj
        candidates = self.by_alias.get(name, [])
        if len(candidates) == 1:
            return candidates[0]
        if len(candidates) > 1:
            raise P4InfoError(
                f"{self.kind} alias '{name}' is ambiguous: {_names(c.name for c in candidates)}")
        raise P4InfoError(f"unknown {self.kind} '{name}' (known: {_names(self.by_name)})")

    def get_id(self, id_: int):
        try:
            return self.by_id[id_]
        except KeyError:
            raise P4InfoError(f"unknown {self.kind} id {id_}") from None


class P4Info:
    """Read-only view of a P4Info message with name resolution."""

    def __init__(self, proto: p4info_pb2.P4Info):
        self.proto = proto
        self._tables = _Index("table")
        self._actions = _Index("action")
        self._counters = _Index("counter")
        self._direct_counters = _Index("direct counter")
        self._meters = _Index("meter")

        for a in proto.actions:
            self._actions.add(ActionInfo(
                id=a.preamble.id, name=a.preamble.name, alias=a.preamble.alias or a.preamble.name,
                params=tuple(ParamInfo(p.id, p.name, p.bitwidth) for p in a.params)))
        for t in proto.tables:
            fields = []
            for mf in t.match_fields:
                if mf.WhichOneof("match") != "match_type":
                    raise P4InfoError(
                        f"table '{t.preamble.name}' field '{mf.name}': architecture-specific match kinds "
                        f"are not supported")
                if mf.match_type not in _MATCH_TYPES:
                    raise P4InfoError(f"table '{t.preamble.name}' field '{mf.name}': unspecified match type")
                fields.append(MatchFieldInfo(mf.id, mf.name, mf.bitwidth, _MATCH_TYPES[mf.match_type]))
            scopes = {ref.id: p4info_pb2.ActionRef.Scope.Name(ref.scope) for ref in t.action_refs}
            self._tables.add(TableInfo(
                id=t.preamble.id, name=t.preamble.name, alias=t.preamble.alias or t.preamble.name,
                match_fields=tuple(fields), action_scopes=scopes, size=t.size,
                const_default_action_id=t.const_default_action_id,
                direct_resource_ids=tuple(t.direct_resource_ids)))
        for c in proto.counters:
            self._counters.add(CounterInfo(
                c.preamble.id, c.preamble.name, c.preamble.alias or c.preamble.name,
                p4info_pb2.CounterSpec.Unit.Name(c.spec.unit), c.size))
        for c in proto.direct_counters:
            self._direct_counters.add(CounterInfo(
                c.preamble.id, c.preamble.name, c.preamble.alias or c.preamble.name,
                p4info_pb2.CounterSpec.Unit.Name(c.spec.unit), 0))
        for m in proto.meters:
            self._meters.add(MeterInfo(
                m.preamble.id, m.preamble.name, m.preamble.alias or m.preamble.name,
                p4info_pb2.MeterSpec.Unit.Name(m.spec.unit), m.size))

    # -- loading -------------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> "P4Info":
        proto = p4info_pb2.P4Info()
        try:
            text_format.Parse(text, proto)
        except text_format.ParseError as e:
            raise P4InfoError(f"cannot parse P4Info text: {e}") from e
        return cls(proto)

    @classmethod
    def from_file(cls, path) -> "P4Info":
        path = Path(path)
        try:
            text = path.read_text()
        except OSError as e:
            raise P4InfoError(f"cannot read P4Info file {path}: {e}") from e
        try:
            return cls.from_text(text)
        except P4InfoError as e:
            raise P4InfoError(f"{path}: {e}") from e

    # -- resolution ----------------------------------------------------------------------------
    def table(self, name: str) -> TableInfo:
        return self._tables.get(name)

    def action(self, name: str) -> ActionInfo:
        return self._actions.get(name)

    def counter(self, name: str) -> CounterInfo:
        return self._counters.get(name)

    def meter(self, name: str) -> MeterInfo:
        return self._meters.get(name)

    def table_by_id(self, id_: int) -> TableInfo:
        return self._tables.get_id(id_)

    def action_by_id(self, id_: int) -> ActionInfo:
        return self._actions.get_id(id_)

    def table_action(self, table: str, action: str, default: bool = False) -> Tuple[TableInfo, ActionInfo]:
        """Resolve ``action`` as usable in ``table`` (as an entry's action, or as default action)."""
        t = self.table(table)
        a = self.action(action)
        scope = t.action_scopes.get(a.id)
        if scope is None:
            allowed = [self.action_by_id(i).name for i in t.action_scopes]
            raise P4InfoError(
                f"action '{a.name}' is not an action of table '{t.name}' (table actions: {_names(allowed)})")
        if not default and scope == "DEFAULT_ONLY":
            raise P4InfoError(f"action '{a.name}' can only be the default action of table '{t.name}'")
        if default and scope == "TABLE_ONLY":
            raise P4InfoError(f"action '{a.name}' cannot be the default action of table '{t.name}'")
        return t, a

    @property
    def table_names(self):
        return sorted(self._tables.by_name)

    @property
    def action_names(self):
        return sorted(self._actions.by_name)

    @property
    def counter_names(self):
        return sorted(self._counters.by_name)

    @property
    def direct_counter_names(self):
        return sorted(self._direct_counters.by_name)

    @property
    def meter_names(self):
        return sorted(self._meters.by_name)

    def direct_counter_of(self, table: str) -> Optional[CounterInfo]:
        """The direct counter attached to ``table``, or None."""
        t = self.table(table)
        for rid in t.direct_resource_ids:
            c = self._direct_counters.by_id.get(rid)
            if c is not None:
                return c
        return None
