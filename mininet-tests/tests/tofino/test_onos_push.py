"""Proof without hardware: a real ONOS 2.7 with the p4slice .oar pushes the Tofino pipeconfs to
two stand-in switches (:mod:`p4slice_harness.tofino.onos_push`) -- a Stratum one (driver
``stratum-tofino``, pipeconf ``org.p4slice.tofino``) and a ``bf_switchd`` one (driver ``barefoot``,
pipeconf ``org.p4slice.tofino.bfswitchd``) -- and

- the ``SetForwardingPipelineConfig`` each receives decodes, as its agent decodes it (Stratum's
  with Stratum's own ``bf.proto``), into exactly the committed tofino.bin, context.json and
  bf-rt.json, with the committed P4Info;
- every write p4slice makes for a slice (classifier, egress VLAN, multicast group, meter cell) and
  for ONOS's packet requests (acl) is accepted against the Tofino P4Info; no clone session is
  written (TNA copies to the CPU through the traffic manager); releasing the slice removes what it
  wrote.

Marker ``tofino`` (``make test-tofino``); takes the L3 assembly lock like the L3 lab. The stand-ins'
transcript goes to ``reports/tofino-push-transcript.txt``.
"""

import time

import pytest
from google.protobuf import text_format
from p4.config.v1 import p4info_pb2

from p4slice_harness.paths import HARNESS_DIR, TOFINO_OUT
from p4slice_harness.tofino.device_config import differences
from p4slice_harness.tofino.onos_push import SWITCHES, TofinoPush, slice_request

pytestmark = [pytest.mark.tofino, pytest.mark.timeout(900)]

REPORT = HARNESS_DIR / "reports" / "tofino-push-transcript.txt"
PIPES = {"device:tofino:sw1": (0, 1), "device:tofino:sw2": None}   # PI loads every pipe


@pytest.fixture(scope="module")
def push():
    lines = []
    try:
        with TofinoPush(out=lambda line: (lines.append(line), print(line))) as p:
            yield p
    finally:
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text("\n".join(lines) + "\n")


def committed_p4info() -> p4info_pb2.P4Info:
    info = p4info_pb2.P4Info()
    text_format.Parse((TOFINO_OUT / "two-pipe" / "p4info.txt").read_text(), info)
    return info


@pytest.mark.parametrize("device", list(SWITCHES))
def test_pipeline_config_is_exactly_the_committed_files(push, device):
    sw = push.switches[device]
    assert sw.p4rt.pipeline is not None, f"{device}: ONOS pushed no pipeline"
    assert differences(sw.p4rt.tofino_config, "two-pipe", PIPES[device]) == []
    # compared as bytes: the P4Info holds bf-p4c's PortMetadata extern, an Any of a barefoot type the
    # Python protobuf cannot unpack (message == unpacks every Any)
    assert (sw.p4rt.pipeline.p4info.SerializeToString(deterministic=True)
            == committed_p4info().SerializeToString(deterministic=True))
    assert sw.p4rt.pipeline.p4info.pkg_info.arch == "tna"


@pytest.mark.parametrize("device", list(SWITCHES))
def test_a_slices_writes_are_accepted_against_the_tofino_p4info(push, device):
    sw = push.switches[device].p4rt
    # 8,000,001 bit/s = 1,000,001 B/s (rounded up): not whole kbit, which the agents keep
    s = push.create_slice(slice_request(f"tofino-{device.rsplit(':', 1)[1]}", device, quota_bps=8_000_001))
    slice_id = s["id"]
    try:
        assert sw.refused == [], f"{device} refused writes: {sw.refused}"
        classifier = sw.table_entries("slice_classifier")
        assert len(classifier) == 2, classifier
        assert {int.from_bytes(e.action.action.params[0].value, "big") for e in classifier} == {slice_id}
        assert len(sw.table_entries("egress_vlan")) == 2
        assert slice_id in sw.groups
        assert sorted(r.egress_port for r in sw.groups[slice_id].replicas) == [1, 2]
        meter = [m for (mid, index), m in sw.meters.items() if index == slice_id]
        assert meter and meter[0].config.cir == 1_000_125, "1,000,001 B/s rounded up to whole kbit by the pipeconf"
        assert meter[0].config.cburst % 125 == 0
        time.sleep(12)   # the app audits meter cells every 10 s: what the agent reads back must count as written
        writes = [w for w in sw.meter_writes if w[1] == slice_id]
        assert len(writes) == 1, f"meter cell {slice_id} written {len(writes)} times: the audit rewrites it"

        acl = sw.table_entries("acl")
        assert acl, "ONOS's packet requests (LLDP, BDDP, ARP) reach the acl"
        assert sw.clone_sessions == {}, "TNA copies to the CPU through the traffic manager, no clone session"
    finally:
        push.delete_slice(slice_id)
    assert sw.table_entries("slice_classifier") == []
    assert sw.table_entries("egress_vlan") == []
    assert slice_id not in sw.groups
    assert sw.refused == []
