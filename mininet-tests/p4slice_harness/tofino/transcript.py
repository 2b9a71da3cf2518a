"""The transcript a Tofino stand-in writes: timestamped lines, each naming the switch, and one line
per P4Runtime update saying what it writes."""

from __future__ import annotations

import threading
import time
from typing import Callable, List, Optional

from p4.v1 import p4runtime_pb2

from ..p4rt.p4info import P4Info

UPDATE_TYPES = {p4runtime_pb2.Update.INSERT: "INSERT", p4runtime_pb2.Update.MODIFY: "MODIFY",
                p4runtime_pb2.Update.DELETE: "DELETE"}


class Transcript:
    """Timestamped lines, thread-safe, each naming the switch."""

    def __init__(self, name: str = "", out: Optional[Callable[[str], None]] = None):
        self.lines: List[str] = []
        self.name = name
        self._t0 = time.monotonic()
        self._lock = threading.Lock()
        self._out = out

    def add(self, line: str) -> None:
        with self._lock:
            stamped = f"[{time.monotonic() - self._t0:7.2f} s] {self.name + ': ' if self.name else ''}{line}"
            self.lines.append(stamped)
        if self._out:
            self._out(stamped)


def describe_update(update, p4info: P4Info) -> str:
    """One line naming a P4Runtime update: its type, entity kind and (when the P4Info names it) table
    and action, meter cell and rate, or replication entry type."""
    entity = update.entity
    kind = entity.WhichOneof("entity")
    name = ""
    try:
        if kind == "table_entry":
            e = entity.table_entry
            name = " " + p4info.table_by_id(e.table_id).name
            if e.action.WhichOneof("type") == "action":
                name += " " + p4info.action_by_id(e.action.action.action_id).alias
        elif kind == "meter_entry":
            c = entity.meter_entry.config
            name = f" cell {entity.meter_entry.index.index} " + (
                f"cir {c.cir} B/s cburst {c.cburst} B" if entity.meter_entry.HasField("config") else "reset")
        elif kind == "packet_replication_engine_entry":
            pre = entity.packet_replication_engine_entry
            name = " " + pre.WhichOneof("type")
    except Exception:   # a description never hides the update's own refusal
        pass
    return f"{UPDATE_TYPES.get(update.type, update.type)} {kind}{name}"
