"""scenario.py: the harness's scenario objects, read by the Java ScenarioReader (tools/run.sh scenario-json)."""

import copy
import json
import re

import pytest

from p4slice_harness.paths import SCENARIOS_DIR, plan_path, scenario_path
from p4slice_harness.scenario import ScenarioError, load_scenario, parse_scenario

EXAMPLE = scenario_path("two-switch-four-slices")


def example():
    return json.loads(EXAMPLE.read_text())


def test_every_committed_scenario_parses_and_has_its_onos_plan():
    for path in sorted(SCENARIOS_DIR.glob("*.json")):
        sc = load_scenario(path)
        assert sc.devices and sc.slices, path
        assert plan_path(path.stem).exists(), path


def test_example_topology_and_slices():
    sc = load_scenario(EXAMPLE)
    assert [(d.name, d.device_id, sorted(d.ports)) for d in sc.devices] == [("s1", 1, [1, 2, 3, 4, 5]),
                                                                           ("s2", 2, [1, 2, 3, 4, 5])]
    assert sc.device("s2") is sc.device("device:bmv2:s2")
    assert sc.link_ports("device:bmv2:s1")[5].device == "device:bmv2:s2"
    assert [h.name for h in sc.slice_hosts(30)] == ["h3", "h7"]
    assert sc.slice_of_host("h6").id == 20
    assert sc.host("h1").address == "10.0.0.1"
    s30 = sc.slice(30)
    assert (s30.vlan, s30.quota_bps, s30.burst_bytes) == (130, 10_000_000, 131072)
    assert sc.slice(10).burst_bytes == 65536  # default


# The Java ScenarioReader's messages (the one reader of the format), exactly: JSON path and problem.
@pytest.mark.parametrize("edit, message", [
    (lambda d: d["devices"].append(copy.deepcopy(d["devices"][0])),
     'devices[2].id: device "device:bmv2:s1" is declared twice'),
    (lambda d: d["links"][0]["dst"].update(port=9),
     'links[0].dst.port: port 9 of device:bmv2:s2 is not declared in "devices"'),
    (lambda d: d["links"][0]["dst"].update(device="device:bmv2:s1", port=4),
     "links[0]: a link must join two different devices, got device:bmv2:s1/5 and device:bmv2:s1/4"),
    (lambda d: d["hosts"][1].update(mac="00:00:00:00:00:01"),
     "hosts[1].mac: 00:00:00:00:00:01 is already the MAC of hosts[0]"),
    (lambda d: d["hosts"][1].update(port=1), "hosts[1]: port device:bmv2:s1/1 already has a host (hosts[0])"),
    (lambda d: d["hosts"][0].update(port=5),
     "hosts[0]: port device:bmv2:s1/5 is an inter-switch link port (links[0]), not a host port"),
    (lambda d: d["hosts"][0].update(ip="10.0.0.300/24"),
     'hosts[0].ip: "10.0.0.300/24" is not an IP address with optional prefix length such as "10.0.0.1/24"'),
    (lambda d: d["slices"][0]["endpoints"][0].update(mode="tagged"),
     'slices[0]: endpoint mode must be "access" or "trunk", got "tagged"'),
    (lambda d: d["slices"][0].update(quotaBps="8M"), 'slices[0]: "quotaBps" must be an integer, got "8M"'),
    (lambda d: d["slices"][1].update(id=10), "slices[1].id: slice id 10 is already used by slices[0].id"),
    (lambda d: d["slices"][0].update(endpoints=[]), "slices[0].endpoints: at least one endpoint is required"),
    (lambda d: d.pop("devices"), 'scenario: missing key "devices"'),
])
def test_bad_scenarios_name_the_json_path(edit, message):
    doc = example()
    edit(doc)
    with pytest.raises(ScenarioError, match="^" + re.escape(message) + "$"):
        parse_scenario(doc)


def test_unreadable_file_names_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ScenarioError, match="bad.json"):
        load_scenario(bad)


def test_results_are_cached_per_document_and_file(monkeypatch):
    from p4slice_harness import scenario
    first = load_scenario(EXAMPLE)
    doc = example()
    parsed = parse_scenario(doc)
    monkeypatch.setattr(scenario.java_tools, "run", lambda *a, **k: pytest.fail("reader run again"))
    assert load_scenario(EXAMPLE) is first
    assert parse_scenario(example()) is parsed
    assert parsed == first   # the same model either way
