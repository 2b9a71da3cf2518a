"""P4Runtime entity builders (pure): ids, canonical bytes, match kinds, priorities."""

import pytest
from p4.v1 import p4runtime_pb2

from p4slice_harness.errors import EncodingError, P4InfoError
from p4slice_harness.p4rt import entities
from p4slice_harness.p4rt.entities import Lpm, Ternary


def test_exact_entry_with_canonical_bytes(mini_p4info):
    e = entities.build_table_entry(mini_p4info, "P4SliceIngress.slice_classifier",
                               {"ingress_port": "0x0001", "vlan_id": 0}, "P4SliceIngress.set_slice",
                               {"slice_id": "0x000a"})
    assert e.table_id == 1001 and e.priority == 0
    assert [(m.field_id, m.exact.value) for m in e.match] == [(1, b"\x01"), (2, b"\x00")]
    assert e.action.action.action_id == 2001
    assert [(p.param_id, p.value) for p in e.action.action.params] == [(1, b"\x0a")]


def test_padded_encoding_on_request(mini_p4info):
    e = entities.build_table_entry(mini_p4info, "l2_forward", {"slice_id": 10, "eth_dst": 0x020000000001},
                               "set_egress_port", {"port": 258}, canonical=False)
    assert [m.exact.value for m in e.match] == [b"\x00\x0a", b"\x02\x00\x00\x00\x00\x01"]
    assert e.action.action.params[0].value == b"\x01\x02"


def test_lpm_field_and_dont_care(mini_p4info):
    e = entities.build_table_entry(mini_p4info, "l3_forward_v4", {"slice_id": 10, "ipv4_dst": Lpm("0x0a000000", 8)},
                               "route", {"port": 1, "src_mac": "0x020000000001", "dst_mac": 2})
    lpm = e.match[1]
    assert (lpm.field_id, lpm.lpm.value, lpm.lpm.prefix_len) == (2, b"\x0a\x00\x00\x00", 8)
    e0 = entities.build_table_entry(mini_p4info, "l3_forward_v4", {"slice_id": 10, "ipv4_dst": Lpm(0, 0)},
                                "route", {"port": 1, "src_mac": 1, "dst_mac": 2})
    assert [m.field_id for m in e0.match] == [1]  # /0 = don't care = omitted
    with pytest.raises(EncodingError, match="beyond the /8 prefix"):
        entities.build_table_entry(mini_p4info, "l3_forward_v4", {"slice_id": 10, "ipv4_dst": Lpm("0x0a000001", 8)},
                               "route", {"port": 1, "src_mac": 1, "dst_mac": 2})


def test_ternary_fields_masks_and_priority(mini_p4info):
    e = entities.build_table_entry(mini_p4info, "acl", {"eth_type": Ternary("0x88cc", "0xffff"),
                                                    "ingress_port": Ternary(0, 0)},
                               "punt_to_cpu", priority=100)
    assert e.priority == 100
    assert [(m.field_id, m.ternary.value, m.ternary.mask) for m in e.match] == [(2, b"\x88\xcc", b"\xff\xff")]
    with pytest.raises(P4InfoError, match=r"priority must be in \[1, 2\^31-1\], got 0"):
        entities.build_table_entry(mini_p4info, "acl", {"eth_type": Ternary(1, 1)}, "nop")
    with pytest.raises(P4InfoError, match="only exact/lpm fields: priority must be 0, got 5"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0},
                               "set_slice", {"slice_id": 1}, priority=5)
    with pytest.raises(EncodingError, match="bits outside mask"):
        entities.build_table_entry(mini_p4info, "acl", {"eth_type": Ternary(0x0801, 0xFF00)}, "nop", priority=1)


def test_kind_mismatch_is_rejected(mini_p4info):
    with pytest.raises(P4InfoError, match="'eth_type': match kind is ternary, but an exact value was given"):
        entities.build_table_entry(mini_p4info, "acl", {"eth_type": 0x0800}, "nop", priority=1)
    with pytest.raises(P4InfoError, match="'vlan_id': match kind is exact, but an lpm value was given"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": Lpm(0, 0)},
                               "set_slice", {"slice_id": 1})


def test_missing_unknown_and_too_wide(mini_p4info):
    with pytest.raises(P4InfoError, match="exact match field 'vlan_id' missing"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1}, "set_slice", {"slice_id": 1})
    with pytest.raises(P4InfoError, match=r"has no match field\(s\) vlan \(match fields: ingress_port, vlan_id\)"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0, "vlan": 1},
                               "set_slice", {"slice_id": 1})
    with pytest.raises(EncodingError, match="field 'ingress_port': value 0x200 does not fit in 9 bits"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 512, "vlan_id": 0},
                               "set_slice", {"slice_id": 1})
    with pytest.raises(P4InfoError, match="parameter 'slice_id' missing"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0}, "set_slice", {})
    with pytest.raises(P4InfoError, match=r"has no parameter\(s\) extra"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0}, "set_slice",
                               {"slice_id": 1, "extra": 2})
    with pytest.raises(EncodingError, match="parameter 'slice_id': value 0x1000 does not fit in 12 bits"):
        entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0}, "set_slice",
                               {"slice_id": 4096})


def test_delete_key_without_action(mini_p4info):
    e = entities.build_table_entry(mini_p4info, "slice_classifier", {"ingress_port": 1, "vlan_id": 0})
    assert not e.HasField("action")
    u = entities.update("table_entry", e, entities.DELETE)
    assert u.type == p4runtime_pb2.Update.DELETE and u.entity.table_entry == e


def test_meter_entry(mini_p4info):
    m = entities.build_meter_entry(mini_p4info, "slice_meter", 10, 3125000, 65536, 3125000, 65536)
    assert (m.meter_id, m.index.index) == (4001, 10)
    assert (m.config.cir, m.config.cburst, m.config.pir, m.config.pburst) == (3125000, 65536, 3125000, 65536)
    with pytest.raises(P4InfoError, match=r"index 4096 out of range \[0, 4096\)"):
        entities.build_meter_entry(mini_p4info, "slice_meter", 4096, 1, 1, 1, 1)
    with pytest.raises(EncodingError, match="pir 1 is below cir 2"):
        entities.build_meter_entry(mini_p4info, "slice_meter", 1, 2, 1, 1, 1)
    with pytest.raises(EncodingError, match="cburst must be a non-negative integer"):
        entities.build_meter_entry(mini_p4info, "slice_meter", 1, 1, -1, 1, 1)


def test_multicast_group():
    pre = entities.build_multicast_group(10, [(1, 0), (2, 0)])
    g = pre.multicast_group_entry
    assert g.multicast_group_id == 10
    assert [(r.egress_port, r.instance) for r in g.replicas] == [(1, 0), (2, 0)]
    with pytest.raises(EncodingError, match=r"duplicate replica \(port 1, instance 0\)"):
        entities.build_multicast_group(10, [(1, 0), (1, 0)])
    with pytest.raises(EncodingError, match="group id 0 is reserved"):
        entities.build_multicast_group(0, [(1, 0)])


def test_counter_entry_all_cells_or_one(mini_p4info):
    all_cells = entities.build_counter_entry(mini_p4info, "slice_rx_counter")
    assert all_cells.counter_id == 3001 and not all_cells.HasField("index")
    one = entities.build_counter_entry(mini_p4info, "slice_rx_counter", 10)
    assert one.index.index == 10
    with pytest.raises(P4InfoError, match="out of range"):
        entities.build_counter_entry(mini_p4info, "slice_rx_counter", 5000)
