"""Isolation between two slices, A and B, each joining a test port on either side of the trunk, with
raw frames sent and captured by :mod:`p4slice_harness.net.traffic` (the L2 suite's sender and capture,
VLAN tags kept as on the wire): ARP, unicast, broadcast, and the slice's VLAN on the trunk (a capture
on the tap). Every frame carries a marker of its own, so frames the run did not send (ONOS's probes)
never count.
"""

from __future__ import annotations

import os
import struct
from typing import List, Optional, Sequence, Tuple

from ..net.traffic import ETH_P_8021Q, Endpoint, eth_frame, exchange, mac_bytes
from .hosts import Host
from .report import Row

ETH_TEST = 0x88B5          # IEEE local experimental ethertype: frames no host stack answers
ETH_ARP = 0x0806
BROADCAST = "ff:ff:ff:ff:ff:ff"
ROOT_NETNS = f"/proc/{os.getpid()}/ns/net"   # the server's own namespace (the run's main thread never leaves it)


def marker(tag: str) -> bytes:
    return b"p4slice-acceptance:" + tag.encode() + b":" + os.urandom(4).hex().encode()


def arp_request(src: Host, target_ip: str) -> bytes:
    """An ARP who-has ``target_ip`` from ``src`` (broadcast)."""
    ip = lambda a: bytes(int(x) for x in a.split("."))   # noqa: E731
    body = struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + mac_bytes(src.mac) + ip(src.ip) + b"\x00" * 6 + ip(target_ip)
    return eth_frame(BROADCAST, src.mac, ETH_ARP, body)


def _payload(raw: bytes) -> Tuple[int, bytes]:
    """(ethertype, payload) of a frame, past one 802.1Q tag."""
    etype = struct.unpack("!H", raw[12:14])[0]
    if etype == ETH_P_8021Q and len(raw) >= 18:
        return struct.unpack("!H", raw[16:18])[0], raw[18:]
    return etype, raw[14:]


def arp_frames(frames, asked_ip: str, op: int) -> list:
    """Captured ARP frames with ``op`` (1 request, 2 reply) whose target (request) or sender (reply) is ``asked_ip``."""
    want = bytes(int(x) for x in asked_ip.split("."))
    out = []
    for f in frames:
        etype, p = _payload(f.raw)
        if etype == ETH_ARP and len(p) >= 28 and struct.unpack("!H", p[6:8])[0] == op:
            if (p[24:28] if op == 1 else p[14:18]) == want:
                out.append(f)
    return out


def marked(frames, mark: bytes) -> list:
    return [f for f in frames if mark in f.raw]


def _row(rid: str, label: str, problems: List[str], seen: str) -> Row:
    return Row(rid, label, "fail" if problems else "pass", threshold="every frame where its slice says, none elsewhere",
               detail="; ".join(problems) if problems else seen)


def check_arp(a1: Host, a2: Host, b1: Host, b2: Host) -> Row:
    """A1 asks for A2 (answered, seen by A2) and for B2 (seen by neither B host, not answered)."""
    caps = [h.endpoint for h in (a1, a2, b1, b2)]
    problems = []
    res = exchange([(a1.endpoint, [arp_request(a1, a2.ip)])], caps,
                   expect=lambda got: arp_frames(got[a1.name], a2.ip, 2), timeout=3.0)
    if not arp_frames(res[a2.name], a2.ip, 1):
        problems.append(f"{a2.name} never saw {a1.name}'s ARP request for it (same slice)")
    if not arp_frames(res[a1.name], a2.ip, 2):
        problems.append(f"{a1.name} got no ARP reply from {a2.name} (same slice)")
    res = exchange([(a1.endpoint, [arp_request(a1, b2.ip)])], caps, timeout=2.0, quiet=1.0)
    for h in (b1, b2):
        if arp_frames(res[h.name], b2.ip, 1):
            problems.append(f"{h.name} (slice B) saw {a1.name}'s ARP request (slice A)")
    if arp_frames(res[a1.name], b2.ip, 2):
        problems.append(f"{a1.name} (slice A) got an ARP reply from {b2.name} (slice B)")
    return _row("isolation.arp", "ARP within a slice only", problems,
                f"{a1.name}'s who-has reached {a2.name} and was answered; its who-has for {b2.name} reached "
                f"no host of slice B")


