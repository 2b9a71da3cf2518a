"""Skip reasons of the ``tofino`` marker (the ONOS push test): a real ONOS 2.7.0
($P4S_ONOS_ROOT, default /opt/onos-2.7.0; Java 11), the built .oar ($P4S_OAR), protoc with Stratum's bf.proto and
openconfig's gnmi.proto (p4slice_harness.tofino.protos) and the compiled Tofino outputs."""

import pytest

from p4slice_harness.onos.assembly import find_home, find_oar, home_problem, oar_problem
from p4slice_harness.tofino import protos
from p4slice_harness.paths import TOFINO_OUT


def tofino_push_skip_reason():
    missing = [p for p in ("two-pipe/p4info.txt", "two-pipe/tofino.bin") if not (TOFINO_OUT / p).exists()]
    if missing:
        return f"compiled Tofino outputs not found under {TOFINO_OUT} (make -C p4src tofino)"
    return home_problem(find_home()) or oar_problem(find_oar()) or protos.problem()


def pytest_collection_modifyitems(config, items):
    marked = [i for i in items if i.get_closest_marker("tofino")]
    reason = tofino_push_skip_reason() if marked else None
    if reason:
        for item in marked:
            item.add_marker(pytest.mark.skip(reason=f"tofino test: {reason}"))
