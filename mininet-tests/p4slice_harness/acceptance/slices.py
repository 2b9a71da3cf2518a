"""The run's slices over p4slice's REST API, as any client makes them: ``POST /slices`` with the request
of :func:`p4slice_harness.onos.rest.slice_request`, then the bounded waits of :mod:`p4slice_harness.onos.wait`
until ACTIVE; ``DELETE`` and the wait until gone. Every slice of the run is named ``acc-...`` and owned
by the testbed's tenant; those an earlier, interrupted run left are removed first.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterable, List, Sequence

from ..errors import HarnessError
from ..onos.rest import SLICES, slice_request
from ..onos.wait import wait_slice_gone, wait_slice_state
from .testbed import Testbed

PREFIX = "acc-"
CAPACITY = "/onos/p4slice/capacity"
DEFAULT_GUARD_BAND = 0.05


class Slices:
    def __init__(self, rest, tb: Testbed, timeout: float = 120.0):
        self.rest = rest
        self.tb = tb
        self.timeout = timeout

    def create(self, name: str, quota_bps: int, ports: Iterable) -> dict:
        """A slice over the test ports ``ports`` (access), ACTIVE; HarnessError with p4slice's answer."""
        eps = [(self.tb.device(p), p.port) for p in ports]
        req = slice_request(PREFIX + name, self.tb.tenant, int(quota_bps), eps)
        r = self.rest.call("POST", SLICES, req)
        if r.status == 403:
            raise HarnessError(f"POST {SLICES} {req['name']}: HTTP 403: {r.message()} (the REST user must be a "
                               f"p4slice operator: apps.org.p4slice.operators.users in ONOS's netcfg)")
        if r.status != 201:
            raise HarnessError(f"POST {SLICES} {req['name']} (quota {int(quota_bps)} bit/s): HTTP {r.status}: "
                               f"{r.message()}")
        return wait_slice_state(self.rest, r.body["id"], ("ACTIVE",), self.timeout)

    def delete(self, slice_id: int) -> None:
        r = self.rest.call("DELETE", f"{SLICES}/{slice_id}")
        if r.status not in (202, 204, 404):
            raise HarnessError(f"DELETE {SLICES}/{slice_id}: HTTP {r.status}: {r.message()}")
        wait_slice_gone(self.rest, slice_id, self.timeout)

    @contextmanager
    def made(self, specs: Sequence[tuple]):
        """``with slices.made([(name, quota, ports), ...]) as made:`` the slices ACTIVE inside, gone after."""
        made: List[dict] = []
        try:
            for name, quota, ports in specs:
                made.append(self.create(name, quota, ports))
            yield made
        finally:
            for s in made:
                self.delete(s["id"])

    def remove_leftovers(self) -> List[int]:
        """Removes the run's slices an earlier run left behind (name ``acc-...``, the testbed's tenant)."""
        r = self.rest.call("GET", f"{SLICES}?tenant={self.tb.tenant}")
        if r.status != 200:
            raise HarnessError(f"GET {SLICES}?tenant={self.tb.tenant}: HTTP {r.status}: {r.message()}")
        gone = []
        for s in r.body.get("slices", []):
            if s["name"].startswith(PREFIX) and s["tenant"] == self.tb.tenant:
                self.delete(s["id"])
                gone.append(s["id"])
        return gone

    def stats(self, slice_id: int) -> dict:
        return self.rest.request("GET", f"{SLICES}/{slice_id}/stats")

    def guard_band(self) -> float:
        """The guard band admission applies (``GET /capacity``; its default when no port is listed)."""
        body = self.rest.request("GET", CAPACITY) or {}
        for p in body.get("ports", []):
            if "guardBand" in p:
                return float(p["guardBand"])
        return DEFAULT_GUARD_BAND

    def max_quota(self, share: float = 1.0) -> int:
        """The largest quota admission allows for ``share`` of a line-rate port: floor((1 - guard band)
        x line rate x share), a whole number of bytes per second (the meters count bytes)."""
        bps = int((1.0 - self.guard_band()) * self.tb.line_rate_bps * share)
        return bps - bps % 8
