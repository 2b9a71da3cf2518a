"""scenario.py: the harness's reading of scenario files."""

import copy
import json

import pytest

from p4slice_harness.scenario import ScenarioError, load_scenario, parse_scenario
from tests.conftest import HARNESS_DIR

EXAMPLE = HARNESS_DIR / "scenarios" / "two-switch-four-slices.json"


def example():
    return json.loads(EXAMPLE.read_text())


def test_every_committed_scenario_parses_and_has_its_onos_plan():
    for path in sorted((HARNESS_DIR / "scenarios").glob("*.json")):
        sc = load_scenario(path)
        assert sc.devices and sc.slices, path
        assert (HARNESS_DIR / "scenarios" / "plans" / f"{path.stem}.onos.plan.json").exists(), path


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


@pytest.mark.parametrize("edit, message", [
    (lambda d: d["devices"].append(copy.deepcopy(d["devices"][0])), r"\$\.devices\[2\]: duplicate device"),
    (lambda d: d["links"][0]["dst"].update(port=9), r"\$\.links\[0\]\.dst\.port: device:bmv2:s2 has no port 9"),
    (lambda d: d["links"][0]["dst"].update(device="device:bmv2:s1", port=4),
     r"\$\.links\[0\]: a link joins two different devices"),
    (lambda d: d["hosts"][1].update(mac="00:00:00:00:00:01"), r"\$\.hosts\[1\]: duplicate host name, MAC or port"),
    (lambda d: d["hosts"][0].update(port=5), r"\$\.hosts\[0\]: device:bmv2:s1/5 is a link port"),
    (lambda d: d["hosts"][0].update(ip="10.0.0.300/24"), r"\$\.hosts\[0\]\.ip: "),
    (lambda d: d["slices"][0]["endpoints"][0].update(mode="tagged"),
     r"\$\.slices\[0\]\.endpoints\[0\]\.mode: access or trunk, got 'tagged'"),
    (lambda d: d["slices"][0].update(quotaBps="8M"), r"\$\.slices\[0\]\.quotaBps: expected an integer"),
    (lambda d: d["slices"][1].update(id=10), r"\$\.slices\[1\]\.id: duplicate slice id 10"),
    (lambda d: d["slices"][0].update(endpoints=[]), r"\$\.slices\[0\]\.endpoints: at least one endpoint"),
    (lambda d: d.pop("devices"), r"\$\.devices: missing"),
])
def test_bad_scenarios_name_the_json_path(edit, message):
    doc = example()
    edit(doc)
    with pytest.raises(ScenarioError, match=message):
        parse_scenario(doc)


def test_unreadable_file_names_the_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ScenarioError, match="bad.json"):
        load_scenario(bad)
