"""(d) Two nodes receive, at the same instant, requests that each fit alone and together do not:
exactly one is admitted (201) and the other refused (409), in every one of ROUNDS rounds:

- trunk: two 45 Mbit/s slices across the trunk (100 Mbit/s, 95 usable, A and B hold 16) on node 1 and
  node 2;
- tenant cap: two slices of the tenant ``capped`` (``maxSlices`` 1) on node 1 and node 2;
- booking: a 45 Mbit/s slice across the trunk on node 1 and a booking of 45 Mbit/s across the trunk
  from 5 s from now on node 2.

After each round whatever was admitted is removed (through node 3) before the next.
"""

import pytest

from p4slice_harness.cluster.drills import at_once, booking, clear, virtual_slice
from p4slice_harness.onos.lab import SLICE_A, SLICE_B
from p4slice_harness.onos.rest import RESERVATIONS, SLICES

pytestmark = [pytest.mark.cluster, pytest.mark.timeout(1200)]
ROUNDS = 10
TRUNK_SHARE = 45_000_000


def requests(case):
    """[(node index, path, body)] of the two requests of a case."""
    if case == "trunk":
        return [(1, SLICES, virtual_slice("race-1", TRUNK_SHARE, 10)),
                (2, SLICES, virtual_slice("race-2", TRUNK_SHARE, 11))]
    if case == "tenant-cap":
        return [(1, SLICES, virtual_slice("capped-1", 1_000_000, 12, tenant="capped")),
                (2, SLICES, virtual_slice("capped-2", 1_000_000, 13, tenant="capped"))]
    return [(1, SLICES, virtual_slice("race-slice", TRUNK_SHARE, 14)),
            (2, RESERVATIONS, booking(virtual_slice("race-booking", TRUNK_SHARE, 15)))]


# issue 24, item 2 ("caps under the same lock"): a tenant's caps are checked by TenantSliceManager under a
# lock of its own instance, before and outside the cluster-wide admission lock, against what the store
# holds then; two nodes each see the tenant at 0 of 1 slices and both admit (10 of 10 rounds, 2026-11-27)
CAPS_OUTSIDE_THE_LOCK = pytest.mark.xfail(strict=True, reason=(
    "issue 24 item 2: tenant caps are checked per instance, outside the cluster-wide admission lock: "
    "two nodes at the same instant both admit a slice of a tenant that may hold one"))


@pytest.mark.parametrize("case", ["trunk", pytest.param("tenant-cap", marks=CAPS_OUTSIDE_THE_LOCK), "booking"])
def test_two_nodes_never_admit_what_one_would_refuse(cluster, ab, figures, case):
    rounds = []
    for _ in range(ROUNDS):
        reqs = requests(case)
        replies = at_once([lambda n=n, p=p, b=b: cluster.node(n).rest.call("POST", p, b) for n, p, b in reqs])
        rounds.append([(r.status, r.message()[:200] if r.status != 201 else "") for r in replies])
        clear(cluster, keep=(SLICE_A[0], SLICE_B[0]))
    both = [i for i, r in enumerate(rounds) if [s for s, _ in r].count(201) == 2]
    exactly_one = [i for i, r in enumerate(rounds) if sorted(s for s, _ in r) == [201, 409]]
    figures[f"admission_race_{case}"] = {"rounds": ROUNDS, "exactly_one_admitted": len(exactly_one),
                                         "both_admitted": len(both), "answers": rounds}
    print(f"{case}: {len(exactly_one)}/{ROUNDS} rounds admitted exactly one, {len(both)} admitted both")
    for i, r in enumerate(rounds):
        print(f"  round {i + 1}: {r}")
    assert len(exactly_one) == ROUNDS, \
        f"{case}: {len(both)} of {ROUNDS} rounds admitted both requests; answers: {rounds}"
