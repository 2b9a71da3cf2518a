"""The acceptance run's testbed file: the committed files read as documented, every bad file refused with
the JSON path and the problem, and what ONOS is told about a testbed (devices, p4slice's configuration
merged into the operator's, never changing it in place)."""

import copy
import json

import pytest

from p4slice_harness.acceptance import config
from p4slice_harness.acceptance.testbed import TestbedError, load_testbed, parse_testbed
from p4slice_harness.paths import HARNESS_DIR, REPO_DIR

LAB = HARNESS_DIR / "testbeds" / "bmv2-lab.json"
AURORA = REPO_DIR / "docs" / "examples" / "testbed-aurora710.json"


def lab_doc():
    return json.loads(LAB.read_text())


def test_the_bmv2_lab_file():
    tb = load_testbed(LAB)
    assert tb.lab == "bmv2" and tb.line_rate_bps == 20_000_000 and tb.tenant == "acceptance"
    assert [(s.agent, s.pipeconf, s.driver, s.cpu_port) for s in tb.switches] == [("bmv2", "org.p4slice.bmv2", "bmv2", 255)] * 2
    assert [(a.nic, b.nic) for a, b in tb.pairs()] == [("acc-h1", "acc-h5"), ("acc-h2", "acc-h6"),
                                                        ("acc-h3", "acc-h7"), ("acc-h4", "acc-h8")]
    assert [p.ip for p in tb.test_ports[:2]] == ["10.99.0.1/24", "10.99.0.2/24"]
    assert tb.trunks[0].tap == "as1-eth5" and tb.measure["meterLadder"] == [0.1, 0.25, 0.5]
    assert tb.thresholds["counterTolerance"] == 0.05 and tb.thresholds["cvMax"] == 0.05


def test_the_aurora_710_example():
    tb = load_testbed(AURORA)
    assert tb.lab is None and tb.line_rate_bps == 100_000_000_000 and tb.offloads == "keep" and tb.streams == 8
    assert {(s.agent, s.profile, s.pipeconf, s.driver, s.cpu_port) for s in tb.switches} == \
        {("stratum", "two-pipe", "org.p4slice.tofino", "stratum-tofino", 192)}
    assert len(tb.pairs()) == 4 and tb.trunks[0].tap == "enp94s0f0np0"
    assert tb.thresholds == {"oneSliceLineRate": 0.95, "fourSlicesLineRate": 0.9, "cvMax": 0.03, "jainMin": 0.99,
                             "meterTolerance": 0.05, "counterTolerance": 0.01, "rttPerHopMs": 0.2}
    assert tb.datagram == 8900 and tb.mtu == 9000
    assert [p.port for p in tb.test_ports] == [128, 132, 136, 140] * 2, "device ports of QSFP 1-4"
    assert (tb.trunks[0].a.port, tb.trunks[0].b.port) == (60, 60)


def mutate(fn):
    doc = lab_doc()
    fn(doc)
    return doc


BAD = [
    ("unknown top member", lambda d: d.update(lineRate=5), "$.lineRate: unknown member"),
    ("no switches", lambda d: d.pop("switches"), "$.switches: required"),
    ("one switch", lambda d: d.update(switches=d["switches"][:1]), "$.switches: must hold at least 2 element(s), got 1"),
    ("bad agent", lambda d: d["switches"][1].update(agent="tofino"),
     "$.switches[1].agent: must be one of bmv2, stratum, bf_switchd, got 'tofino'"),
    ("lab with stratum", lambda d: d["switches"][0].update(agent="stratum", profile="two-pipe"),
     "$.switches[0].agent: with lab bmv2 every switch is a bmv2 the harness starts, got 'stratum'"),
    ("lab off loopback", lambda d: d["switches"][0].update(p4runtime="10.0.0.1:50111"),
     "$.switches[0].p4runtime: with lab bmv2 the switch listens on 127.0.0.1"),
    ("profile missing", lambda d: (d.pop("lab"), d["switches"][0].update(agent="stratum")),
     "$.switches[0].profile: required for agent stratum (one of two-pipe, four-pipe)"),
    ("pipeconf mismatch", lambda d: (d.pop("lab"), d["switches"][0].update(agent="bf_switchd", profile="two-pipe",
                                                                          pipeconf="org.p4slice.tofino", cpuPort=192)),
     "$.switches[0].pipeconf: agent bf_switchd profile two-pipe runs org.p4slice.tofino.bfswitchd, got 'org.p4slice.tofino'"),
    ("cpu port not compiled", lambda d: d["switches"][0].update(cpuPort=192),
     "$.switches[0].cpuPort: org.p4slice.bmv2 is compiled for CPU port 255 (its cpu_port.txt), got 192"),
    ("device id twice", lambda d: d["switches"][1].update(deviceId="device:bmv2:as1"),
     "$.switches[1].deviceId: 'device:bmv2:as1' is already used by $.switches[0]"),
    ("unknown switch", lambda d: d["testPorts"][2].update(switch="as9"),
     "$.testPorts[2].switch: no switch named 'as9' (switches: as1, as2)"),
    ("port twice", lambda d: d["testPorts"][1].update(port=1),
     "$.testPorts[1]: port as1/1 is already used at $.testPorts[0]"),
    ("test port on the trunk", lambda d: d["testPorts"][0].update(port=5),
     "$.testPorts[0]: port as1/5 is already used at $.trunks[0].ends[0]"),
    ("cpu port as test port", lambda d: d["testPorts"][0].update(port=255),
     "$.testPorts[0].port: 255 is as1's CPU port"),
    ("nic twice", lambda d: d["testPorts"][1].update(nic="acc-h1"),
     "$.testPorts[1].nic: interface acc-h1 is already used at $.testPorts[0].nic"),
    ("nic name too long", lambda d: d["testPorts"][0].update(nic="a-very-long-nic-name"),
     "$.testPorts[0].nic: must be a Linux interface name (1..15 characters of [A-Za-z0-9_.-]), got 'a-very-long-nic-name'"),
    ("nic named like a lab port", lambda d: d["testPorts"][0].update(nic="as1-eth1"),
     "$.testPorts[0].nic: 'as1-eth1': names <switch>-eth<port> are the lab's switch ports"),
    ("lab tap elsewhere", lambda d: d["trunks"][0].update(tap="eth7"),
     "$.trunks[0].tap: with lab bmv2 the tap is the trunk's own veth (as1-eth5 or as2-eth5), got 'eth7'"),
    ("trunk on one switch", lambda d: d["trunks"][0]["ends"][1].update(switch="as1", port=9),
     "$.trunks[0].ends: both ends are on as1: a trunk joins two switches"),
    ("one port on a side", lambda d: d.update(testPorts=d["testPorts"][:1] + d["testPorts"][4:]),
     "$.testPorts: needs at least two test ports on as1"),
    ("ip outside the subnet", lambda d: d["testPorts"][0].update(ip="10.1.0.1/24"),
     "$.testPorts[0].ip: must be in the testbed's subnet 10.99.0.0/24, got '10.1.0.1/24'"),
    ("datagram over the mtu", lambda d: d.update(datagramBytes=1500),
     "$.datagramBytes: must be 64..1472, got 1500"),
    ("fractional line rate", lambda d: d.update(lineRateMbps=2.5), "$.lineRateMbps: must be a whole number, got number 2.5"),
    ("warm-up too long", lambda d: d["measure"].update(warmupSeconds=6),
     "$.measure.warmupSeconds: must leave at least 1 s of the 6 s measured, got 6"),
    ("misspelt threshold", lambda d: d["thresholds"].update(cvMaximum=0.1), "$.thresholds.cvMaximum: unknown member"),
    ("threshold out of range", lambda d: d["thresholds"].update(jainMin=1.5), "$.thresholds.jainMin: must be in [0, 1], got 1.5"),
    ("bad onos url", lambda d: d.update(onos={"url": "onos:8181"}), "$.onos.url: must be http(s)://host:port, got 'onos:8181'"),
    ("not an object", lambda d: d["switches"].__setitem__(0, "as1"), "$.switches[0]: must be an object, got string 'as1'"),
]


