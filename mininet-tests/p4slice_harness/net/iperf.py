"""Paced UDP flows with iperf3 between hosts of a running scenario, measured at the receiver.

:func:`run_udp_flows` starts one ``iperf3 -s -1`` per flow in the receiving host's namespace and
all clients at once (UDP, fixed datagram size, iperf3's own pacing), waits for them (bounded),
and returns, per flow, what the *receiver* saw: bytes and datagrams received, the sender's
datagram count, and the per-interval received rates. :func:`FlowResult.rate_bps` discards a
warm-up at the start (and the last, partial interval) before averaging.

Every iperf3 runs in a session of its own (:func:`~p4slice_harness.net.sessions.popen_own_session`),
like the switches: on a kernel
with autogroup scheduling, iperf3 in the harness's session lent its weight to a ``nice -n 19``
build started from the same shell, which then took whole CPUs from the switches
(``docs/benchmarks.md``, "On a busy machine"). The harness still ends them itself.

:func:`parse_server_json` is pure (the L1 tests feed it recorded iperf3 output).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from typing import List, Mapping, Optional, Sequence, Tuple

from ..errors import HarnessError
from .sessions import popen_own_session

IPERF3 = "iperf3"
BASE_PORT = 5201


@dataclass
class FlowResult:
    name: str
    offered_bps: float
    seconds: float
    received_bytes: int = 0
    received_packets: int = 0
    sent_packets: int = 0
    lost_packets: int = 0
    intervals: List[Tuple[float, float, float]] = field(default_factory=list)  # (start s, end s, bit/s)

    def rate_bps(self, warmup: float = 1.0) -> float:
        """Mean received rate over the full intervals that start at or after ``warmup`` seconds."""
        usable = [(s, e, bps) for s, e, bps in self.intervals if s >= warmup - 1e-6 and e - s > 0.5]
        if not usable:
            raise HarnessError(f"{self.name}: no interval after a {warmup} s warm-up "
                               f"(intervals: {[(round(s, 2), round(e, 2)) for s, e, _ in self.intervals]})")
        total = sum(bps * (e - s) for s, e, bps in usable)
        return total / sum(e - s for s, e, _ in usable)


def parse_server_json(name: str, offered_bps: float, seconds: float, doc: Mapping) -> FlowResult:
    """FlowResult from ``iperf3 -s -J`` output of one UDP test."""
    if "error" in doc:
        raise HarnessError(f"{name}: iperf3 server: {doc['error']}")
    try:
        end = doc["end"]["sum"]
        r = FlowResult(name, offered_bps, seconds, int(end["bytes"]), int(end["packets"]) - int(end["lost_packets"]),
                       int(end["packets"]), int(end["lost_packets"]))
        for iv in doc["intervals"]:
            s = iv["sum"]
            r.intervals.append((float(s["start"]), float(s["end"]), float(s["bits_per_second"])))
    except (KeyError, TypeError, ValueError) as e:
        raise HarnessError(f"{name}: unexpected iperf3 server JSON ({e!r})") from None
    return r


@dataclass(frozen=True)
class UdpFlow:
    name: str
    client: object       # NetNamespace of the sender
    server: object       # NetNamespace of the receiver
    server_ip: str
    rate_bps: int
    length: int = 1400   # UDP payload bytes per datagram
    window: Optional[str] = None   # iperf3 -w (socket buffers, e.g. "4M"; the client passes it to the server)


def require_iperf3() -> str:
    path = shutil.which(IPERF3)
    if path is None:
        raise HarnessError("iperf3 not found (Debian package iperf3)")
    return path


def run_udp_flows(flows: Sequence[UdpFlow], seconds: float, timeout: Optional[float] = None,
                  port_base: int = BASE_PORT) -> List[FlowResult]:
    """Run all ``flows`` concurrently for ``seconds``; receiver-side results in the same order."""
    require_iperf3()
    timeout = timeout or seconds + 20
    servers, clients = [], []
    try:
        for i, f in enumerate(flows):
            port = str(port_base + i)
            servers.append(popen_own_session(f.server.cmd(IPERF3, "-s", "-1", "-J", "-p", port, "-B", f.server_ip),
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        _wait_listening(flows, servers, port_base)
        for i, f in enumerate(flows):
            port = str(port_base + i)
            clients.append(popen_own_session(
                f.client.cmd(IPERF3, "-c", f.server_ip, "-p", port, "-u", "-b", str(f.rate_bps), "-l", str(f.length),
                             "-t", str(seconds), "-J", *(("-w", f.window) if f.window else ())),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        deadline = time.monotonic() + timeout
        outs = []
        for p in clients + servers:
            left = max(0.1, deadline - time.monotonic())
            try:
                out, err = p.communicate(timeout=left)
            except subprocess.TimeoutExpired:
                raise HarnessError(f"iperf3 did not finish within {timeout:.0f} s") from None
            outs.append((p.returncode, out, err))
        results = []
        for i, f in enumerate(flows):
            rc, out, err = outs[len(clients) + i]
            try:
                doc = json.loads(out)
            except json.JSONDecodeError:
                raise HarnessError(f"{f.name}: iperf3 server exit {rc}: {err.strip() or out.strip()[:300]}") from None
            results.append(parse_server_json(f.name, f.rate_bps, seconds, doc))
        return results
    finally:
        for p in clients + servers:
            if p.poll() is None:
                p.kill()
                p.wait(timeout=5)


def _wait_listening(flows: Sequence[UdpFlow], servers, port_base: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    for i, f in enumerate(flows):
        port = port_base + i
        while True:
            if servers[i].poll() is not None:
                raise HarnessError(f"{f.name}: iperf3 server exited: {servers[i].stderr.read().strip()}")
            cp = subprocess.run(f.server.cmd("ss", "-Hltn", f"sport = :{port}"), capture_output=True, text=True)
            if cp.stdout.strip():
                break
            if time.monotonic() > deadline:
                raise HarnessError(f"{f.name}: iperf3 server not listening on {port} after {timeout} s")
            time.sleep(0.05)


def run_tcp(client, server, server_ip: str, seconds: float, omit: int = 1, port: int = BASE_PORT,
            timeout: Optional[float] = None) -> float:
    """One TCP stream ``client`` -> ``server`` for ``seconds`` (the first ``omit`` s discarded by
    iperf3's ``-O``); returns the receiver's bit/s (TCP payload)."""
    require_iperf3()
    timeout = timeout or seconds + omit + 20
    flow = UdpFlow("tcp", client, server, server_ip, 0)
    srv = popen_own_session(server.cmd(IPERF3, "-s", "-1", "-J", "-p", str(port), "-B", server_ip),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    cli = None
    try:
        _wait_listening([flow], [srv], port)
        cli = popen_own_session(client.cmd(IPERF3, "-c", server_ip, "-p", str(port), "-t", str(seconds),
                                          "-O", str(omit), "-J"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = cli.communicate(timeout=timeout)
            srv.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            raise HarnessError(f"iperf3 TCP did not finish within {timeout:.0f} s") from None
        try:
            doc = json.loads(out)
            if "error" in doc:
                raise HarnessError(f"iperf3 TCP client: {doc['error']}")
            return float(doc["end"]["sum_received"]["bits_per_second"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            raise HarnessError(f"iperf3 TCP client exit {cli.returncode}: {err.strip() or out.strip()[:300]}") from None
    finally:
        for p in (cli, srv):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(timeout=5)