def check_unicast(a1: Host, a2: Host, b1: Host, b2: Host, count: int = 10) -> Row:
    caps = [h.endpoint for h in (a2, b1, b2)]
    ok_mark, leak_mark = marker("uni-a"), marker("uni-leak")
    frames = [eth_frame(a2.mac, a1.mac, ETH_TEST, ok_mark)] * count
    leaks = [eth_frame(b2.mac, a1.mac, ETH_TEST, leak_mark), eth_frame(b1.mac, a1.mac, ETH_TEST, leak_mark)] * count
    res = exchange([(a1.endpoint, frames + leaks)], caps, interval=0.002,
                   expect=lambda got: len(marked(got[a2.name], ok_mark)) >= count, timeout=5.0, quiet=1.0)
    problems = []
    got = len(marked(res[a2.name], ok_mark))
    if got != count:
        problems.append(f"{a2.name} received {got} of the {count} frames {a1.name} sent to it (same slice)")
    for h in (b1, b2):
        n = len(marked(res[h.name], leak_mark))
        if n:
            problems.append(f"{h.name} (slice B) received {n} frame(s) {a1.name} (slice A) addressed to slice B's MACs")
    return _row("isolation.unicast", "Unicast within a slice only", problems,
                f"{count} of {count} frames {a1.name} → {a2.name} delivered; {2 * count} frames {a1.name} → "
                f"slice B's MACs reached no host of slice B")


def check_broadcast(a1: Host, a2: Host, b1: Host, b2: Host, count: int = 5) -> Row:
    problems = []
    for src, mate, others in ((a1, a2, (b1, b2)), (b1, b2, (a1, a2))):
        mark = marker("bcast-" + src.name)
        res = exchange([(src.endpoint, [eth_frame(BROADCAST, src.mac, ETH_TEST, mark)] * count)],
                       [h.endpoint for h in (mate, *others)], interval=0.002,
                       expect=lambda got, m=mark, n=mate.name: len(marked(got[n], m)) >= count, timeout=5.0, quiet=1.0)
        got = len(marked(res[mate.name], mark))
        if got != count:
            problems.append(f"{mate.name} received {got} of {count} broadcasts from {src.name} (same slice)")
        for h in others:
            n = len(marked(res[h.name], mark))
            if n:
                problems.append(f"{h.name} received {n} broadcast(s) of {src.name} (another slice)")
    return _row("isolation.broadcast", "Broadcast within a slice only", problems,
                f"{count} broadcasts each way reached the slice's other host only")


def check_trunk_vlan(tap: Optional[str], tap_netns, pairs: Sequence[Tuple[Host, Host, int]], count: int = 10) -> Row:
    """Frames of each slice (``(sender, receiver, vlan)``, both directions) cross the trunk tagged with
    the slice's VLAN. A capture sees only what arrives on an interface, so a tap that is one end of
    the trunk (the bmv2 lab) sees one direction: every direction seen must be tagged right, and each
    slice must be seen."""
    label = "Trunk frames carry the slice's VLAN"
    if not tap:
        return Row("isolation.trunk_vlan", label, "skipped", detail="the testbed file gives no tap on the trunk")
    sends, marks = [], {}
    for src, dst, vlan in pairs:
        for a, b in ((src, dst), (dst, src)):
            m = marker(f"vlan-{a.name}")
            marks[m] = (a, b, vlan)
            sends.append((a.endpoint, [eth_frame(b.mac, a.mac, ETH_TEST, m)] * count))
    tap_ep = Endpoint(tap_netns, tap, "tap")
    res = exchange(sends, [tap_ep], interval=0.002, timeout=4.0, quiet=1.0)
    problems, seen = [], {}
    for m, (a, b, vlan) in marks.items():
        frames = marked(res["tap"], m)
        wrong = sorted({f.vlan for f in frames if f.vlan != vlan}, key=str)
        if wrong:
            problems.append(f"{a.name} → {b.name}: frames on the trunk tagged {wrong}, not VLAN {vlan}")
        if frames:
            seen[vlan] = seen.get(vlan, 0) + len(frames)
    for _, _, vlan in pairs:
        if not seen.get(vlan):
            problems.append(f"no frame of the slice with VLAN {vlan} seen on tap {tap}")
    return _row("isolation.trunk_vlan", label, problems,
                "on tap " + tap + ": " + ", ".join(f"VLAN {v}: {n} frame(s), all tagged right" for v, n in seen.items()))

