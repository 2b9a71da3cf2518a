"""The restore timeline of :mod:`p4slice_harness.bench.restore`, recorded: a thread that polls both
switches over P4Runtime (no arbitration: reads beside ONOS, which stays their primary) and ONOS's
REST, one :class:`~.restore.Sample` per poll, until stopped.

A switch read takes p4slice's entries (the slice tables of
:mod:`p4slice_harness.cluster.switch_state`, entries naming a slice), every multicast group and the
slices' cells of ``P4SliceIngress.slice_meter`` (index = slice id), and compares groups and cells
with a reference read (:func:`reference`, taken before the restart). A failed read (ONOS down: REST
refused; a switch busy) is recorded as such, never as "empty".
"""

from __future__ import annotations

import threading
import time
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from ..cluster.switch_state import SLICE_TABLES, entry_slice, read_groups
from ..onos.assembly import APP
from ..onos.rest import SLICES, OnosRest, all_pages
from ..p4rt.client import P4RuntimeClient
from ..p4rt.p4info import P4Info
from .restore import Held, Sample

SLICE_METER = "P4SliceIngress.slice_meter"
REST_TIMEOUT_S = 3.0


class SwitchReader:
    """Reads what one switch holds of the slices ``ids``."""

    def __init__(self, address: str, device_id: int, p4info: P4Info, ids: Sequence[int]):
        self.address, self.device_id, self.p4info, self.ids = address, device_id, p4info, list(ids)

    def read(self) -> Tuple[int, Dict[int, tuple], Dict[int, tuple]]:
        """(p4slice entries, {slice id: group replicas or None}, {slice id: meter cell})."""
        client = P4RuntimeClient(self.address, self.device_id, p4info=self.p4info, timeout=5.0)
        client.connect(arbitrate=False)
        try:
            entries = sum(1 for t in SLICE_TABLES for te in client.read_table_entries(t)
                          if entry_slice(self.p4info, te) is not None)
            groups = read_groups(client)
            meters = client.read_meter_cells(SLICE_METER, self.ids)
        finally:
            client.close()
        return entries, {i: groups.get(i) for i in self.ids}, {i: meters.get(i) for i in self.ids}


def reference(readers: Mapping[str, SwitchReader]) -> Dict[str, tuple]:
    """{device: (entries, groups, meters)} as the switches hold them now."""
    return {d: r.read() for d, r in readers.items()}


def held(now: tuple, ref: tuple) -> Held:
    entries, groups, meters = now
    _, ref_groups, ref_meters = ref
    return Held(entries, tuple(i for i in ref_groups if groups.get(i) != ref_groups[i]),
                tuple(i for i in ref_meters if meters.get(i) != ref_meters[i]))


class RestorePoller(threading.Thread):
    """Polls until :meth:`stop`; :attr:`samples` is the timeline, :attr:`errors` the distinct reasons a
    read failed (with how often)."""

    def __init__(self, readers: Mapping[str, SwitchReader], ref: Mapping[str, tuple], rest: OnosRest,
                 ids: Sequence[int], interval: float = 0.5):
        super().__init__(name="p4s-restore-poll", daemon=True)
        self.readers, self.ref, self.ids, self.interval = dict(readers), dict(ref), list(ids), interval
        self.rest = OnosRest(rest.base, timeout=REST_TIMEOUT_S)
        self.rest.auth = rest.auth
        self.samples: List[Sample] = []
        self.errors: Dict[str, int] = {}
        self._stop_event = threading.Event()

    def stop(self) -> List[Sample]:
        self._stop_event.set()
        self.join(30)
        return self.samples

    def _note(self, what: str, e: Exception) -> None:
        key = f"{what}: {str(e).splitlines()[0][:160] if str(e) else type(e).__name__}"
        self.errors[key] = self.errors.get(key, 0) + 1

    def run(self) -> None:
        while not self._stop_event.is_set():
            t_next = time.monotonic() + self.interval
            self.samples.append(self.sample())
            self._stop_event.wait(max(0.0, t_next - time.monotonic()))

    def sample(self) -> Sample:
        t = time.time()
        switches: Dict[str, Optional[Held]] = {}
        for d, r in self.readers.items():
            try:
                switches[d] = held(r.read(), self.ref[d])
            except Exception as e:       # noqa: BLE001 - a failed read is recorded, the poll goes on
                self._note(f"read {d}", e)
                switches[d] = None
        active = available = False
        added: Dict[str, Optional[int]] = {d: None for d in self.readers}
        try:
            states = {s["id"]: s.get("state") for s in all_pages(self.rest, SLICES, "slices")}
            active = all(states.get(i) == "ACTIVE" for i in self.ids)
            available = all(self._available(d) for d in self.readers)
            for d in self.readers:
                r = self.rest.call("GET", f"/onos/v1/flows/{d}")
                if r.status == 200:
                    added[d] = sum(1 for f in r.body["flows"] if f.get("appId") == APP and f.get("state") == "ADDED")
        except Exception as e:           # noqa: BLE001 - ONOS down or starting: recorded, the poll goes on
            self._note("REST", e)
        return Sample(t, switches, active, available, added)

    def _available(self, device: str) -> bool:
        r = self.rest.call("GET", f"/onos/v1/devices/{device}")
        return r.status == 200 and isinstance(r.body, dict) and bool(r.body.get("available"))
