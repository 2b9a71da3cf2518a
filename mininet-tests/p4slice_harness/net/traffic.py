"""Send and capture raw Ethernet frames on interfaces inside network namespaces.

How: an ``AF_PACKET`` socket belongs to the namespace it was *created* in. The harness creates
its sockets in a short-lived thread that entered the target namespace
(:func:`~p4slice_harness.net.netns.call_in_netns`) and then uses them from the test's own threads:
no helper processes, no startup delay, and a capture is ready the moment :meth:`Capture.start`
returns.

VLAN tags: the Linux receive path moves an 802.1Q tag out of the frame into packet metadata
*before* packet sockets see it, whatever the NIC offloads (this is also true for veth). The
capture socket therefore enables ``PACKET_AUXDATA`` and re-inserts the tag from
``tpacket_auxdata`` (as libpcap does), so captured frames carry their tag exactly as on the wire.
Frames the capturing interface itself sends (``PACKET_OUTGOING``) are ignored.

Frames are given and returned as ``bytes``; scapy is used only to build and pretty-print them.
"""

from __future__ import annotations

import select
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence

from ..errors import HarnessError
from .netns import call_in_netns

ETH_P_ALL = 0x0003
SOL_PACKET = 263
PACKET_AUXDATA = 8
PACKET_IGNORE_OUTGOING = 23
PACKET_OUTGOING = 4
TP_STATUS_VLAN_VALID = 1 << 4
TP_STATUS_VLAN_TPID_VALID = 1 << 6
_AUXDATA = struct.Struct("=IIIHHHH")  # struct tpacket_auxdata
ETH_P_8021Q = 0x8100


@dataclass(frozen=True)
class Endpoint:
    """An interface inside a namespace (anything :func:`call_in_netns` accepts as ``netns``)."""
    netns: object
    ifname: str
    label: str = ""

    def __str__(self):
        return self.label or self.ifname


@dataclass(frozen=True)
class CapturedFrame:
    raw: bytes          # the frame as on the wire (VLAN tag re-inserted), without FCS
    time: float         # time.monotonic() at reception
    pkttype: int        # PACKET_HOST / BROADCAST / MULTICAST / OTHERHOST

    @property
    def vlan(self) -> Optional[int]:
        """VLAN id of the outer 802.1Q tag, or None if the frame is untagged."""
        if len(self.raw) >= 16 and struct.unpack("!H", self.raw[12:14])[0] == ETH_P_8021Q:
            return struct.unpack("!H", self.raw[14:16])[0] & 0x0FFF
        return None

    def summary(self) -> str:
        from scapy.layers.l2 import Ether
        return Ether(self.raw).summary()


def insert_vlan(frame: bytes, vid: int, pcp: int = 0, dei: int = 0, tpid: int = ETH_P_8021Q) -> bytes:
    """Insert an 802.1Q tag after the MAC addresses."""
    if not 0 <= vid <= 0xFFF:
        raise HarnessError(f"VLAN id {vid} outside 0..4095")
    tci = (pcp & 7) << 13 | (dei & 1) << 12 | vid
    return frame[:12] + struct.pack("!HH", tpid, tci) + frame[12:]


def strip_vlan(frame: bytes) -> bytes:
    if len(frame) >= 16 and struct.unpack("!H", frame[12:14])[0] == ETH_P_8021Q:
        return frame[:12] + frame[16:]
    return frame


def _open_socket(ifname: str, capture: bool, rcvbuf: int) -> socket.socket:
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL) if capture else 0)
    try:
        if capture:
            s.setsockopt(SOL_PACKET, PACKET_AUXDATA, 1)
            try:
                s.setsockopt(SOL_PACKET, PACKET_IGNORE_OUTGOING, 1)
            except OSError:
                pass  # older kernels: outgoing frames are filtered by pkttype below
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
            s.bind((ifname, ETH_P_ALL))
        else:
            s.bind((ifname, 0))
    except OSError as e:
        s.close()
        raise HarnessError(f"cannot open packet socket on {ifname}: {e}") from None
    return s


