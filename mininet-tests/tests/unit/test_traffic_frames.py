"""Frame helpers of traffic.py (pure)."""

import pytest

from p4slice_harness.errors import HarnessError
from p4slice_harness.net.traffic import CapturedFrame, eth_frame, insert_vlan, strip_vlan


def test_eth_frame_is_padded_to_60_bytes():
    f = eth_frame("02:00:00:00:00:02", "02:00:00:00:00:01", 0x88B5, b"abc")
    assert len(f) == 60
    assert f[:6] == bytes.fromhex("020000000002")
    assert f[6:12] == bytes.fromhex("020000000001")
    assert f[12:14] == b"\x88\xb5"
    assert f[14:17] == b"abc" and f[17:] == b"\x00" * 43


def test_tagged_frame_has_tag_after_macs():
    f = eth_frame("ff:ff:ff:ff:ff:ff", "02:00:00:00:00:01", 0x88B5, b"x", vlan=110, pcp=5)
    assert len(f) == 64
    assert f[12:16] == bytes.fromhex("8100") + ((5 << 13) | 110).to_bytes(2, "big")
    assert CapturedFrame(f, 0.0, 0).vlan == 110
    assert strip_vlan(f) == eth_frame("ff:ff:ff:ff:ff:ff", "02:00:00:00:00:01", 0x88B5, b"x")


def test_untagged_frames_roundtrip():
    f = eth_frame("02:00:00:00:00:02", "02:00:00:00:00:01", 0x0800, b"\x45" + b"\x00" * 19)
    assert CapturedFrame(f, 0.0, 0).vlan is None
    assert strip_vlan(f) == f
    assert strip_vlan(insert_vlan(f, 4095)) == f
    assert CapturedFrame(insert_vlan(f, 0), 0.0, 0).vlan == 0


def test_bad_vlan_rejected():
    with pytest.raises(HarnessError, match="outside 0..4095"):
        insert_vlan(b"\x00" * 60, 4096)
