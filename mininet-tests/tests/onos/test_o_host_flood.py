"""(o) ONOS's host store stays bounded at an access port. A tenant's host (h1, s1/1, slice A) sends ARP
requests from 1000 random source MACs. ONOS 2.7's host provider learns a host from each (it does not skip
a packet-in p4slice's guard marked handled); p4slice's control-plane guard removes the hosts beyond the
port's cap again (``maxHostsLearnedPerAccessPort``, 64), keeping the first ones, h1 among them. The
bound measured: the most hosts ONOS listed at s1/1 while the flood ran, and the count once it settled
(at most the cap)."""

import random
import struct
import time

import pytest

from p4slice_harness.net.traffic import Endpoint, Sender, eth_frame, mac_bytes
from p4slice_harness.onos.topology import HOSTS
from p4slice_harness.onos.wait import port_number, wait_for

pytestmark = [pytest.mark.onos, pytest.mark.timeout(300)]
CAP = 64            # ControlPlaneGuard's maxHostsLearnedPerAccessPort, default
FLOOD = 1000
BATCH = 50


def arp_request(src_mac: str, src_ip: bytes, dst_ip: bytes) -> bytes:
    arp = struct.pack("!HHBBH", 1, 0x0800, 6, 4, 1) + mac_bytes(src_mac) + src_ip + b"\x00" * 6 + dst_ip
    return eth_frame("ff:ff:ff:ff:ff:ff", src_mac, 0x0806, arp)


def hosts_at(lab, device: str, port: int) -> list:
    return [h for h in lab.hosts()
            if any(l["elementId"] == device and port_number(l["port"]) == port for l in h["locations"])]


def test_a_a_flood_of_random_macs_leaves_at_most_the_cap(lab, ab):
    device, port, h1_mac = HOSTS["h1"]
    lab.wait_ping("h1", "h5")
    wait_for(lambda: lab.host_by_mac(h1_mac), lambda h: h is not None, 30, "h1 known to ONOS")
    rnd = random.Random(32)
    macs = [":".join(["02"] + [f"{rnd.randrange(256):02x}" for _ in range(5)]) for _ in range(FLOOD)]
    frames = [arp_request(m, bytes([10, 0, 1 + i // 250, 1 + i % 250]), bytes([10, 0, 0, 5]))
              for i, m in enumerate(macs)]
    peak, flooded = 0, set(macs)
    mark = lab.onos.mark()
    try:
        with Sender(Endpoint(lab.network.hosts["h1"], "eth0", "h1")) as sender:
            for i in range(0, FLOOD, BATCH):
                sender.send(frames[i:i + BATCH], interval=0.001)
                peak = max(peak, len(hosts_at(lab, device, port)))
        t_end = time.monotonic()
        # ONOS's host provider works through its backlog of packet-ins for a while after the flood: until
        # then each host it adds is one beyond the cap until p4slice removes it; afterwards at most the cap
        counts = []

        def sample():
            counts.append(len(hosts_at(lab, device, port)))
            return counts[-1]

        wait_for(sample, lambda n: n <= CAP, 120, f"at most {CAP} hosts at {device}/{port}", interval=1)
        peak = max([peak] + counts)
        at_port = hosts_at(lab, device, port)
        macs_at_port = {h["mac"].lower() for h in at_port}
        print(f"host flood at {device}/{port}: {FLOOD} source MACs; most hosts ONOS listed there {peak}, "
              f"{len(at_port)} once settled ({time.monotonic() - t_end:.1f} s after the flood); cap {CAP}")
        removals = lab.onos.grep(rf"removed from ONOS: port {device}/{port} has its {CAP} hosts", mark)
        assert removals, "p4slice removed no host at s1/1: the flood never took ONOS beyond the cap"
        print(removals[0])
        assert len(at_port) <= CAP, f"{len(at_port)} hosts at {device}/{port}, above the cap of {CAP}"
        assert h1_mac in macs_at_port, "h1, known before the flood, was not kept"
        assert len(lab.hosts()) <= CAP + len(HOSTS), f"ONOS knows {len(lab.hosts())} hosts"
    finally:
        for h in hosts_at(lab, device, port):
            if h["mac"].lower() in flooded:
                lab.remove_host(h)