class Capture:
    """Background capture on one endpoint. ``start()``; ... ; ``stop()`` returns the frames."""

    def __init__(self, endpoint: Endpoint, rcvbuf: int = 4 * 1024 * 1024):
        self.endpoint = endpoint
        self.rcvbuf = rcvbuf
        self.frames: List[CapturedFrame] = []
        self._sock: Optional[socket.socket] = None
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()

    def start(self) -> "Capture":
        self._sock = call_in_netns(self.endpoint.netns, _open_socket, self.endpoint.ifname, True, self.rcvbuf)
        self._thread = threading.Thread(target=self._loop, name=f"capture-{self.endpoint}", daemon=True)
        self._thread.start()
        return self

    def _loop(self) -> None:
        sock = self._sock
        cmsg_space = socket.CMSG_SPACE(_AUXDATA.size)
        while not self._stop.is_set():
            r, _, _ = select.select([sock], [], [], 0.05)
            if not r:
                continue
            try:
                data, ancdata, _flags, addr = sock.recvmsg(65535, cmsg_space, socket.MSG_DONTWAIT)
            except BlockingIOError:
                continue
            except OSError:
                break
            now = time.monotonic()
            pkttype = addr[2]
            if pkttype == PACKET_OUTGOING:
                continue
            for level, ctype, cdata in ancdata:
                if level == SOL_PACKET and ctype == PACKET_AUXDATA and len(cdata) >= _AUXDATA.size:
                    status, _len, _snap, _mac, _net, tci, tpid = _AUXDATA.unpack(cdata[:_AUXDATA.size])
                    if status & TP_STATUS_VLAN_VALID:
                        if not status & TP_STATUS_VLAN_TPID_VALID:
                            tpid = ETH_P_8021Q
                        data = data[:12] + struct.pack("!HH", tpid, tci) + data[12:]
            with self._lock:
                self.frames.append(CapturedFrame(data, now, pkttype))

    def snapshot(self) -> List[CapturedFrame]:
        with self._lock:
            return list(self.frames)

    def stop(self) -> List[CapturedFrame]:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        return self.snapshot()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False


class Sender:
    """Raw frame sender on one endpoint (socket opened once, reusable)."""

    def __init__(self, endpoint: Endpoint):
        self.endpoint = endpoint
        self._sock = call_in_netns(endpoint.netns, _open_socket, endpoint.ifname, False, 0)

    def send(self, frames: Iterable[bytes], interval: float = 0.0) -> int:
        n = 0
        for f in frames:
            f = bytes(f)
            sent = self._sock.send(f)
            if sent != len(f):
                raise HarnessError(f"short send on {self.endpoint}: {sent} of {len(f)} bytes")
            n += 1
            if interval:
                time.sleep(interval)
        return n

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


@dataclass
class ExchangeResult:
    """Frames captured per endpoint label during :func:`exchange`."""
    captured: Dict[str, List[CapturedFrame]] = field(default_factory=dict)
    sent: int = 0
    elapsed: float = 0.0

    def __getitem__(self, label: str) -> List[CapturedFrame]:
        return self.captured[label]

    def describe(self) -> str:
        lines = []
        for label, frames in self.captured.items():
            lines.append(f"{label}: {len(frames)} frame(s)")
            lines += [f"  vlan={f.vlan} len={len(f.raw)} {f.summary()}" for f in frames[:10]]
        return "\n".join(lines)


def exchange(sends: Sequence[tuple], captures: Sequence[Endpoint], expect: Optional[Callable[[Dict], bool]] = None,
             timeout: float = 5.0, quiet: float = 0.5, interval: float = 0.0) -> ExchangeResult:
    """Capture on ``captures`` while sending; return what each endpoint received.

    sends:   [(Endpoint, [frame bytes, ...]), ...], sent in order.
    expect:  predicate on {label: [CapturedFrame]}; once true, wait ``quiet`` more seconds (to catch
             unexpected extra frames) and stop. Without it (negative tests), capture for ``quiet``
             seconds after the last send. In all cases the capture ends after ``timeout`` seconds.
    Labels are the endpoints' labels (or interface names); they must be unique.
    """
    labels = [str(c) for c in captures]
    if len(set(labels)) != len(labels):
        raise HarnessError(f"capture endpoint labels must be unique: {labels}")
    caps = [Capture(c) for c in captures]
    senders: Dict[Endpoint, Sender] = {}
    result = ExchangeResult()
    t0 = time.monotonic()
    try:
        for c in caps:
            c.start()
        for ep, _ in sends:
            if ep not in senders:
                senders[ep] = Sender(ep)
        for ep, frames in sends:
            result.sent += senders[ep].send(frames, interval)
        deadline = t0 + timeout
        if expect is not None:
            while time.monotonic() < deadline:
                if expect({l: c.snapshot() for l, c in zip(labels, caps)}):
                    break
                time.sleep(0.02)
        time.sleep(max(0.0, min(quiet, deadline - time.monotonic())))
    finally:
        for s in senders.values():
            s.close()
        for l, c in zip(labels, caps):
            result.captured[l] = c.stop()
    result.elapsed = time.monotonic() - t0
    return result


def mac_bytes(mac: str) -> bytes:
    parts = mac.split(":")
    if len(parts) != 6:
        raise HarnessError(f"not a MAC address: {mac!r}")
    return bytes(int(p, 16) for p in parts)


def eth_frame(dst: str, src: str, ethertype: int, payload: bytes = b"", vlan: Optional[int] = None,
              pcp: int = 0, min_len: int = 60) -> bytes:
    """Ethernet frame (optionally 802.1Q-tagged), zero-padded to ``min_len`` bytes (60 = minimum
    frame without FCS; the padding is applied before tagging, so a tagged frame has min_len + 4)."""
    frame = mac_bytes(dst) + mac_bytes(src) + struct.pack("!H", ethertype) + payload
    if len(frame) < min_len:
        frame += b"\x00" * (min_len - len(frame))
    return insert_vlan(frame, vlan, pcp) if vlan is not None else frame
