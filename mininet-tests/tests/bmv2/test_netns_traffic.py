"""The namespace and traffic plumbing itself (root needed, bmv2 not)."""

import os
import subprocess
import time

import pytest

from p4slice_harness.net import names, netns
from p4slice_harness.net.traffic import Endpoint, eth_frame, exchange, insert_vlan

pytestmark = [pytest.mark.netns, pytest.mark.timeout(60)]

A_MAC, B_MAC = "02:00:00:00:0a:01", "02:00:00:00:0b:01"


def test_namespaces_veths_and_cleanup():
    with netns.TestNetwork() as net:
        a, b = net.add_namespace("a"), net.add_namespace("b")
        assert a.name == f"{net.run_id}-a" and a.name.startswith(f"p4s-{os.getpid()}-")
        net.add_veth(a, "eth0", b, "eth9", mac_a=A_MAC, mac_b=B_MAC)
        # each end lives only in its namespace; nothing appears in the root namespace
        assert A_MAC in a.run("ip", "link", "show", "eth0").stdout
        assert B_MAC in b.run("ip", "link", "show", "eth9").stdout
        assert subprocess.run(["ip", "link", "show", "eth9"], capture_output=True).returncode != 0
        # offloads and IPv6 as promised
        feats = a.run("ethtool", "-k", "eth0").stdout
        for f in ("rx-vlan-offload: off", "tx-vlan-offload: off", "tx-checksumming: off",
                  # any segmentation/receive offload on makes libpcap size bmv2's ring slots for 64 KiB
                  "generic-segmentation-offload: off", "generic-receive-offload: off"):
            assert f in feats
        assert a.run("cat", "/proc/sys/net/ipv6/conf/eth0/disable_ipv6").stdout.strip() == "1"
        # a process left running inside a namespace is ended by cleanup
        sleeper = subprocess.Popen(a.cmd("sleep", "300"))
        deadline = time.monotonic() + 5      # until `ip netns exec` has entered the namespace
        while sleeper.pid not in a.pids() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert sleeper.pid in a.pids()
        created = [a.name, b.name]
    try:
        assert sleeper.wait(timeout=5) is not None
    finally:
        if sleeper.poll() is None:
            sleeper.kill()
            sleeper.wait()
    listed = names.list_namespaces()
    assert not any(n in listed for n in created)


def test_cleanup_happens_on_exceptions():
    with pytest.raises(RuntimeError):
        with netns.TestNetwork() as net:
            name = net.add_namespace("x").name
            raise RuntimeError("boom")
    assert name not in names.list_namespaces()


def test_frames_cross_a_veth_unchanged_with_their_tags():
    with netns.TestNetwork() as net:
        a, b = net.add_namespace("a"), net.add_namespace("b")
        net.add_veth(a, "eth0", b, "eth0", mac_a=A_MAC, mac_b=B_MAC)
        ea, eb = Endpoint(a, "eth0", "a"), Endpoint(b, "eth0", "b")
        frames = [eth_frame(B_MAC, A_MAC, 0x88B5, b"untagged"),
                  eth_frame(B_MAC, A_MAC, 0x88B5, b"tagged", vlan=110),
                  eth_frame(B_MAC, A_MAC, 0x88B5, b"prio", vlan=0, pcp=5),
                  insert_vlan(eth_frame("ff:ff:ff:ff:ff:ff", A_MAC, 0x88B5, b"qinq", vlan=20), 10),
                  eth_frame(B_MAC, A_MAC, 0x88B5, b"big" * 400)]
        t0 = time.monotonic()
        r = exchange([(ea, frames)], [ea, eb], expect=lambda c: len(c["b"]) >= len(frames), timeout=5, quiet=0.3)
        assert time.monotonic() - t0 < 5
        assert [f.raw for f in r["b"]] == frames
        assert [f.vlan for f in r["b"]] == [None, 110, 0, 10, None]
        assert r["a"] == []          # a's own transmissions are not captured as received


def test_an_adopted_nic_lives_in_its_namespace_and_comes_back():
    """A root-namespace interface (here one end of a veth standing in for a test server's NIC) moved into a
    run's namespace: there, up, IPv6 off, offloads off; gone from the root namespace meanwhile; back in
    the root namespace after cleanup (as a NIC must be), also when the run fails."""
    nic, peer = f"p4sn{os.getpid() % 100000}", f"p4sp{os.getpid() % 100000}"
    subprocess.run(["ip", "link", "add", "name", nic, "type", "veth", "peer", "name", peer], check=True)
    try:
        with pytest.raises(RuntimeError, match="boom"):
            with netns.TestNetwork() as net:
                h = net.add_namespace("h1")
                net.adopt_interface(h, nic)
                flags = h.run("ip", "-o", "link", "show", nic).stdout.split("<", 1)[1].split(">", 1)[0].split(",")
                assert "UP" in flags, flags
                assert h.run("cat", f"/proc/sys/net/ipv6/conf/{nic}/disable_ipv6").stdout.strip() == "1"
                assert "rx-vlan-offload: off" in h.run("ethtool", "-k", nic).stdout
                assert not os.path.exists(f"/sys/class/net/{nic}")
                with pytest.raises(netns.NetnsError, match="no interface p4s-none in the root namespace"):
                    net.adopt_interface(h, "p4s-none")
                raise RuntimeError("boom")
        assert os.path.exists(f"/sys/class/net/{nic}"), "the NIC did not come back to the root namespace"
    finally:
        subprocess.run(["ip", "link", "del", nic], capture_output=True)
