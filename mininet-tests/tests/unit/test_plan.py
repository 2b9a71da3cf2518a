"""Plan format: shape checks, validation against a P4Info, installation order (with a fake switch)."""

import copy
import json

import pytest
from p4.v1 import p4runtime_pb2

from p4slice_harness.errors import PlanError
from p4slice_harness.p4rt.entities import Exact, Lpm, Ternary
from p4slice_harness.p4rt.install import InstallReport, Target, install_plan, remove_plan
from p4slice_harness.plan import load_plan, parse_plan
from tests.bmv2.single_slice import DEVICE, single_slice_plan

S1 = "device:bmv2:s1"


def entry(**over):
    e = {"device": S1, "table": "P4SliceIngress.slice_classifier", "priority": 0,
         "match": [{"field": "ingress_port", "exact": "0x0001"}, {"field": "vlan_id", "exact": "0x0000"}],
         "action": {"name": "P4SliceIngress.set_slice", "params": [{"name": "slice_id", "value": "0x000a"}]}}
    e.update(over)
    return e


def compile_one(mini_p4info, doc):
    return parse_plan(doc).compile(mini_p4info)


# -- shape -----------------------------------------------------------------------------------------

def test_brief_example_parses_and_compiles(mini_p4info):
    doc = {"entries": [entry()],
           "meters": [{"device": S1, "meter": "P4SliceIngress.slice_meter", "index": 10,
                       "cir": 3125000, "cburst": 65536, "pir": 3125000, "pburst": 65536}],
           "multicastGroups": [{"device": S1, "id": 10, "replicas": [{"port": 1, "instance": 0}, {"port": 2}]}]}
    p = parse_plan(doc)
    assert p.devices == [S1]
    e = p.entries[0]
    assert (e.path, e.table, e.priority, e.action) == ("entries[0]", "P4SliceIngress.slice_classifier", 0,
                                                       "P4SliceIngress.set_slice")
    assert e.match == (("ingress_port", Exact("0x0001")), ("vlan_id", Exact("0x0000")))
    assert e.params == (("slice_id", "0x000a"),)
    assert p.multicast_groups[0].replicas == ((1, 0), (2, 0))
    compiled = p.compile(mini_p4info)[S1]
    (path, u), = compiled.entries
    assert path == "entries[0]" and u.type == p4runtime_pb2.Update.INSERT
    assert [m.exact.value for m in u.entity.table_entry.match] == [b"\x01", b"\x00"]
    (path, u), = compiled.meters
    assert path == "meters[0]" and u.type == p4runtime_pb2.Update.MODIFY
    assert (u.entity.meter_entry.meter_id, u.entity.meter_entry.index.index) == (4001, 10)
    (path, u), = compiled.groups
    assert [(r.egress_port, r.instance) for r in
            u.entity.packet_replication_engine_entry.multicast_group_entry.replicas] == [(1, 0), (2, 0)]


def test_lpm_and_ternary_forms(mini_p4info):
    doc = {"entries": [
        entry(table="P4SliceIngress.l3_forward_v4",
              match=[{"field": "slice_id", "exact": 10}, {"field": "ipv4_dst", "lpm": {"value": "0x0a000000", "prefixLen": 8}}],
              action={"name": "P4SliceIngress.route",
                      "params": [{"name": "port", "value": 1}, {"name": "src_mac", "value": "0x020000000001"},
                                 {"name": "dst_mac", "value": "0x020000000002"}]}),
        entry(table="P4SliceIngress.acl", priority=10,
              match=[{"field": "eth_type", "ternary": {"value": "0x88cc", "mask": "0xffff"}}],
              action={"name": "P4SliceIngress.punt_to_cpu"}),
    ]}
    p = parse_plan(doc)
    assert p.entries[0].match[1] == ("ipv4_dst", Lpm("0x0a000000", 8))
    assert p.entries[1].match[0] == ("eth_type", Ternary("0x88cc", "0xffff"))
    assert p.entries[1].params == ()
    c = p.compile(mini_p4info)[S1]
    lpm = c.entries[0][1].entity.table_entry.match[1].lpm
    assert (lpm.value, lpm.prefix_len) == (b"\x0a\x00\x00\x00", 8)
    te = c.entries[1][1].entity.table_entry
    assert te.priority == 10 and te.match[0].ternary.mask == b"\xff\xff"


