"""Integer values <-> P4Runtime byte strings (pure functions, no I/O).

P4Runtime carries every ``bit<W>`` value (match fields, action parameters) as a big-endian byte
string. The spec's *canonical* form is the shortest string that holds the value: leading zero
bytes are stripped, and the value 0 is the single byte ``b"\\x00"``. Servers must also accept the
*padded* form (exactly ``ceil(W / 8)`` bytes); they answer reads in canonical form, which is why
the harness writes canonical bytes by default and compares read-backs in canonical form.

Values in plans and tests are given as JSON integers or hex strings ``"0x..."`` of any width
(``"0x0001"`` for a 9-bit port is fine); :func:`parse_int` accepts exactly those two forms.
"""

from __future__ import annotations

import re

from ..errors import EncodingError

_HEX_RE = re.compile(r"^0[xX][0-9a-fA-F]+$")
_MAC_RE = re.compile(r"^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$")


def parse_int(value, what: str = "value") -> int:
    """Return the non-negative integer denoted by ``value`` (a JSON integer or a ``"0x..."`` string).

    Booleans, floats, decimal strings and negative numbers are rejected: a plan that carries them
    was produced by a bug, and silently converting them would hide it.
    """
    if isinstance(value, bool):
        raise EncodingError(f"{what}: expected an integer or a hex string \"0x...\", got boolean {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise EncodingError(f"{what}: negative value {value} is not allowed")
        return value
    if isinstance(value, str):
        if not _HEX_RE.match(value):
            raise EncodingError(f"{what}: {value!r} is not a hex string of the form \"0x...\"")
        return int(value, 16)
    raise EncodingError(
        f"{what}: expected an integer or a hex string \"0x...\", got {type(value).__name__} {value!r}")


def _check_width(value: int, bitwidth: int, what: str) -> None:
    if not isinstance(bitwidth, int) or bitwidth <= 0:
        raise EncodingError(f"{what}: invalid bit width {bitwidth!r}")
    if value < 0:
        raise EncodingError(f"{what}: negative value {value} is not allowed")
    if value >> bitwidth:
        raise EncodingError(
            f"{what}: value {value:#x} does not fit in {bitwidth} bits (max {(1 << bitwidth) - 1:#x})")


def encode_uint(value: int, bitwidth: int, canonical: bool = True, what: str = "value") -> bytes:
    """Encode ``value`` for a ``bit<bitwidth>`` field.

    canonical=True: shortest big-endian string, at least one byte (0 -> b"\\x00").
    canonical=False: exactly ceil(bitwidth / 8) bytes.
    """
    _check_width(value, bitwidth, what)
    if canonical:
        nbytes = max(1, (value.bit_length() + 7) // 8)
    else:
        nbytes = (bitwidth + 7) // 8
    return value.to_bytes(nbytes, "big")


def decode_uint(data: bytes) -> int:
    """Decode a P4Runtime byte string (canonical or padded) to an integer."""
    return int.from_bytes(data, "big")


def canonical(data: bytes) -> bytes:
    """Canonical form of an arbitrary (possibly padded) P4Runtime byte string."""
    stripped = data.lstrip(b"\x00")
    return stripped if stripped else b"\x00"


def check_lpm(value: int, prefix_len: int, bitwidth: int, what: str = "lpm") -> None:
    """Validate an LPM value/prefix pair: prefix within [0, bitwidth], no bits set past the prefix."""
    _check_width(value, bitwidth, what)
    if isinstance(prefix_len, bool) or not isinstance(prefix_len, int):
        raise EncodingError(f"{what}: prefixLen must be an integer, got {prefix_len!r}")
    if not 0 <= prefix_len <= bitwidth:
        raise EncodingError(f"{what}: prefixLen {prefix_len} outside [0, {bitwidth}]")
    host_bits = bitwidth - prefix_len
    if value & ((1 << host_bits) - 1):
        raise EncodingError(
            f"{what}: value {value:#x} has bits set beyond the /{prefix_len} prefix "
            f"(P4Runtime requires them to be zero)")


def check_ternary(value: int, mask: int, bitwidth: int, what: str = "ternary") -> None:
    """Validate a ternary value/mask pair: both fit the width, no value bit outside the mask."""
    _check_width(value, bitwidth, f"{what} value")
    _check_width(mask, bitwidth, f"{what} mask")
    if value & ~mask:
        raise EncodingError(
            f"{what}: value {value:#x} has bits outside mask {mask:#x} (P4Runtime requires them to be zero)")


def mac_to_int(mac: str) -> int:
    """``"02:00:00:00:00:01"`` -> 0x020000000001."""
    if not isinstance(mac, str) or not _MAC_RE.match(mac):
        raise EncodingError(f"not a MAC address: {mac!r}")
    return int(mac.replace(":", ""), 16)


def to_hex(value: int, bitwidth: int) -> str:
    """Zero-padded hex string of ``value`` for a ``bit<bitwidth>`` field, e.g. to_hex(1, 9) == "0x0001"."""
    _check_width(value, bitwidth, "to_hex")
    return f"0x{value:0{(bitwidth + 3) // 4}x}"
