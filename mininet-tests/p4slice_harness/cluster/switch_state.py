"""What a switch holds, read over P4Runtime beside ONOS (reads need no arbitration), by slice.

Every slice entry names its slice id (``docs/p4-contract.md``): the ``slice_id`` parameter of the
classifier's actions, the ``slice_id`` match field of ``l2_forward``, ``l3_forward_v4/_v6`` and
``egress_vlan``; a slice's multicast group has the slice id as its id. :func:`read_switch` returns a
:class:`SwitchState`: every entry of those tables (as comparable keys) and every multicast group, and
:meth:`SwitchState.slice_ids` the slices the switch carries anything of. Two reads compare equal
exactly when the switch holds the same entries and groups (nothing added, removed or duplicated).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

from p4.v1 import p4runtime_pb2

from ..p4rt.encoding import decode_uint
from ..p4rt.p4info import P4Info
from ..p4rt.client import P4RuntimeClient

SLICE_TABLES = ("P4SliceIngress.slice_classifier", "P4SliceIngress.l2_forward", "P4SliceIngress.l3_forward_v4",
                "P4SliceIngress.l3_forward_v6", "P4SliceEgress.egress_vlan")
SLICE_FIELD = "slice_id"

EntryKey = Tuple[str, int, Tuple[bytes, ...], bytes]


@dataclass(frozen=True)
class SwitchState:
    """Entries {(table, priority, matches, action)} with the slice each names, and multicast groups
    {group id: sorted (port, instance) replicas}."""
    entries: Dict[EntryKey, Optional[int]] = field(default_factory=dict)
    groups: Dict[int, Tuple[Tuple[int, int], ...]] = field(default_factory=dict)

    def slice_ids(self) -> Set[int]:
        """Every slice id the switch holds an entry or a group of."""
        return {s for s in self.entries.values() if s} | {g for g in self.groups if g}

    def entries_of(self, slice_id: int) -> FrozenSet[EntryKey]:
        return frozenset(k for k, s in self.entries.items() if s == slice_id)

    def count(self, slice_id: int) -> Tuple[int, int]:
        """(entries, groups) of one slice."""
        return len(self.entries_of(slice_id)), int(slice_id in self.groups)

    def difference(self, other: "SwitchState") -> List[str]:
        """What ``other`` has that this one lacks and the reverse, one line each (empty: equal)."""
        out = [f"added {k[0]} entry of slice {other.entries[k]}" for k in other.entries.keys() - self.entries.keys()]
        out += [f"removed {k[0]} entry of slice {self.entries[k]}" for k in self.entries.keys() - other.entries.keys()]
        for g in sorted(self.groups.keys() | other.groups.keys()):
            if self.groups.get(g) != other.groups.get(g):
                out.append(f"group {g}: {self.groups.get(g)} -> {other.groups.get(g)}")
        return sorted(out)


def entry_slice(p4info: P4Info, te: p4runtime_pb2.TableEntry) -> Optional[int]:
    """The slice id an entry names (match field or action parameter ``slice_id``), or None."""
    table = p4info.table_by_id(te.table_id)
    for m in te.match:
        f = next((f for f in table.match_fields if f.id == m.field_id), None)
        if f is not None and f.name == SLICE_FIELD and m.HasField("exact"):
            return decode_uint(m.exact.value)
    if te.action.HasField("action"):
        action = p4info.action_by_id(te.action.action.action_id)
        for p in te.action.action.params:
            info = next((i for i in action.params if i.id == p.param_id), None)
            if info is not None and info.name == SLICE_FIELD:
                return decode_uint(p.value)
    return None


def entry_key(table: str, te: p4runtime_pb2.TableEntry) -> EntryKey:
    return (table, te.priority, tuple(sorted(m.SerializeToString(deterministic=True) for m in te.match)),
            te.action.SerializeToString(deterministic=True))


def read_groups(client: P4RuntimeClient) -> Dict[int, Tuple[Tuple[int, int], ...]]:
    """Every multicast group of the switch (one wildcard read)."""
    ent = p4runtime_pb2.Entity()
    ent.packet_replication_engine_entry.multicast_group_entry.multicast_group_id = 0
    out = {}
    for e in client.read([ent]):
        g = e.packet_replication_engine_entry.multicast_group_entry
        reps = []
        for r in g.replicas:
            port = r.egress_port if r.WhichOneof("port_kind") != "port" else decode_uint(r.port)
            reps.append((port, r.instance))
        out[g.multicast_group_id] = tuple(sorted(reps))
    return out


def read_switch(address: str, device_id: int, p4info: P4Info, tables: Iterable[str] = SLICE_TABLES,
                timeout: float = 10.0) -> SwitchState:
    """One consistent-enough read of a switch's slice tables and groups (several Read RPCs)."""
    client = P4RuntimeClient(address, device_id, p4info=p4info, timeout=timeout)
    client.connect(arbitrate=False)
    try:
        entries = {}
        for t in tables:
            for te in client.read_table_entries(t):
                entries[entry_key(t, te)] = entry_slice(p4info, te)
        return SwitchState(entries, read_groups(client))
    finally:
        client.close()