@pytest.mark.parametrize("doc, message", [
    ([], "plan: expected an object, got list"),
    ({"entries": {}}, "entries: expected a list, got dict"),
    ({"entrys": []}, "plan: unknown key(s) 'entrys'"),
    ({"version": 2}, "plan.version: unsupported version 2"),
    ({"entries": [entry(prio=1)]}, "entries[0]: unknown key(s) 'prio'"),
    ({"entries": [{"device": S1, "table": "t", "match": []}]}, "entries[0]: missing key(s) 'action'"),
    ({"entries": [entry(device="")]}, "entries[0].device: expected a non-empty string"),
    ({"entries": [entry(priority=-1)]}, "entries[0].priority: expected a non-negative integer, got -1"),
    ({"entries": [entry(match=[{"field": "vlan_id"}])]},
     "entries[0].match[0]: exactly one of 'exact', 'lpm', 'ternary' is required, got none"),
    ({"entries": [entry(match=[{"field": "vlan_id", "exact": 1, "lpm": {"value": 1, "prefixLen": 1}}])]},
     "entries[0].match[0]: exactly one of 'exact', 'lpm', 'ternary' is required, got exact, lpm"),
    ({"entries": [entry(match=[{"field": "vlan_id", "exact": 1}, {"field": "vlan_id", "exact": 2}])]},
     "entries[0].match[1]: field 'vlan_id' given twice"),
    ({"entries": [entry(match=[{"field": "vlan_id", "exact": "110"}])]},
     "entries[0].match[0].exact: '110' is not a hex string"),
    ({"entries": [entry(match=[{"field": "vlan_id", "exact": True}])]}, "entries[0].match[0].exact: expected an integer"),
    ({"entries": [entry(match=[{"field": "x", "lpm": {"value": 1}}])]}, "entries[0].match[0].lpm: missing key(s) 'prefixLen'"),
    ({"entries": [entry(match=[{"field": "x", "ternary": {"value": 1, "mask": 1, "prio": 1}}])]},
     "entries[0].match[0].ternary: unknown key(s) 'prio'"),
    ({"entries": [entry(action={"name": "a", "params": [{"name": "p", "value": 1}, {"name": "p", "value": 2}]})]},
     "entries[0].action.params[1]: parameter 'p' given twice"),
    ({"entries": [entry(action={"params": []})]}, "entries[0].action: missing key(s) 'name'"),
    ({"meters": [{"device": S1, "meter": "m", "index": 1, "cir": 1, "cburst": 1, "pir": 1}]},
     "meters[0]: missing key(s) 'pburst'"),
    ({"meters": [{"device": S1, "meter": "m", "index": 1, "cir": 1.5, "cburst": 1, "pir": 1, "pburst": 1}]},
     "meters[0].cir: expected a non-negative integer, got 1.5"),
    ({"multicastGroups": [{"device": S1, "id": 10, "replicas": [{"port": "1"}]}]},
     "multicastGroups[0].replicas[0].port: expected a non-negative integer, got '1'"),
    ({"multicastGroups": [{"device": S1, "id": 10, "replicas": [{"port": 1, "egress": 1}]}]},
     "multicastGroups[0].replicas[0]: unknown key(s) 'egress'"),
])
def test_shape_errors(doc, message):
    with pytest.raises(PlanError) as exc:
        parse_plan(doc)
    assert message in str(exc.value)


# -- validation against the P4Info -------------------------------------------------------------------

