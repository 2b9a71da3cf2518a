"""ICMP echo between hosts without a ``ping`` binary: a raw ICMP socket opened inside the sending
host's network namespace, the target host's kernel answers.

Used by the namespace testbeds (a :class:`~p4slice_harness.net.netns.NetNamespace`) and by the
Mininet runner (a ``/proc/<pid>/ns/net`` path): anything :func:`~p4slice_harness.net.netns.call_in_netns`
accepts. The sending kernel builds the Ethernet frame (the testbeds give every host static
neighbour entries, so no ARP is involved). Round-trip times run from the send call to the
moment ``select`` reports the reply, both on ``time.monotonic()``: they include a few tens of
microseconds of Python, so compare them as ratios between pipelines measured the same way.
"""

from __future__ import annotations

import random
import select
import socket
import struct
import time
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from ..errors import HarnessError
from .netns import call_in_netns


@dataclass
class PingResult:
    sent: int = 0
    rtts: List[float] = field(default_factory=list)      # seconds, one per answered request

    @property
    def received(self) -> int:
        return len(self.rtts)

    @property
    def loss(self) -> float:
        return 1.0 - self.received / self.sent if self.sent else 0.0


def inet_checksum(data: bytes) -> int:
    """RFC 1071 ones'-complement checksum."""
    if len(data) % 2:
        data += b"\x00"
    total = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def icmp_echo_request(ident: int, seq: int, payload: bytes = b"p4slice-ping") -> bytes:
    """ICMP echo request (type 8) with a valid checksum."""
    header = struct.pack("!BBHHH", 8, 0, 0, ident & 0xFFFF, seq & 0xFFFF)
    csum = inet_checksum(header + payload)
    return struct.pack("!BBHHH", 8, 0, csum, ident & 0xFFFF, seq & 0xFFFF) + payload


def parse_echo_reply(packet: bytes) -> Optional[Tuple[str, int, int]]:
    """(source IP, id, seq) of an IPv4 packet carrying an ICMP echo reply (type 0) with a valid
    ICMP checksum, else None. Raw ICMP sockets deliver the IP header too."""
    if len(packet) < 20 or packet[0] >> 4 != 4:
        return None
    ihl = (packet[0] & 0x0F) * 4
    icmp = packet[ihl:]
    if len(icmp) < 8 or icmp[0] != 0 or icmp[1] != 0 or inet_checksum(icmp) != 0:
        return None
    _, _, _, ident, seq = struct.unpack("!BBHHH", icmp[:8])
    return socket.inet_ntoa(packet[12:16]), ident, seq


def ping(netns, dst: str, count: int = 3, timeout: float = 1.0, interval: float = 0.1) -> PingResult:
    """Send ``count`` echo requests to ``dst`` from the network namespace ``netns``, one after the
    other (each waits up to ``timeout`` s for its reply, then ``interval`` s); returns the round-trip
    times of the answered ones (total time ≤ count · (timeout + interval))."""
    if count < 1:
        raise HarnessError(f"count must be >= 1, got {count}")
    sock = call_in_netns(netns, socket.socket, socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP)
    ident = random.randrange(1, 0xFFFF)
    result = PingResult()
    try:
        for seq in range(1, count + 1):
            if seq > 1 and interval:
                time.sleep(interval)
            t0 = time.monotonic()
            sock.sendto(icmp_echo_request(ident, seq), (dst, 0))
            result.sent += 1
            deadline = t0 + timeout
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                ready, _, _ = select.select([sock], [], [], left)
                if not ready:
                    break
                reply = parse_echo_reply(sock.recv(65535))
                if reply == (dst, ident, seq):
                    result.rtts.append(time.monotonic() - t0)
                    break
    finally:
        sock.close()
    return result
