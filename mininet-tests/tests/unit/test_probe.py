"""probe.py: the ICMP echo request/reply encoding used by every ping of the harness."""

import socket
import struct

from p4slice_harness.net import probe


def test_inet_checksum_rfc1071_example():
    # RFC 1071 section 3: 00 01 f2 03 f4 f5 f6 f7 -> one's-complement sum 0x0001 + 0xf203 + 0xf4f5 + 0xf6f7
    # = 0x2ddf0 -> folded 0xddf0 + 0x2 = 0xddf2 -> checksum ~0xddf2 = 0x220d
    assert probe.inet_checksum(bytes.fromhex("0001f203f4f5f6f7")) == 0x220D
    assert probe.inet_checksum(b"\x01") == ~0x0100 & 0xFFFF  # odd length: padded with a zero byte


def ipv4_packet(src, dst, payload):
    header = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 0, 0, 64, 1, 0,
                         socket.inet_aton(src), socket.inet_aton(dst))
    return header + payload


def test_icmp_echo_request_and_reply():
    req = probe.icmp_echo_request(0x1234, 7, b"abc")
    assert req[0] == 8 and req[1] == 0
    assert struct.unpack("!HH", req[4:8]) == (0x1234, 7)
    assert probe.inet_checksum(req) == 0          # a valid checksum makes the sum over the message 0
    reply = bytearray(req)
    reply[0] = 0                               # type 0 = echo reply; fix the checksum
    reply[2:4] = b"\x00\x00"
    reply[2:4] = struct.pack("!H", probe.inet_checksum(bytes(reply)))
    assert probe.parse_echo_reply(ipv4_packet("10.0.0.5", "10.0.0.1", bytes(reply))) == ("10.0.0.5", 0x1234, 7)
    # the request itself (type 8), a corrupted reply, a truncated or non-IPv4 packet are not replies
    assert probe.parse_echo_reply(ipv4_packet("10.0.0.5", "10.0.0.1", req)) is None
    bad = bytearray(reply)
    bad[-1] ^= 0xFF
    assert probe.parse_echo_reply(ipv4_packet("10.0.0.5", "10.0.0.1", bytes(bad))) is None
    assert probe.parse_echo_reply(b"\x45\x00") is None
    assert probe.parse_echo_reply(b"\x60" + bytes(39)) is None