@pytest.mark.parametrize("over, message", [
    ({"table": "P4SliceIngress.slice_clasifier"}, "entries[0] (device:bmv2:s1): unknown table 'P4SliceIngress.slice_clasifier'"),
    ({"match": [{"field": "ingress_port", "exact": 1}, {"field": "vlan", "exact": 0}]},
     "entries[0] (device:bmv2:s1): table 'P4SliceIngress.slice_classifier': exact match field 'vlan_id' missing"),
    ({"match": [{"field": "ingress_port", "exact": 1}, {"field": "vlan_id", "exact": 0}, {"field": "vlan", "exact": 0}]},
     "has no match field(s) vlan (match fields: ingress_port, vlan_id)"),
    ({"match": [{"field": "ingress_port", "exact": "0x0200"}, {"field": "vlan_id", "exact": 0}]},
     "field 'ingress_port': value 0x200 does not fit in 9 bits"),
    ({"match": [{"field": "ingress_port", "exact": 1}, {"field": "vlan_id", "exact": "0x1000"}]},
     "field 'vlan_id': value 0x1000 does not fit in 12 bits"),
    ({"action": {"name": "P4SliceIngress.set_slise", "params": []}}, "unknown action 'P4SliceIngress.set_slise'"),
    ({"action": {"name": "P4SliceIngress.set_egress_port", "params": [{"name": "port", "value": 1}]}},
     "action 'P4SliceIngress.set_egress_port' is not an action of table 'P4SliceIngress.slice_classifier'"),
    ({"action": {"name": "P4SliceIngress.set_slice", "params": [{"name": "slice", "value": 1}]}},
     "action 'P4SliceIngress.set_slice': parameter 'slice_id' missing"),
    ({"action": {"name": "P4SliceIngress.set_slice", "params": [{"name": "slice_id", "value": 1}, {"name": "x", "value": 1}]}},
     "has no parameter(s) x (parameters: slice_id)"),
    ({"action": {"name": "P4SliceIngress.set_slice", "params": [{"name": "slice_id", "value": "0x1000"}]}},
     "parameter 'slice_id': value 0x1000 does not fit in 12 bits"),
    ({"action": {"name": "P4SliceIngress.deny"}}, "can only be the default action"),
    ({"priority": 3}, "only exact/lpm fields: priority must be 0, got 3"),
    ({"match": [{"field": "ingress_port", "lpm": {"value": 1, "prefixLen": 9}}, {"field": "vlan_id", "exact": 0}]},
     "match kind is exact, but an lpm value was given"),
])
def test_validation_errors_name_the_entry(mini_p4info, over, message):
    with pytest.raises(PlanError) as exc:
        compile_one(mini_p4info, {"entries": [entry(), entry(**over)]})
    assert str(exc.value).startswith("entries[1] (device:bmv2:s1): ")
    assert message.replace("entries[0]", "entries[1]") in str(exc.value)


def test_meter_and_group_validation(mini_p4info):
    meter = {"device": S1, "meter": "P4SliceIngress.slice_meter", "index": 10, "cir": 1, "cburst": 1, "pir": 1, "pburst": 1}
    with pytest.raises(PlanError, match=r"meters\[0\] \(device:bmv2:s1\): unknown meter 'P4SliceIngress.slice_rx_counter'"):
        compile_one(mini_p4info, {"meters": [dict(meter, meter="P4SliceIngress.slice_rx_counter")]})
    with pytest.raises(PlanError, match=r"index 4096 out of range \[0, 4096\)"):
        compile_one(mini_p4info, {"meters": [dict(meter, index=4096)]})
    with pytest.raises(PlanError, match="pir 1 is below cir 5"):
        compile_one(mini_p4info, {"meters": [dict(meter, cir=5)]})
    with pytest.raises(PlanError, match=r"meters\[1\] .*already configured by meters\[0\]"):
        compile_one(mini_p4info, {"meters": [meter, dict(meter, cir=0, pir=0)]})
    group = {"device": S1, "id": 10, "replicas": [{"port": 1}]}
    with pytest.raises(PlanError, match=r"multicastGroups\[1\] .*group 10 already defined by multicastGroups\[0\]"):
        compile_one(mini_p4info, {"multicastGroups": [group, group]})
    with pytest.raises(PlanError, match=r"duplicate replica \(port 1, instance 0\)"):
        compile_one(mini_p4info, {"multicastGroups": [dict(group, replicas=[{"port": 1}, {"port": 1, "instance": 0}])]})


def test_duplicate_keys_detected_across_value_spellings(mini_p4info):
    same_key = entry(match=[{"field": "vlan_id", "exact": 0}, {"field": "ingress_port", "exact": 1}],
                     action={"name": "P4SliceIngress.set_slice", "params": [{"name": "slice_id", "value": 11}]})
    with pytest.raises(PlanError, match=r"entries\[1\] .*same table key as entries\[0\]"):
        compile_one(mini_p4info, {"entries": [entry(), same_key]})
    other_device = dict(same_key, device="device:bmv2:s2")
    assert set(compile_one(mini_p4info, {"entries": [entry(), other_device]})) == {S1, "device:bmv2:s2"}


def test_device_without_p4info_is_reported(mini_p4info):
    p = parse_plan({"entries": [entry(device="device:bmv2:s9")]})
    with pytest.raises(PlanError, match=r"entries\[0\]: no P4Info/switch given for device 'device:bmv2:s9' "
                                        r"\(known devices: device:bmv2:s1\)"):
        p.compile({S1: mini_p4info})


