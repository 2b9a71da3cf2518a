"""Value parsing and P4Runtime byte-string encoding."""

import pytest

from p4slice_harness.errors import EncodingError
from p4slice_harness.p4rt import encoding


@pytest.mark.parametrize("value, expected", [
    (0, 0), (10, 10), ("0x0", 0), ("0x000a", 10), ("0X0A", 10), ("0x1ff", 511),
    ("0x020000000001", 0x020000000001), ("0x" + "0" * 30 + "ff", 255),
])
def test_parse_int_accepts_ints_and_hex_strings(value, expected):
    assert encoding.parse_int(value) == expected


@pytest.mark.parametrize("value, message", [
    (True, "boolean"), (-1, "negative"), ("10", "not a hex string"), ("0x", "not a hex string"),
    ("0xg1", "not a hex string"), (1.0, "float"), (None, "NoneType"), ([1], "list"),
])
def test_parse_int_rejects_everything_else(value, message):
    with pytest.raises(EncodingError, match=message):
        encoding.parse_int(value, "vlan_id")


@pytest.mark.parametrize("value, width, canonical, padded", [
    (0, 9, b"\x00", b"\x00\x00"),
    (1, 9, b"\x01", b"\x00\x01"),
    (255, 9, b"\xff", b"\x00\xff"),
    (256, 9, b"\x01\x00", b"\x01\x00"),
    (511, 9, b"\x01\xff", b"\x01\xff"),
    (110, 12, b"\x6e", b"\x00\x6e"),
    (0xFFF, 12, b"\x0f\xff", b"\x0f\xff"),
    (0x020000000001, 48, b"\x02\x00\x00\x00\x00\x01", b"\x02\x00\x00\x00\x00\x01"),
    (0x000000000001, 48, b"\x01", b"\x00\x00\x00\x00\x00\x01"),
    (1, 1, b"\x01", b"\x01"),
    (0x0A000001, 32, b"\x0a\x00\x00\x01", b"\x0a\x00\x00\x01"),
])
def test_encode_canonical_and_padded(value, width, canonical, padded):
    assert encoding.encode_uint(value, width) == canonical
    assert encoding.encode_uint(value, width, canonical=False) == padded
    assert encoding.decode_uint(canonical) == value
    assert encoding.decode_uint(padded) == value
    assert encoding.canonical(padded) == canonical


@pytest.mark.parametrize("value, width", [(512, 9), (0x1000, 12), (2, 1), (1 << 48, 48)])
def test_value_wider_than_field_is_rejected(value, width):
    with pytest.raises(EncodingError, match=f"does not fit in {width} bits"):
        encoding.encode_uint(value, width, what="f")


def test_invalid_width_is_rejected():
    with pytest.raises(EncodingError, match="invalid bit width"):
        encoding.encode_uint(1, 0)


def test_lpm_checks():
    encoding.check_lpm(0x0A000000, 8, 32)
    encoding.check_lpm(0, 0, 32)
    encoding.check_lpm(0xFFFFFFFF, 32, 32)
    with pytest.raises(EncodingError, match="beyond the /8 prefix"):
        encoding.check_lpm(0x0A000001, 8, 32)
    with pytest.raises(EncodingError, match=r"outside \[0, 32\]"):
        encoding.check_lpm(0, 33, 32)
    with pytest.raises(EncodingError, match="prefixLen must be an integer"):
        encoding.check_lpm(0, True, 32)


def test_ternary_checks():
    encoding.check_ternary(0x0800, 0xFFFF, 16)
    encoding.check_ternary(0, 0, 16)
    with pytest.raises(EncodingError, match="bits outside mask 0xff00"):
        encoding.check_ternary(0x0801, 0xFF00, 16)
    with pytest.raises(EncodingError, match="mask: value 0x10000 does not fit in 16 bits"):
        encoding.check_ternary(0, 0x10000, 16)


def test_mac_and_hex_helpers():
    assert encoding.mac_to_int("02:00:00:00:00:01") == 0x020000000001
    assert encoding.mac_to_int("FF:ff:ff:ff:ff:ff") == (1 << 48) - 1
    with pytest.raises(EncodingError, match="not a MAC"):
        encoding.mac_to_int("02:00:00:00:01")
    assert encoding.to_hex(1, 9) == "0x001"
    assert encoding.to_hex(10, 12) == "0x00a"
    assert encoding.to_hex(0x020000000001, 48) == "0x020000000001"
    assert encoding.to_hex(0, 1) == "0x0"
