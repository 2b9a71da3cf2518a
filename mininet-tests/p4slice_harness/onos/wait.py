"""Bounded waits on ONOS state over REST: poll, never sleep blindly.

Every wait polls a probe until a condition holds or a deadline passes, then raises
:class:`WaitTimeout` naming what was awaited and the last thing seen (a value or an error). The
clock and the sleep are injectable, so the logic is unit-tested with a fake clock and a fake REST
(``tests/unit/test_onos_wait.py``).

``rest`` is anything with ``call(method, path, body=None) -> Reply`` (status, body) like
:class:`p4slice_harness.onos.rest.OnosRest`. Paths:

- slices: ``GET /onos/p4slice/slices/{id}`` (404 once released);
- reservations: ``GET /onos/p4slice/reservations/{id}``;
- devices: ``GET /onos/v1/devices/{id}`` (``available``), links ``GET /onos/v1/links``,
  applications ``GET /onos/v1/applications/{name}`` (``state``).
"""

from __future__ import annotations

import time
from typing import Callable, Iterable, List, Optional, Sequence, Tuple

from ..errors import HarnessError
from .rest import APPLICATIONS, DEVICES, LINKS, RESERVATIONS, SLICES, all_pages


class WaitTimeout(HarnessError):
    """A bounded wait ran out; the message names what was awaited and what was seen last."""


class UnexpectedState(HarnessError):
    """A wait saw a state it must not end in (e.g. FAILED while waiting for ACTIVE)."""

    def __init__(self, message: str, value=None):
        super().__init__(message)
        self.value = value


def wait_for(probe: Callable[[], object], done: Callable[[object], bool], timeout: float, what: str,
             interval: float = 0.5, clock: Optional[Callable[[], float]] = None,
             sleep: Optional[Callable[[float], None]] = None, describe: Callable[[object], str] = repr,
             tolerate: Tuple[type, ...] = (HarnessError, OSError)):
    """Call ``probe()`` until ``done(value)``; returns that value. Exceptions of the ``tolerate``
    types count as "not yet" (ONOS restarting: 503/404/connection refused), others propagate, and so
    does :class:`UnexpectedState`. WaitTimeout after ``timeout`` s (the probe runs at least once)."""
    if timeout < 0 or interval <= 0:
        raise HarnessError(f"timeout must be >= 0 and interval > 0, got {timeout}, {interval}")
    clock, sleep = clock or time.monotonic, sleep or time.sleep
    deadline = clock() + timeout
    last = "nothing (no probe answered)"
    while True:
        try:
            value = probe()
        except UnexpectedState:
            raise
        except tolerate as e:
            last = f"error: {e}"
        else:
            if done(value):
                return value
            last = describe(value)
        left = deadline - clock()
        if left <= 0:
            raise WaitTimeout(f"{what}: not within {timeout:g} s; last seen: {last}")
        sleep(min(interval, left))


def _get(rest, path: str):
    r = rest.call("GET", path)
    if r.status != 200:
        raise HarnessError(f"GET {path}: HTTP {r.status}: {getattr(r, 'text', '')[:200]}")
    return r.body


def wait_slice_state(rest, slice_id: int, states: Iterable[str] = ("ACTIVE",), timeout: float = 60.0,
                     give_up: Iterable[str] = ("FAILED",), seen: Optional[List[str]] = None, **kw) -> dict:
    """Poll ``GET /slices/{id}`` until its state is one of ``states``; returns the slice.
    A state in ``give_up`` (and not in ``states``) ends the wait at once with UnexpectedState
    carrying the slice's ``reason``. ``seen`` collects the distinct states observed, in order."""
    states, give_up = set(states), set(give_up) - set(states)

    def probe():
        s = _get(rest, f"{SLICES}/{slice_id}")
        state = s.get("state")
        if seen is not None and (not seen or seen[-1] != state):
            seen.append(state)
        if state in give_up:
            raise UnexpectedState(f"slice {slice_id} is {state} (waiting for {'/'.join(sorted(states))}): "
                                  f"reason: {s.get('reason')}", s)
        return s

    return wait_for(probe, lambda s: s.get("state") in states, timeout,
                    f"slice {slice_id} {'/'.join(sorted(states))}",
                    describe=lambda s: f"state {s.get('state')}, reason {s.get('reason')}", **kw)