def test_load_plan_from_file(tmp_path, mini_p4info):
    f = tmp_path / "plan.json"
    f.write_text(json.dumps(single_slice_plan()))
    p = load_plan(f)
    assert len(p.entries) == 6 and len(p.meters) == 1 and len(p.multicast_groups) == 1
    f.write_text("{ not json")
    with pytest.raises(PlanError, match="not valid JSON"):
        load_plan(f)
    f.write_text(json.dumps({"entries": [entry(prio=1)]}))
    with pytest.raises(PlanError, match=r"plan.json: entries\[0\]: unknown key\(s\) 'prio'"):
        load_plan(f)


# -- the L2 test's plan, against both P4Infos -------------------------------------------------------

def _check_single_slice(compiled, info):
    c = compiled[DEVICE]
    tables = [info.table_by_id(u.entity.table_entry.table_id).name for _, u in c.entries]
    assert tables == ["P4SliceIngress.slice_classifier"] * 2 + ["P4SliceIngress.l2_forward"] * 2 + \
        ["P4SliceEgress.egress_vlan"] * 2
    cls = c.entries[1][1].entity.table_entry
    assert [m.exact.value for m in cls.match] == [b"\x02", b"\x6e"]        # port 2, VLAN 110
    assert cls.action.action.params[0].value == b"\x0a"                    # slice 10
    push = c.entries[5][1].entity.table_entry.action.action
    assert info.action_by_id(push.action_id).name == "P4SliceEgress.push_vlan"
    assert push.params[0].value == b"\x6e"
    assert len(c.meters) == 1 and len(c.groups) == 1


def test_single_slice_plan_against_mini_p4info(mini_p4info):
    _check_single_slice(parse_plan(single_slice_plan()).compile(mini_p4info), mini_p4info)


def test_single_slice_plan_against_committed_p4info(committed_p4info):
    _check_single_slice(parse_plan(single_slice_plan()).compile(committed_p4info), committed_p4info)


# -- installation, with a fake switch ------------------------------------------------------------

class FakeSwitch:
    def __init__(self, p4info):
        self.p4info = p4info
        self.writes = []

    def write(self, updates, labels=None):
        self.writes.append(([u.entity.WhichOneof("entity") for u in updates],
                            [u.type for u in updates], list(labels or [])))


def test_install_order_groups_meters_entries(mini_p4info):
    sw = FakeSwitch(mini_p4info)
    report = install_plan(parse_plan(single_slice_plan()), {DEVICE: sw})
    assert report == InstallReport(groups=1, meters=1, entries=6)
    kinds = [w[0] for w in sw.writes]
    assert kinds == [["packet_replication_engine_entry"], ["meter_entry"], ["table_entry"] * 6]
    assert sw.writes[2][2][0] == f"{DEVICE} entries[0]"


def test_invalid_plan_writes_nothing(mini_p4info):
    doc = single_slice_plan()
    bad = copy.deepcopy(doc)
    bad["entries"][-1]["action"]["params"][0]["value"] = "0x1000"   # VLAN 4096: too wide
    sw = FakeSwitch(mini_p4info)
    with pytest.raises(PlanError, match=r"entries\[5\] .*vlan_id': value 0x1000 does not fit in 12 bits"):
        install_plan(parse_plan(bad), {DEVICE: sw})
    assert sw.writes == []
    with pytest.raises(PlanError, match=r"no switch given for plan device\(s\) device:bmv2:s1 \(given: none\)"):
        install_plan(parse_plan(doc), {})
    assert sw.writes == []


def test_remove_plan_deletes_and_resets(mini_p4info):
    sw = FakeSwitch(mini_p4info)
    remove_plan(parse_plan(single_slice_plan()), {DEVICE: sw})
    assert [w[0] for w in sw.writes] == [["table_entry"] * 6, ["packet_replication_engine_entry"], ["meter_entry"]]
    assert sw.writes[0][1] == [p4runtime_pb2.Update.DELETE] * 6
    assert sw.writes[2][1] == [p4runtime_pb2.Update.MODIFY]


def test_target_is_a_plain_address_record():
    t = Target("unix:/tmp/x.grpc", 1)
    assert (t.address, t.device_id, t.election_id) == ("unix:/tmp/x.grpc", 1, (0, 1))
