"""ICMP echo between scenario hosts without a ``ping`` binary: raw frames out, the kernel answers.

The requesting host's side is the harness (a packet socket in the host's namespace sends an
Ethernet/IPv4/ICMP echo request built with scapy); the target host's *kernel* answers it, as it
would answer ``ping``. Replies are matched by ICMP id and sequence. Round-trip times are taken
between the send call and the capture thread's reception time (both ``time.monotonic()``), so they
include a few tens of microseconds of Python on each side: compare them as ratios between
pipelines measured the same way, not as absolute switch latency.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import List, Optional

from .errors import HarnessError
from .traffic import Capture, Endpoint, Sender

ICMP_ECHO_REPLY = 0


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


def echo_request(src_mac: str, dst_mac: str, src_ip: str, dst_ip: str, ident: int, seq: int,
                 size: int = 56) -> bytes:
    """An Ethernet/IPv4/ICMP echo request with ``size`` bytes of payload (ping's default 56)."""
    from scapy.layers.inet import ICMP, IP
    from scapy.layers.l2 import Ether
    pkt = (Ether(src=src_mac, dst=dst_mac) / IP(src=src_ip, dst=dst_ip, ttl=64)
           / ICMP(type=8, id=ident, seq=seq) / (b"p4slice-ping" + b"." * max(0, size - 12)))
    return bytes(pkt)


def _reply_key(raw: bytes):
    """(id, seq) of an ICMP echo reply frame (untagged), or None."""
    from scapy.layers.inet import ICMP
    from scapy.layers.l2 import Ether
    try:
        pkt = Ether(raw)
    except Exception:
        return None
    icmp = pkt.getlayer(ICMP)
    if icmp is None or icmp.type != ICMP_ECHO_REPLY:
        return None
    return icmp.id, icmp.seq


def ping(src: Endpoint, src_mac: str, src_ip: str, dst_mac: str, dst_ip: str, count: int = 5,
         interval: float = 0.05, timeout: float = 1.0, size: int = 56, ident: Optional[int] = None) -> PingResult:
    """Send ``count`` echo requests from ``src`` one after the other (each waits for its reply up to
    ``timeout`` seconds, then ``interval``); returns the round-trip times of the answered ones."""
    if count < 1:
        raise HarnessError(f"count must be >= 1, got {count}")
    ident = (os.getpid() ^ int(time.monotonic() * 1000)) & 0xFFFF if ident is None else ident
    result = PingResult()
    with Capture(src) as cap, Sender(src) as tx:
        seen = 0
        for seq in range(count):
            frame = echo_request(src_mac, dst_mac, src_ip, dst_ip, ident, seq, size)
            t0 = time.monotonic()
            tx.send([frame])
            result.sent += 1
            deadline = t0 + timeout
            while time.monotonic() < deadline:
                frames = cap.snapshot()
                hit = None
                for f in frames[seen:]:
                    if _reply_key(f.untagged) == (ident, seq):
                        hit = f
                        break
                if hit is not None:
                    seen = len(frames)
                    result.rtts.append(hit.time - t0)
                    break
                time.sleep(0.0005)
            time.sleep(interval)
    return result