def wait_slices_state(rest, slice_ids: Sequence[int], states: Iterable[str] = ("ACTIVE",), timeout: float = 120.0,
                      give_up: Iterable[str] = ("FAILED",), **kw) -> List[dict]:
    """Poll ``GET /slices`` until every slice of ``slice_ids`` is in one of ``states`` (one request
    per poll, whatever the number of slices); returns them. A missing slice counts as not yet."""
    states, give_up, want = set(states), set(give_up) - set(states), list(slice_ids)

    def probe():
        by_id = {s["id"]: s for s in all_pages(rest, SLICES, "slices")}
        bad = [by_id[i] for i in want if i in by_id and by_id[i].get("state") in give_up]
        if bad:
            raise UnexpectedState(f"slice {bad[0]['id']} is {bad[0]['state']}: reason: {bad[0].get('reason')}", bad[0])
        return [by_id.get(i) for i in want]

    def describe(found):
        pending = [f"{i}:{s.get('state') if s else 'missing'}" for i, s in zip(want, found)
                   if not s or s.get("state") not in states]
        return f"{len(pending)} not yet: {', '.join(pending[:8])}{' ...' if len(pending) > 8 else ''}"

    return wait_for(probe, lambda found: all(s and s.get("state") in states for s in found), timeout,
                    f"{len(want)} slice(s) {'/'.join(sorted(states))}", describe=describe, **kw)


def wait_slice_gone(rest, slice_id: int, timeout: float = 60.0, **kw) -> None:
    """Poll ``GET /slices/{id}`` until it answers 404."""
    def probe():
        r = rest.call("GET", f"{SLICES}/{slice_id}")
        return r.status, (r.body or {}).get("state") if isinstance(r.body, dict) else None

    wait_for(probe, lambda v: v[0] == 404, timeout, f"slice {slice_id} released (GET 404)",
             describe=lambda v: f"HTTP {v[0]}, state {v[1]}", **kw)


def wait_reservation_state(rest, rid: int, states: Iterable[str], timeout: float = 60.0,
                           give_up: Iterable[str] = ("FAILED", "CANCELLED"), seen: Optional[List[str]] = None,
                           **kw) -> dict:
    """Poll ``GET /reservations/{id}`` until its state is in ``states``; ``give_up`` as for slices."""
    states, give_up = set(states), set(give_up) - set(states)

    def probe():
        r = _get(rest, f"{RESERVATIONS}/{rid}")
        if seen is not None and (not seen or seen[-1] != r.get("state")):
            seen.append(r.get("state"))
        if r.get("state") in give_up:
            raise UnexpectedState(f"reservation {rid} is {r.get('state')}: reason: {r.get('reason')}", r)
        return r

    return wait_for(probe, lambda r: r.get("state") in states, timeout,
                    f"reservation {rid} {'/'.join(sorted(states))}",
                    describe=lambda r: f"state {r.get('state')}, reason {r.get('reason')}", **kw)


def wait_app_active(rest, name: str, timeout: float = 120.0, **kw) -> dict:
    return wait_for(lambda: _get(rest, f"{APPLICATIONS}/{name}"), lambda a: a.get("state") == "ACTIVE",
                    timeout, f"application {name} ACTIVE", describe=lambda a: f"state {a.get('state')}", **kw)


def wait_devices_available(rest, device_ids: Sequence[str], timeout: float = 120.0, **kw) -> None:
    """Poll every device until ONOS says ``available: true`` for all of them."""
    def probe():
        out = {}
        for d in device_ids:
            r = rest.call("GET", f"{DEVICES}/{d}")
            out[d] = bool(r.status == 200 and isinstance(r.body, dict) and r.body.get("available"))
        return out

    wait_for(probe, lambda v: all(v.values()), timeout, f"device(s) {', '.join(device_ids)} available",
             describe=lambda v: "unavailable: " + ", ".join(d for d, ok in v.items() if not ok), **kw)


def port_number(value) -> int:
    """A port as ONOS's JSON writes it — ``3``, ``"3"``, or ``"[s1-eth3](3)"`` once netcfg named
    the port — as its number."""
    text = str(value)
    if text.endswith(")") and "(" in text:
        text = text[text.rindex("(") + 1:-1]
    try:
        return int(text)
    except ValueError:
        raise HarnessError(f"not a port number: {value!r}") from None


def link_keys(links_body) -> set:
    """{"dev/port-dev/port"} (port numbers) of the links of a ``GET /onos/v1/links`` answer."""
    return {f"{l['src']['device']}/{port_number(l['src']['port'])}-{l['dst']['device']}/{port_number(l['dst']['port'])}"
            for l in (links_body or {}).get("links", [])}


def wait_links(rest, wanted: Iterable[str], timeout: float = 60.0, **kw) -> set:
    """Poll ``GET /links`` until every ``"dev/port-dev/port"`` of ``wanted`` is there (both
    directions must be listed separately)."""
    wanted = set(wanted)
    return wait_for(lambda: link_keys(_get(rest, LINKS)), lambda have: wanted <= have, timeout,
                    f"link(s) {', '.join(sorted(wanted))}",
                    describe=lambda have: f"links {sorted(have) or 'none'}", **kw)
