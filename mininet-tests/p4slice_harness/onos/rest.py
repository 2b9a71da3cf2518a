"""The one REST client of the harness: ONOS's REST API and p4slice's (``/onos/p4slice/...``), on a real
ONOS or on the dev server (:mod:`p4slice_harness.devserver`), with basic authentication.

:meth:`OnosRest.call` answers every HTTP status as a :class:`Reply` (tests look at 201/202/204/404 and
at the server's messages); :meth:`OnosRest.request` and the helpers raise :class:`OnosError` with the
server's message on a 4xx/5xx. Both raise OnosError when the server cannot be reached.

:func:`slice_request` builds the body of ``POST /onos/p4slice/slices`` (and of ``PUT .../{id}``, and the
``slice`` of a reservation). It checks nothing: what a request may hold is the server's to say, and
a bad request gets the server's refusal (status and message), as it would from any client.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Sequence

from ..errors import HarnessError

NETCFG = "/onos/v1/network/configuration"
DEVICES = "/onos/v1/devices"
LINKS = "/onos/v1/links"
APPLICATIONS = "/onos/v1/applications"
SLICES = "/onos/p4slice/slices"
RESERVATIONS = "/onos/p4slice/reservations"


class OnosError(HarnessError):
    """The server refused a request (the message is the server's) or could not be reached."""


@dataclass
class Reply:
    """One HTTP exchange: status, parsed JSON body (None if empty or not JSON), raw text, seconds the
    call took, response headers."""
    status: int
    body: object
    text: str
    elapsed: float
    headers: dict = field(default_factory=dict)

    def message(self) -> str:
        if isinstance(self.body, dict) and "message" in self.body:
            return str(self.body["message"])
        return self.text.strip()[:500]


class OnosRest:
    """A client of one server (``base_url``, e.g. ``http://127.0.0.1:8181``) as one user (ONOS's
    default onos/rocks). ``name`` says what the server is in "cannot reach" errors."""

    def __init__(self, base_url: str = "http://127.0.0.1:8181", user: str = "onos", password: str = "rocks",
                 timeout: float = 10.0, name: str = "ONOS"):
        self.base = base_url.rstrip("/")
        self.auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.timeout = timeout
        self.name = name

    def call(self, method: str, path: str, body=None, data: Optional[bytes] = None,
             content_type: Optional[str] = None, timeout: Optional[float] = None) -> Reply:
        """``body`` is sent as JSON; ``data`` as is (with ``content_type``)."""
        if body is not None:
            data, content_type = json.dumps(body).encode(), "application/json"
        headers = {"Authorization": self.auth, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = content_type or "application/octet-stream"
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        t0 = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as resp:
                status, raw, headers = resp.status, resp.read(), dict(resp.headers.items())
        except urllib.error.HTTPError as e:
            status, raw, headers = e.code, e.read(), dict(e.headers.items())
        except (urllib.error.URLError, OSError) as e:
            raise OnosError(f"{method} {path}: cannot reach {self.name} at {self.base}: {e}") from None
        text = raw.decode(errors="replace")
        try:
            parsed = json.loads(text) if text.strip() else None
        except ValueError:
            parsed = None
        return Reply(status, parsed, text, time.monotonic() - t0, headers)

    def request(self, method: str, path: str, body=None):
        r = self.call(method, path, body)
        if r.status >= 400:
            raise OnosError(f"{method} {path}: HTTP {r.status}: {r.message() or 'no message'}")
        return r.body

    def push_netcfg(self, cfg: dict) -> None:
        self.request("POST", NETCFG, cfg)

    def create_slice(self, req: dict) -> dict:
        return self.request("POST", SLICES, req)

    def remove_slice(self, slice_id: int) -> None:
        self.request("DELETE", f"{SLICES}/{slice_id}")

    def slices(self) -> List[dict]:
        return all_pages(self, SLICES, "slices")


PAGE_LIMIT = 1000    # the largest page of p4slice's listings (GET /slices, /reservations)


def all_pages(rest, path: str, field: str, limit: int = PAGE_LIMIT) -> List[dict]:
    """Every entry of one of p4slice's paged listings (``{field: [...], "nextOffset"}``), page after page;
    a listing without ``nextOffset`` (an earlier release) is one page. OnosError on an HTTP error."""
    items, offset, sep = [], 0, "&" if "?" in path else "?"
    while True:
        r = rest.call("GET", f"{path}{sep}limit={limit}&offset={offset}")
        if r.status != 200:
            raise OnosError(f"GET {path}: HTTP {r.status}: {r.message() or 'no message'}")
        items += r.body[field]
        if r.body.get("nextOffset") is None:
            return items
        offset = r.body["nextOffset"]


def slice_request(name, tenant, quota_bps, endpoints: Iterable[Sequence], mode="access", **fields) -> dict:
    """A slice request in the REST shape (``docs/northbound.md``), values as given: ``endpoints`` are
    ``(device, port)`` (in ``mode``) or ``(device, port, mode)``; ``fields`` adds further members
    as named (``id``, ``vlan``, ``burstBytes``). Trunk ports between switches are left to the app,
    which finds them from ONOS's links."""
    eps = [{"device": e[0], "port": e[1], "mode": e[2] if len(e) > 2 else mode} for e in endpoints]
    return {"name": name, "tenant": tenant, "quotaBps": quota_bps, "endpoints": eps, **fields}
