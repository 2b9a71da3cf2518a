"""What the cluster drills (``tests/cluster``) do to the lab, each step bounded: requests fired at the
same instant on several nodes, a node kept busy admitting while it is killed, the store and the
switches compared, the lab brought back to a known state.

Requests are the REST API's, sent as the operator ``onos`` (ONOS's admin, no tenant) to the node's
own address; slices of the drills use the lab's declared-only ports 10, 11, ... (no host behind
them: admission and programming are what is drilled, not traffic) unless they name host ports.
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..onos.rest import Reply
from ..onos.rest import slice_request
from ..onos.topology import S1, S2
from ..onos.rest import RESERVATIONS, SLICES, all_pages
from ..onos.wait import wait_for
from ..p4rt.p4info import P4Info
from .lab import ClusterLab
from .onos_node import ClusterOnos
from .switch_state import SwitchState, read_switch

TENANT = "itb"


def virtual_slice(name: str, quota_bps: int, port: int, tenant: str = TENANT) -> dict:
    """A slice on port ``port`` (10, 11, ...: declared, no host) of both switches, across the trunk."""
    return slice_request(name, tenant, quota_bps, ((S1, port), (S2, port)))


def iso(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def booking(slice_req: dict, lead_s: int = 5, length_s: int = 120) -> dict:
    """A reservation of ``slice_req`` from ``lead_s`` s from now, for ``length_s`` s."""
    start = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(seconds=lead_s)
    return {"tenant": slice_req["tenant"], "start": iso(start), "end": iso(start + timedelta(seconds=length_s)),
            "slice": {k: v for k, v in slice_req.items() if k != "tenant"}}


def at_once(calls: Sequence[Callable[[], Reply]]) -> List[Reply]:
    """Runs the calls in threads released by one barrier (the same instant, to a millisecond or so);
    returns their replies in order (an exception is re-raised)."""
    barrier = threading.Barrier(len(calls))
    results: List[object] = [None] * len(calls)

    def run(i, call):
        barrier.wait(timeout=30)
        try:
            results[i] = call()
        except BaseException as e:       # re-raised below
            results[i] = e

    threads = [threading.Thread(target=run, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return results


def slices(onos: ClusterOnos) -> Dict[int, dict]:
    return {s["id"]: s for s in all_pages(onos.rest, SLICES, "slices")}


def reservations(onos: ClusterOnos) -> Dict[int, dict]:
    return {r["id"]: r for r in onos.rest.request("GET", RESERVATIONS)["reservations"]}


def clear(lab: ClusterLab, keep: Iterable[str] = (), timeout: float = 120.0) -> None:
    """Cancels every live reservation and removes every slice but those named in ``keep``; waits
    until every live node lists no other slice."""
    keep = set(keep)
    live = [o for o in lab.onos if o.running()]
    via = live[0]
    for r in reservations(via).values():
        if r.get("state") in ("SCHEDULED", "ACTIVE"):
            via.rest.call("DELETE", f"{RESERVATIONS}/{r['id']}")
    for s in slices(via).values():
        if s["name"] not in keep:
            via.rest.call("DELETE", f"{SLICES}/{s['id']}")
    for o in live:
        wait_for(lambda o=o: [s["name"] for s in slices(o).values() if s["name"] not in keep], lambda left: not left,
                 timeout, f"node{o.member.index} lists no slice but {sorted(keep)}", interval=0.5)


def switch_states(lab: ClusterLab, p4info: P4Info) -> Dict[str, SwitchState]:
    addr = lab.layout.grpc_addresses()
    return {d: read_switch(addr[d], lab.network.scenario.device(d).device_id, p4info) for d in (S1, S2)}


def orphans(lab: ClusterLab, p4info: P4Info, known: Iterable[int]) -> Dict[str, Dict[int, Tuple[int, int]]]:
    """{device: {slice id: (entries, groups)}} of what the switches hold of slices not in ``known``
    (the store's)."""
    known = set(known)
    out = {}
    for d, st in switch_states(lab, p4info).items():
        extra = {sid: st.count(sid) for sid in sorted(st.slice_ids() - known)}
        if extra:
            out[d] = extra
    return out


class Hammer:
    """Keeps a node admitting: ``threads`` clients POST a slice that admission refuses (more than the
    trunk holds) in a loop, so the node holds the cluster-wide admission lock nearly all the time.
    ``replies`` counts the statuses; stops by :meth:`stop` (bounded)."""

    def __init__(self, onos: ClusterOnos, threads: int = 3, quota_bps: int = 90_000_000):
        self.onos = onos
        self.request = virtual_slice("hammer", quota_bps, 10)
        self.statuses: Dict[object, int] = {}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._loop, daemon=True) for _ in range(threads)]

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                status = self.onos.rest.call("POST", SLICES, self.request, timeout=30).status
            except Exception:
                status = "unreachable"
                self._stop.wait(0.2)
            with self._lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1

    def start(self) -> "Hammer":
        for t in self._threads:
            t.start()
        return self

    def stop(self) -> Dict[object, int]:
        self._stop.set()
        for t in self._threads:
            t.join(timeout=35)
        return dict(self.statuses)


def retry_until_created(onos: ClusterOnos, req: dict, timeout: float = 90.0) -> Tuple[Reply, float, List[str]]:
    """POSTs ``req`` to ``onos`` until it answers 201 (a refusal because another node holds the
    admission lock, or a node that does not answer, is tried again); returns the reply, the seconds
    from the first try to the 201, and every refusal seen (status: message)."""
    t0 = time.monotonic()
    seen: List[str] = []
    while True:
        try:
            r = onos.rest.call("POST", SLICES, req, timeout=40)
        except Exception as e:
            r, text = None, f"unreachable: {e}"
        else:
            if r.status == 201:
                return r, time.monotonic() - t0, seen
            text = f"{r.status}: {r.message()[:160]}"
        seen.append(text)
        if time.monotonic() - t0 > timeout:
            raise AssertionError(f"POST {req['name']} to node{onos.member.index}: no 201 within {timeout:g} s; "
                                 f"answers: {seen}")
        time.sleep(0.5)


def surviving(lab: ClusterLab, dead: Optional[ClusterOnos]) -> List[ClusterOnos]:
    return [o for o in lab.onos if o is not dead]
