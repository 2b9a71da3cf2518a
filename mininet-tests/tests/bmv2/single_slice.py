"""The single-slice scenario of the L2 test, as data: topology constants and the plan.

Slice 10, VLAN 110 on one bmv2 switch with three hosts:
  h1 - port 1: access port of the slice (untagged)
  h2 - port 2: trunk port of the slice (tagged 110)
  h3 - port 3: not in the slice
The plan is written by hand in the exact JSON shape the Java side exports (see plan.py).
"""

from p4slice_harness.p4rt.encoding import mac_to_int, to_hex

DEVICE = "device:bmv2:s1"
DEVICE_ID = 1
SLICE_ID = 10
VLAN = 110
OTHER_VLAN = 111

HOSTS = {  # name: (switch port, host MAC)
    "h1": (1, "02:00:00:00:00:01"),
    "h2": (2, "02:00:00:00:00:02"),
    "h3": (3, "02:00:00:00:00:03"),
}
ACCESS_PORT, TRUNK_PORT, OUTSIDE_PORT = 1, 2, 3

# Generous quota for the functional tests: 1 Gbit/s, 1 MB bursts (bmv2 never gets near it).
GENEROUS_METER = {"cir": 125_000_000, "cburst": 1_000_000, "pir": 125_000_000, "pburst": 1_000_000}

INGRESS = "P4SliceIngress"
EGRESS = "P4SliceEgress"


def _entry(table, match, action, params=(), priority=0):
    return {"device": DEVICE, "table": table, "priority": priority,
            "match": [{"field": f, "exact": v} for f, v in match],
            "action": {"name": action, "params": [{"name": n, "value": v} for n, v in params]}}


def single_slice_plan():
    """Plan dict for slice 10 / VLAN 110: port 1 access, port 2 trunk, port 3 outside."""
    h1_mac, h2_mac = HOSTS["h1"][1], HOSTS["h2"][1]
    return {
        "version": 1,
        "meta": {"scenario": "single slice", "slice": SLICE_ID, "vlan": VLAN},
        "entries": [
            # classifier: access port untagged, trunk port tagged 110 -> slice 10
            _entry(f"{INGRESS}.slice_classifier", [("ingress_port", to_hex(ACCESS_PORT, 9)), ("vlan_id", "0x000")],
                   f"{INGRESS}.set_slice", [("slice_id", to_hex(SLICE_ID, 12))]),
            _entry(f"{INGRESS}.slice_classifier", [("ingress_port", TRUNK_PORT), ("vlan_id", to_hex(VLAN, 12))],
                   f"{INGRESS}.set_slice", [("slice_id", SLICE_ID)]),
            # L2 forwarding inside the slice
            _entry(f"{INGRESS}.l2_forward", [("slice_id", to_hex(SLICE_ID, 12)), ("eth_dst", to_hex(mac_to_int(h1_mac), 48))],
                   f"{INGRESS}.set_egress_port", [("port", to_hex(ACCESS_PORT, 9))]),
            _entry(f"{INGRESS}.l2_forward", [("slice_id", to_hex(SLICE_ID, 12)), ("eth_dst", to_hex(mac_to_int(h2_mac), 48))],
                   f"{INGRESS}.set_egress_port", [("port", to_hex(TRUNK_PORT, 9))]),
            # egress: untag on the access port, tag 110 on the trunk port
            _entry(f"{EGRESS}.egress_vlan", [("egress_port", to_hex(ACCESS_PORT, 9)), ("slice_id", to_hex(SLICE_ID, 12))],
                   f"{EGRESS}.pop_vlan"),
            _entry(f"{EGRESS}.egress_vlan", [("egress_port", to_hex(TRUNK_PORT, 9)), ("slice_id", to_hex(SLICE_ID, 12))],
                   f"{EGRESS}.push_vlan", [("vlan_id", to_hex(VLAN, 12))]),
        ],
        "meters": [
            {"device": DEVICE, "meter": f"{INGRESS}.slice_meter", "index": SLICE_ID, **GENEROUS_METER},
        ],
        "multicastGroups": [
            {"device": DEVICE, "id": SLICE_ID,
             "replicas": [{"port": ACCESS_PORT, "instance": 0}, {"port": TRUNK_PORT, "instance": 0}]},
        ],
    }
