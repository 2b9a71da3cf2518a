"""What the scale bench (:mod:`p4slice_harness.bench.scale`) creates, pure and unit-tested: the slices'
endpoints on the lab's ports, the bookings' slots and kinds, the tenants' netcfg, the points of the
matrix, and the figures made of the measured samples (percentiles, medians, log-log slopes).

Ports: each lab switch has 500 netcfg-only ports (10..510 without the CPU port, bmv2's ports are only
numbers); slice i takes one of them, alternately on s1 and s2, so 1,000 slices fill both switches. Three
slices (0, 1 and 3) also take a host port on the other switch and so cross the trunk. The bookings use
the two remaining host ports (s1/1 and s2/1), which no slice of the bench holds: a live slice holds its
access port at every instant, so a booking on it could never be admitted.
"""

from __future__ import annotations

import math
import statistics
from datetime import datetime, timedelta, timezone
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from ..errors import HarnessError
from ..onos.rest import slice_request
from ..onos.topology import S1, S2, virtual_port_numbers

PORTS_PER_SWITCH = 500
MAX_SLICES = 2 * PORTS_PER_SWITCH
TENANTS = tuple(f"u{i:02d}" for i in range(20))       # twenty universities
SLICE_QUOTA_BPS = 1_000_000
# host ports: three give three slices a second endpoint across the trunk, two carry the bookings
CROSS = {0: (S2, 2), 1: (S1, 2), 3: (S1, 4)}
BOOKING_PORTS = ((S1, 1), (S2, 1))
BOOKING_SLOT = timedelta(hours=1)
PAST_BOOKINGS_MAX = 20          # each past booking is a real slice started and ended by the scheduler
PAST_SLOT_S = 12                # the shortest booking p4slice takes is 10 s
SIZES = (16, 128, 512, 1000)
BOOKING_LEVELS = (0, 1000, 10000)


def slice_endpoints(i: int) -> List[Tuple[str, int]]:
    """Slice i's access ports: the (i // 2)-th netcfg-only port of s1 (i even) or s2 (i odd), and for the
    slices of :data:`CROSS` a host port on the other switch."""
    if not 0 <= i < MAX_SLICES:
        raise HarnessError(f"slice index must be 0..{MAX_SLICES - 1}, got {i}")
    ends = [(S1 if i % 2 == 0 else S2, virtual_port_numbers(PORTS_PER_SWITCH)[i // 2])]
    if i in CROSS:
        ends.append(CROSS[i])
    return ends


def slice_req(i: int) -> dict:
    return slice_request(f"scale-{i}", TENANTS[i % len(TENANTS)], SLICE_QUOTA_BPS, slice_endpoints(i))


def tenants_netcfg() -> dict:
    """The bench's tenants, with booking caps high enough for 10,000 bookings (ONOS component defaults are
    left alone: the default caps of 20 live bookings apply only to tenants without caps of their own)."""
    return {"apps": {"org.p4slice": {"tenants": {
        t: {"name": t.upper(), "maxLiveBookings": 100000, "maxBookedHours": 10000000} for t in TENANTS}}}}


def booking_kinds(total: int) -> Dict[str, int]:
    """How many bookings of each kind a level of ``total`` holds: 1 % past (at most 20), a quarter
    cancelled, the rest future (SCHEDULED)."""
    past = min(PAST_BOOKINGS_MAX, total // 100)
    cancelled = total // 4
    return {"past": past, "cancelled": cancelled, "future": total - past - cancelled}


def iso(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def future_booking(j: int, origin: datetime) -> dict:
    """The j-th future booking: one-hour slots back to back from ``origin``, alternately on the two
    booking ports (10,000 bookings reach 208 days ahead, within the 365-day lead)."""
    device, port = BOOKING_PORTS[j % len(BOOKING_PORTS)]
    start = origin + BOOKING_SLOT * (j // len(BOOKING_PORTS))
    tenant = TENANTS[j % len(TENANTS)]
    return {"tenant": tenant, "start": iso(start), "end": iso(start + BOOKING_SLOT),
            "slice": slice_request(f"bk-{j}", tenant, SLICE_QUOTA_BPS, [(device, port)])}


def past_booking(k: int, origin: datetime) -> dict:
    """The k-th booking that will be past: a 12 s slot from ``origin`` (a few seconds ahead), back to
    back on the two booking ports, before any future booking."""
    device, port = BOOKING_PORTS[k % len(BOOKING_PORTS)]
    start = origin + timedelta(seconds=PAST_SLOT_S * (k // len(BOOKING_PORTS)))
    tenant = TENANTS[k % len(TENANTS)]
    return {"tenant": tenant, "start": iso(start), "end": iso(start + timedelta(seconds=PAST_SLOT_S)),
            "slice": slice_request(f"past-{k}", tenant, SLICE_QUOTA_BPS, [(device, port)])}


def parse_ints(text: str, what: str, allowed: Iterable[int]) -> List[int]:
    try:
        values = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise HarnessError(f"{what} must be comma-separated integers, got {text!r}") from None
    bad = [v for v in values if v not in set(allowed)]
    if not values or bad:
        raise HarnessError(f"{what} must be some of {','.join(map(str, allowed))}, got {text!r}")
    return values


def parse_points(text: Optional[str], sizes: Sequence[int], levels: Sequence[int]) -> List[Tuple[int, int]]:
    """The points to run, ordered by bookings then slices (bookings only grow): ``"16x0,1000x10000"``,
    or every size at every level."""
    if not text:
        return [(n, b) for b in sorted(levels) for n in sorted(sizes)]
    points = set()
    for item in text.split(","):
        try:
            n, b = (int(x) for x in item.strip().lower().split("x"))
        except ValueError:
            raise HarnessError(f"--points must be like 16x0,1000x10000, got {item!r}") from None
        if n not in SIZES or b not in BOOKING_LEVELS:
            raise HarnessError(f"--points: {item!r}: slices must be one of {SIZES}, bookings one of {BOOKING_LEVELS}")
        points.add((n, b))
    return sorted(points, key=lambda p: (p[1], p[0]))


def point_key(n: int, b: int) -> str:
    return f"{n}x{b}"


def percentile(values: Sequence[float], q: float) -> Optional[float]:
    """The q-th percentile (nearest rank) of the values, or None."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q / 100 * len(ordered)) - 1))]


def median_of(values: Iterable[Optional[float]]) -> Optional[float]:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def slope(x0: float, y0: Optional[float], x1: float, y1: Optional[float]) -> Optional[float]:
    """The log-log slope between two points (None unless both values are positive)."""
    if not y0 or not y1 or y0 <= 0 or y1 <= 0:
        return None
    return math.log(y1 / y0) / math.log(x1 / x0)