@pytest.mark.parametrize("why, change, message", BAD, ids=[b[0] for b in BAD])
def test_a_bad_testbed_is_refused_with_its_path_and_problem(why, change, message):
    with pytest.raises(TestbedError) as e:
        parse_testbed(mutate(change), "bmv2-lab.json")
    assert str(e.value).startswith("bmv2-lab.json: ") and message in str(e.value), str(e.value)


def test_a_file_that_is_not_json_or_not_there(tmp_path):
    bad = tmp_path / "tb.json"
    bad.write_text('{"name": "x",\n  oops}')
    with pytest.raises(TestbedError, match=r"^tb\.json: not JSON: Expecting property name enclosed in double quotes "
                                           r"at line 2 column 3$"):
        load_testbed(bad)
    with pytest.raises(TestbedError, match="cannot read the testbed file"):
        load_testbed(tmp_path / "missing.json")


def test_devices_netcfg_lists_ports_only_for_agents_without_gnmi():
    lab = config.devices_netcfg(load_testbed(LAB))["devices"]
    s1 = lab["device:bmv2:as1"]
    assert s1["basic"] == {"managementAddress": "grpc://127.0.0.1:50111?device_id=1", "driver": "bmv2",
                           "pipeconf": "org.p4slice.bmv2", "name": "as1"}
    assert sorted(s1["ports"]) == ["1", "2", "3", "4", "5"]
    assert s1["ports"]["5"] == {"number": 5, "name": "as1-eth5", "enabled": True, "removed": False, "type": "copper",
                                "speed": 20}
    aurora = config.devices_netcfg(load_testbed(AURORA))["devices"]
    assert all("ports" not in d for d in aurora.values())
    assert aurora["device:tofino:sw2"]["basic"]["managementAddress"] == "grpc://10.10.0.12:9339?device_id=1"


def test_the_operators_p4slice_config_is_kept_and_extended_never_changed_in_place():
    tb = load_testbed(LAB)
    current = {"guardBand": 0.1, "tenants": ["itb"], "capacityOverrides": {"device:bmv2:s1/1": 100_000_000},
               "infrastructurePorts": ["device:bmv2:s1/3"]}
    kept = copy.deepcopy(current)
    merged = config.merged_app_config(tb, current)
    assert current == kept
    assert merged["guardBand"] == 0.1 and merged["tenants"] == ["itb", "acceptance"]
    assert merged["capacityOverrides"]["device:bmv2:s1/1"] == 100_000_000
    assert merged["capacityOverrides"]["device:bmv2:as2/5"] == 20_000_000 and len(merged["capacityOverrides"]) == 11
    assert merged["infrastructurePorts"] == ["device:bmv2:as1/5", "device:bmv2:as2/5", "device:bmv2:s1/3"]
    fresh = config.merged_app_config(tb, None)
    assert "tenants" not in fresh, "no tenants list: any tenant may own slices, none is added"
    assert config.trunk_link_keys(tb) == {"device:bmv2:as1/5-device:bmv2:as2/5", "device:bmv2:as2/5-device:bmv2:as1/5"}
