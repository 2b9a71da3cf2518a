"""Writing a plan to running switches over P4Runtime, and removing it again.

:func:`install_plan` compiles every device's part first (so a bad plan changes nothing), then per
device writes multicast groups, meter cells and table entries, one Write RPC each;
:func:`remove_plan` deletes what a plan installed. Switches are given as open clients or as
:class:`Target` addresses (connected here, their P4Info read from the device, closed afterwards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Tuple, Union

from p4.v1 import p4runtime_pb2

from ..errors import PlanError
from ..plan import Plan
from .client import P4RuntimeClient
from .entities import DELETE


class Target(NamedTuple):
    """A running switch for a plan device: P4Runtime address (``host:port`` or ``unix:/path``) and
    device id. :func:`install_plan` connects to it and reads its P4Info from the device."""
    address: str
    device_id: int
    election_id: Tuple[int, int] = (0, 1)


@dataclass(frozen=True)
class InstallReport:
    groups: int
    meters: int
    entries: int


def _open_targets(plan: Plan, targets: Mapping[str, Union[Target, "P4RuntimeClient"]]):
    missing = [d for d in plan.devices if d not in targets]
    if missing:
        raise PlanError(f"no switch given for plan device(s) {', '.join(missing)} "
                        f"(given: {', '.join(sorted(targets)) or 'none'})")
    clients, opened = {}, []
    try:
        for device in plan.devices:
            t = targets[device]
            if isinstance(t, Target):
                c = P4RuntimeClient(t.address, t.device_id, election_id=t.election_id)
                c.connect()
                opened.append(c)
                c.fetch_p4info()
                clients[device] = c
            else:
                clients[device] = t
                if t.p4info is None:
                    t.fetch_p4info()
    except BaseException:
        for c in opened:
            c.close()
        raise
    return clients, opened


def install_plan(plan: Plan, targets: Mapping[str, Union[Target, "P4RuntimeClient"]]) -> InstallReport:
    """Validate the whole plan against every device's P4Info, then write it.

    ``targets`` maps each plan device string to a connected :class:`~p4slice_harness.p4rt.client.P4RuntimeClient`
    (primary, pipeline set) or to a :class:`Target` (address + device id; connected here, P4Info
    read from the device). Per device: multicast groups, meter cells, table entries.
    """
    clients, opened = _open_targets(plan, targets)
    try:
        compiled = plan.compile({d: c.p4info for d, c in clients.items()}, canonical=True)
        totals = [0, 0, 0]
        for device, cd in sorted(compiled.items()):
            for i, batch in enumerate((cd.groups, cd.meters, cd.entries)):
                clients[device].write([u for _, u in batch], labels=[f"{device} {p}" for p, _ in batch])
                totals[i] += len(batch)
        return InstallReport(*totals)
    finally:
        for c in opened:
            c.close()


def remove_plan(plan: Plan, targets: Mapping[str, Union[Target, "P4RuntimeClient"]]) -> None:
    """Undo :func:`install_plan`: delete the table entries and groups, reset the meter cells."""
    clients, opened = _open_targets(plan, targets)
    try:
        compiled = plan.compile({d: c.p4info for d, c in clients.items()}, canonical=True)
        for device, cd in sorted(compiled.items()):
            batches = []
            for batch in (cd.entries, cd.groups):
                ups = []
                for _, u in batch:
                    d = p4runtime_pb2.Update()
                    d.CopyFrom(u)
                    d.type = DELETE
                    ups.append(d)
                batches.append((ups, [p for p, _ in batch]))
            resets = []
            for _, u in cd.meters:
                r = p4runtime_pb2.Update()
                r.CopyFrom(u)
                r.entity.meter_entry.ClearField("config")  # MODIFY without config = back to default
                resets.append(r)
            batches.append((resets, [p for p, _ in cd.meters]))
            for ups, labels in batches:
                clients[device].write(ups, labels=[f"{device} {p}" for p in labels])
    finally:
        for c in opened:
            c.close()
