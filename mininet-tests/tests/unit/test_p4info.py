"""P4Info name resolution: the hand-written P4Info, then the compiled program's P4Info."""

import pytest

from p4slice_harness.errors import P4InfoError
from p4slice_harness.p4rt.p4info import EXACT, LPM, TERNARY, P4Info


def test_full_names_and_aliases_resolve(mini_p4info):
    t = mini_p4info.table("P4SliceIngress.slice_classifier")
    assert mini_p4info.table("slice_classifier") is t
    assert t.id == 1001
    assert [(f.name, f.id, f.bitwidth, f.match_type) for f in t.match_fields] == [
        ("ingress_port", 1, 9, EXACT), ("vlan_id", 2, 12, EXACT)]
    a = mini_p4info.action("set_slice")
    assert (a.id, a.name, [(p.name, p.id, p.bitwidth) for p in a.params]) == (
        2001, "P4SliceIngress.set_slice", [("slice_id", 1, 12)])
    assert mini_p4info.counter("slice_tx_counter").id == 3003
    assert mini_p4info.counter("P4SliceEgress.slice_tx_counter").unit == "BOTH"
    m = mini_p4info.meter("slice_meter")
    assert (m.id, m.unit, m.size) == (4001, "BYTES", 4096)
    assert mini_p4info.direct_counter_of("P4SliceIngress.slice_classifier").name == \
        "P4SliceIngress.slice_classifier_counter"
    assert mini_p4info.direct_counter_of("l2_forward") is None


def test_match_kinds_and_priority_requirement(mini_p4info):
    assert mini_p4info.table("acl").needs_priority
    assert not mini_p4info.table("l3_forward_v4").needs_priority
    assert mini_p4info.table("l3_forward_v4").field("ipv4_dst").match_type == LPM
    assert mini_p4info.table("acl").field("eth_type").match_type == TERNARY


def test_unknown_names_list_the_known_ones(mini_p4info):
    with pytest.raises(P4InfoError, match=r"unknown table 'slice_clasifier' \(known: P4SliceEgress.egress_vlan, "):
        mini_p4info.table("slice_clasifier")
    with pytest.raises(P4InfoError, match=r"has no match field 'vlan' \(match fields: ingress_port, vlan_id\)"):
        mini_p4info.table("slice_classifier").field("vlan")
    with pytest.raises(P4InfoError, match=r"has no parameter 'slice' \(parameters: slice_id\)"):
        mini_p4info.action("set_slice").param("slice")
    with pytest.raises(P4InfoError, match="unknown counter 'slice_meter'"):
        mini_p4info.counter("slice_meter")
    with pytest.raises(P4InfoError, match="unknown meter"):
        mini_p4info.meter("slice_rx_counter")


def test_short_name_of_duplicated_action_is_not_an_alias(mini_p4info):
    # both controls have a "drop" action; only their full names resolve
    with pytest.raises(P4InfoError, match="unknown action 'drop'"):
        mini_p4info.action("drop")
    assert mini_p4info.action("P4SliceEgress.drop").id == 2103


def test_table_action_scope(mini_p4info):
    t, a = mini_p4info.table_action("slice_classifier", "set_slice")
    assert (t.id, a.id) == (1001, 2001)
    with pytest.raises(P4InfoError, match="can only be the default action"):
        mini_p4info.table_action("slice_classifier", "deny")
    assert mini_p4info.table_action("slice_classifier", "deny", default=True)[1].id == 2002
    with pytest.raises(P4InfoError, match=r"not an action of table 'P4SliceIngress.slice_classifier' "
                                          r"\(table actions: P4SliceIngress.deny, P4SliceIngress.set_slice\)"):
        mini_p4info.table_action("slice_classifier", "set_egress_port")


def test_ambiguous_alias_is_reported():
    info = P4Info.from_text("""
        actions { preamble { id: 1 name: "A.nop" alias: "nop" } }
        actions { preamble { id: 2 name: "B.nop" alias: "nop" } }
    """)
    with pytest.raises(P4InfoError, match="alias 'nop' is ambiguous: A.nop, B.nop"):
        info.action("nop")
    assert info.action("B.nop").id == 2


def test_bad_text_is_reported(tmp_path):
    p = tmp_path / "p4info.txt"
    p.write_text("tables { preamble { id: x } }")
    with pytest.raises(P4InfoError, match="cannot parse P4Info text"):
        P4Info.from_file(p)
    with pytest.raises(P4InfoError, match="cannot read P4Info file"):
        P4Info.from_file(tmp_path / "missing.txt")


# -- the compiled program (skipped until p4src/ has been compiled) -------------------------------

CONTRACT_TABLES = {
    # table: [(field, match type, bitwidth)]
    "P4SliceIngress.slice_classifier": [("ingress_port", EXACT, 9), ("vlan_id", EXACT, 12)],
    "P4SliceIngress.l2_forward": [("slice_id", EXACT, 12), ("eth_dst", EXACT, 48)],
    "P4SliceEgress.egress_vlan": [("egress_port", EXACT, 9), ("slice_id", EXACT, 12)],
}
CONTRACT_ACTIONS = {
    "P4SliceIngress.slice_classifier": {"P4SliceIngress.set_slice": [("slice_id", 12)]},
    "P4SliceIngress.l2_forward": {"P4SliceIngress.set_egress_port": [("port", 9)], "P4SliceIngress.flood": []},
    "P4SliceEgress.egress_vlan": {"P4SliceEgress.push_vlan": [("vlan_id", 12)], "P4SliceEgress.pop_vlan": []},
}


@pytest.mark.parametrize("table", sorted(CONTRACT_TABLES))
def test_committed_p4info_tables_used_by_the_harness(committed_p4info, table):
    t = committed_p4info.table(table)
    assert [(f.name, f.match_type, f.bitwidth) for f in t.match_fields] == CONTRACT_TABLES[table]
    for action, params in CONTRACT_ACTIONS[table].items():
        _, a = committed_p4info.table_action(table, action)
        assert [(p.name, p.bitwidth) for p in a.params] == params


@pytest.mark.parametrize("counter", ["P4SliceIngress.slice_rx_counter", "P4SliceIngress.slice_drop_counter",
                                     "P4SliceEgress.slice_tx_counter"])
def test_committed_p4info_counters(committed_p4info, counter):
    c = committed_p4info.counter(counter)
    assert (c.unit, c.size) == ("BOTH", 4096)
    assert committed_p4info.counter(counter.split(".", 1)[1]) is c  # alias resolves too


def test_committed_p4info_meter(committed_p4info):
    m = committed_p4info.meter("P4SliceIngress.slice_meter")
    assert (m.unit, m.size) == ("BYTES", 4096)


def test_committed_p4info_classifier_default_and_direct_counter(committed_p4info):
    t = committed_p4info.table("P4SliceIngress.slice_classifier")
    assert committed_p4info.action_by_id(t.const_default_action_id).name == "P4SliceIngress.deny"
    assert committed_p4info.direct_counter_of(t.name).name == "P4SliceIngress.slice_classifier_counter"
    acl = committed_p4info.table("P4SliceIngress.acl")
    assert acl.needs_priority
    assert [f.name for f in acl.match_fields] == ["ingress_port", "eth_type", "eth_src", "eth_dst", "ip_proto",
                                                  "l4_dst_port", "icmp_type"]
