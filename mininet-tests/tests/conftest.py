"""Shared paths and fixtures of the L1 and L2 suites."""

import os
from pathlib import Path

import pytest

from p4slice_harness.paths import p4c_out

DATA_DIR = Path(__file__).resolve().parent / "unit" / "data"
# Compiled outputs of p4src/v1model/p4slice.p4 (override the directory with $P4S_P4C_OUT).
P4C_OUT = p4c_out()
P4INFO_TXT = P4C_OUT / "p4info.txt"
BMV2_JSON = P4C_OUT / "bmv2.json"


@pytest.fixture(scope="session")
def mini_p4info():
    """Hand-written P4Info with the contract's names and fixed ids (tests/unit/data/mini_p4info.txt)."""
    from p4slice_harness.p4rt.p4info import P4Info
    return P4Info.from_file(DATA_DIR / "mini_p4info.txt")


@pytest.fixture(scope="session")
def committed_p4info():
    """P4Info of the compiled program; skips when the compiled outputs are not there yet."""
    from p4slice_harness.p4rt.p4info import P4Info
    if not P4INFO_TXT.exists():
        pytest.skip(f"compiled P4Info not found: {P4INFO_TXT} (compile p4src/ first)")
    return P4Info.from_file(P4INFO_TXT)


def netns_skip_reason():
    """Why namespace tests cannot run here, or None if they can."""
    import shutil
    if os.geteuid() != 0:
        return "needs root (network namespaces, veth pairs, raw sockets)"
    for tool, pkg in (("ip", "iproute2"), ("ethtool", "ethtool")):
        if shutil.which(tool) is None:
            return f"'{tool}' not found (Debian package {pkg})"
    return None


def bmv2_skip_reason():
    """Why the bmv2 (L2) tests cannot run here, or None if they can."""
    from p4slice_harness.net.bmv2 import find_simple_switch_grpc
    reason = netns_skip_reason()
    if reason:
        return reason
    if find_simple_switch_grpc() is None:
        return "simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC)"
    missing = [str(p) for p in (BMV2_JSON, P4INFO_TXT) if not p.exists()]
    if missing:
        return f"compiled pipeline not found: {', '.join(missing)} (compile p4src/ first)"
    return None


def p4test_skip_reason():
    """Why the TNA type-check cannot run here, or None if it can."""
    import shutil
    if not (shutil.which("p4test") or os.access("/opt/p4tools/bin/p4test", os.X_OK)):
        return "p4test not found (PATH, /opt/p4tools/bin): build p4c (see README, Prerequisites)"
    include = os.environ.get("P4S_TNA_INCLUDE", "/opt/p4tools/share/tna-include")
    if not os.path.exists(os.path.join(include, "tna.p4")):
        return f"no tna.p4 in {include} (p4c's backends/tofino/bf-p4c/p4include; set $P4S_TNA_INCLUDE)"
    return None


def onos_skip_reason():
    """Why the L3 tests (a real ONOS 2.7 with the .oar and two bmv2) cannot run here, or None."""
    from p4slice_harness.onos.assembly import lab_problem
    return lab_problem()


def pytest_collection_modifyitems(config, items):
    for marker, why in (("bmv2", bmv2_skip_reason), ("netns", netns_skip_reason), ("p4test", p4test_skip_reason),
                        ("onos", onos_skip_reason)):
        marked = [i for i in items if i.get_closest_marker(marker)]
        reason = why() if marked else None
        if reason:
            for item in marked:
                item.add_marker(pytest.mark.skip(reason=f"{marker} test: {reason}"))
