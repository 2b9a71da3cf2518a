"""The cluster drills' lab (p4slice_harness.cluster): three ONOS 2.7 nodes on three Atomix 3.1.9 nodes,
each in its own namespace, the .oar, the L3 lab's two switches and hosts.

The drills (marker ``cluster``, ``make test-cluster``; never part of ``make test``) use the lab if it is
up already (``make cluster-up``; left up afterwards), else bring one up for the session and tear it
down at the end. Skipped with the reason without root, ip/ethtool/ss, simple_switch_grpc, ONOS
2.7.0 ($P4S_ONOS_ROOT) and Java 11, the .oar ($P4S_OAR), Maven or a JDK (the Atomix nodes). Every drill starts
from every ONOS and Atomix node running and no slice or booking but the standing slices A and B, and
adds its figures to ``reports/cluster-drills.json`` ($P4S_REPORT_DIR).
"""

import json
import os
import shutil

import pytest

from p4slice_harness.cluster.drills import clear
from p4slice_harness.cluster.lab import ClusterLab
from p4slice_harness.onos.assembly import lab_problem
from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_A, SLICE_B, slice_request
from p4slice_harness.onos.wait import wait_slice_state
from p4slice_harness.p4rt.p4info import P4Info
from p4slice_harness.paths import report_dir
from tests.conftest import P4INFO_TXT

REPORT = report_dir() / "cluster-drills.json"


def cluster_problem():
    """Why the cluster lab cannot run here, or None."""
    reason = lab_problem()
    if reason:
        return reason
    for tool, what in (("mvn", "Maven (the Atomix 3.1.9 jars)"), ("javac", "a JDK (the Atomix launcher)")):
        if shutil.which(tool) is None:
            return f"'{tool}' not found: {what}"
    return None


@pytest.fixture(scope="session")
def figures():
    """{drill: {figure: value}}, written to reports/cluster-drills.json when the session ends."""
    found = {}
    yield found
    if not found:
        return
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    old = json.loads(REPORT.read_text()) if REPORT.exists() else {}
    old.update(found)
    REPORT.write_text(json.dumps(old, indent=2, sort_keys=True) + "\n")
    print(f"cluster drill figures: {REPORT}")


@pytest.fixture(scope="session")
def cluster():
    reason = cluster_problem()
    if reason:
        pytest.skip(f"cluster test: {reason}")
    with ClusterLab(reuse=True, log_level=os.environ.get("P4S_BMV2_LOG_LEVEL") or None) as lab:
        print(f"cluster lab: {lab.timings or 'up already'}")
        for line in lab.describe():
            print(line)
        yield lab


@pytest.fixture(scope="session")
def p4info():
    return P4Info.from_file(P4INFO_TXT)


def restore(lab):
    """Every ONOS and Atomix node running (restarted with its state where a drill left it down)."""
    for a in lab.atomix:
        if not a.running():
            a.start()
            a.wait_ready(180)
    down = [o for o in lab.onos if not o.running()]
    for o in down:
        o.start(clean=False)
    if down:
        lab.wait_cluster()
        lab.wait_app_everywhere()
        lab.wait_topology()


@pytest.fixture
def ab(cluster):
    """The lab whole again, slices A (h1, h5 on s1; h3 on s2) and B (h2; h4) ACTIVE, nothing else:
    {"A": slice, "B": slice}."""
    restore(cluster)
    clear(cluster, keep=(SLICE_A[0], SLICE_B[0]))
    n1 = cluster.node(1)
    have = {s["name"]: s for s in n1.rest.request("GET", "/onos/p4slice/slices")["slices"]}
    out = {}
    for key, (name, tenant, eps) in (("A", SLICE_A), ("B", SLICE_B)):
        s = have.get(name)
        if s is None:
            r = n1.rest.call("POST", "/onos/p4slice/slices", slice_request(name, tenant, QUOTA_BPS, eps))
            assert r.status == 201, f"POST {name}: HTTP {r.status}: {r.message()}"
            s = r.body
        out[key] = wait_slice_state(n1.rest, s["id"], ("ACTIVE",), 120)
    return out
