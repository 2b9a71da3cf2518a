"""The L3 lab shared by every ``onos`` test: ONOS starts once per session (clean state), the
p4slice .oar is installed, the two-switch topology comes up (p4slice_harness.onos.lab).

Every module here is marked ``onos`` (pytestmark): skipped with the reason (tests/conftest.py) without root,
ip/ethtool/ss, simple_switch_grpc, ONOS 2.7.0 ($P4S_ONOS_ROOT, default /opt/onos-2.7.0), Java 11 ($P4S_ONOS_JAVA_HOME) or the
.oar ($P4S_OAR, default app/target/p4slice-app-1.0.0-SNAPSHOT.oar). Bounded: every wait has a
deadline, and pytest-timeout caps each test. Set P4S_BMV2_LOG_LEVEL=debug for bmv2 logs in the
session's temporary directory (kept by pytest).
"""

import os

import pytest

from p4slice_harness.onos.lab import QUOTA_BPS, SLICE_A, SLICE_B, OnosLab
from p4slice_harness.onos.topology import trunk_link_keys
from p4slice_harness.onos.wait import wait_links


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("onos-lab")
    with OnosLab(workdir, log_level=os.environ.get("P4S_BMV2_LOG_LEVEL") or None) as lab:
        print(f"L3 lab up: {lab.timings}; bmv2 files in {workdir}")
        yield lab


@pytest.fixture
def ab(lab):
    """Slices A (h1, h5 on s1; h3 on s2) and B (h2 on s1; h4 on s2), 8 Mbit/s each, ACTIVE; every
    other slice removed first. {"A": slice, "B": slice}. A test that restarted a switch ends as soon
    as the slices are back, often before ONOS's LLDP has found the trunk again (~2 s after the switch
    reconnects); admission needs that link, so the next slices wait for it."""
    lab.wait_p4slice_rest(60)
    wait_links(lab.rest, trunk_link_keys(), 60)
    lab.delete_all_slices(keep=(SLICE_A[0], SLICE_B[0]))
    a = lab.ensure_slice(*SLICE_A, quota_bps=QUOTA_BPS)
    b = lab.ensure_slice(*SLICE_B, quota_bps=QUOTA_BPS)
    return {"A": a, "B": b}
