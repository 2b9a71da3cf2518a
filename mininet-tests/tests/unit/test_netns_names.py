"""Namespace / interface naming (names.py) and the namespace object (netns.py)."""

import os

import pytest

from p4slice_harness.errors import NetnsError
from p4slice_harness.net import names, netns


def test_run_id_contains_pid_and_token():
    assert names.new_run_id(pid=4711, token="a3f0") == "p4s-4711-a3f0"
    rid = names.new_run_id()
    assert rid.startswith(f"p4s-{os.getpid()}-")
    assert len(rid.rsplit("-", 1)[1]) == 4


def test_run_ids_differ_between_runs_of_one_process():
    assert len({names.new_run_id() for _ in range(20)}) > 1


def test_ns_name_and_parse_roundtrip():
    name = names.ns_name("p4s-4711-a3f0", "s1")
    assert name == "p4s-4711-a3f0-s1"
    assert names.parse_run(name) == (4711, "a3f0")
    assert names.parse_run("p4s-4711-a3f0-h_2") == (4711, "a3f0")


@pytest.mark.parametrize("foreign", ["s1", "p4s-abc-a3f0-s1", "p4s-12-A3F0-s1", "mininet-h1", "p4s-12-a3f0"])
def test_foreign_names_are_not_ours(foreign):
    assert names.parse_run(foreign) is None


@pytest.mark.parametrize("short", ["", "S1", "h-1", "a/b", "x" * 40])
def test_bad_node_names_rejected(short):
    with pytest.raises(NetnsError, match="node name must match"):
        names.ns_name("p4s-1-abcd", short)


def test_bad_run_id_rejected():
    with pytest.raises(NetnsError, match="not a run id"):
        names.ns_name("run1", "s1")
    with pytest.raises(NetnsError, match="4 lowercase hex"):
        names.new_run_id(token="xyz1")


@pytest.mark.parametrize("ifname", ["eth0", "s1-eth1", "a" * 15, "veth.1"])
def test_good_ifnames(ifname):
    assert names.check_ifname(ifname) == ifname


@pytest.mark.parametrize("ifname", ["", "a" * 16, "eth 0", "a/b", "a:b", "-x"])
def test_bad_ifnames(ifname):
    with pytest.raises(NetnsError, match="invalid interface name"):
        names.check_ifname(ifname)


def test_stale_detection_only_considers_dead_harness_runs():
    mine = f"p4s-{os.getpid()}-abcd-s1"           # alive: this process
    dead_pid = 2 ** 22 + 1                          # above pid_max: never alive
    dead = f"p4s-{dead_pid}-abcd-h1"
    foreign = "someone-elses-ns"
    assert names.stale_namespaces([mine, dead, foreign]) == [dead]


def test_netns_path():
    assert netns.netns_path("p4s-1-abcd-s1") == "/run/netns/p4s-1-abcd-s1"
    assert netns.netns_path("/proc/1/ns/net") == "/proc/1/ns/net"
    ns = netns.NetNamespace("p4s-1-abcd-s1", "s1")
    assert netns.netns_path(ns) == "/run/netns/p4s-1-abcd-s1"
    assert ns.cmd("ip", "link") == ["ip", "netns", "exec", "p4s-1-abcd-s1", "ip", "link"]
