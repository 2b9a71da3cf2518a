"""The cluster lab's pure parts (L1: no root, no ONOS): the configuration files as ONOS 2.7.0's
``onos-gen-config`` / ``atomix-gen-config`` write them, and the lab's layout (names, addresses, ports)."""

import pytest

from p4slice_harness.cluster.genconfig import atomix_json, onos_cluster_json
from p4slice_harness.cluster.layout import ClusterLayout
from p4slice_harness.errors import HarnessError
from p4slice_harness.onos.topology import S1, S2

IPS = ["10.124.0.21", "10.124.0.22", "10.124.0.23"]


def test_onos_cluster_json_is_onos_gen_configs():
    assert onos_cluster_json("10.124.0.11", IPS) == {
        "name": "onos",
        "node": {"id": "10.124.0.11", "ip": "10.124.0.11", "port": 9876},
        "storage": [{"id": "atomix-1", "ip": "10.124.0.21", "port": 5679},
                    {"id": "atomix-2", "ip": "10.124.0.22", "port": 5679},
                    {"id": "atomix-3", "ip": "10.124.0.23", "port": 5679}]}


def test_atomix_json_is_atomix_gen_configs():
    nodes = [{"id": f"atomix-{i}", "address": f"{ip}:5679"} for i, ip in enumerate(IPS, start=1)]
    members = ["atomix-1", "atomix-2", "atomix-3"]
    assert atomix_json("10.124.0.22", IPS) == {
        "cluster": {"clusterId": "onos", "node": {"id": "atomix-2", "address": "10.124.0.22:5679"},
                    "discovery": {"type": "bootstrap", "nodes": nodes}},
        "managementGroup": {"type": "raft", "partitions": 1, "partitionSize": 3, "members": members,
                            "storage": {"level": "mapped"}},
        "partitionGroups": {"raft": {"type": "raft", "partitions": 3, "partitionSize": 3, "members": members,
                                     "storage": {"level": "mapped"}}}}


def test_atomix_json_partition_options():
    cfg = atomix_json("10.124.0.21", IPS, partition_size=2, num_partitions=7)
    assert cfg["partitionGroups"]["raft"]["partitions"] == 7
    assert cfg["partitionGroups"]["raft"]["partitionSize"] == 2
    assert cfg["managementGroup"]["partitionSize"] == 3


@pytest.mark.parametrize("call, message", [
    (lambda: atomix_json("10.124.0.99", IPS), "Atomix node 10.124.0.99 is not one of the storage nodes"),
    (lambda: atomix_json("10.124.0.21", []), "storage nodes: at least one address is needed"),
    (lambda: atomix_json("10.124.0.21", IPS + ["10.124.0.21"]), "storage nodes: addresses repeat"),
    (lambda: atomix_json("10.124.0.21", IPS, partition_size=0), "partition size and count must be >= 1"),
    (lambda: onos_cluster_json("onos-1", IPS), "ONOS node: 'onos-1' is not an IPv4 address"),
    (lambda: onos_cluster_json("10.124.0.11", ["10.124.0.300"]), "storage nodes: '10.124.0.300' is not an IPv4"),
])
def test_bad_input_is_refused_with_the_reason(call, message):
    with pytest.raises(HarnessError, match=message):
        call()


def test_layout_addresses_and_names():
    lay = ClusterLayout(root="/tmp/p4scl-test", env={})
    assert [m.ip for m in lay.onos] == ["10.124.0.11", "10.124.0.12", "10.124.0.13"]
    assert [m.ns for m in lay.atomix] == ["p4scl-atomix1", "p4scl-atomix2", "p4scl-atomix3"]
    assert [m.veth for m in lay.members] == ["p4scl-atomix1", "p4scl-atomix2", "p4scl-atomix3", "p4scl-onos1",
                                             "p4scl-onos2", "p4scl-onos3", "p4scl-switches"]
    assert all(len(m.veth) <= 15 for m in lay.members)
    assert lay.grpc_addresses() == {S1: "10.124.0.2:50001", S2: "10.124.0.2:50002"}
    assert lay.node_by_id("10.124.0.12").index == 2
    assert [f"{a} {b}" for a, b in lay.describe()][:3] == [
        "node1 http://10.124.0.11:8181", "node2 http://10.124.0.12:8181", "node3 http://10.124.0.13:8181"]
    assert lay.host_namespaces()["h5"] == "p4scl-h5"
    assert str(lay.node_dir(lay.node(3))) == "/tmp/p4scl-test/node3"


def test_layout_from_the_environment():
    lay = ClusterLayout(env={"P4S_CLUSTER_DIR": "/srv/lab", "P4S_CLUSTER_NET": "192.168.77"})
    assert lay.url(lay.node(1)) == "http://192.168.77.11:8181" and lay.gateway == "192.168.77.1"
    assert str(lay.atomix_lib) == "/srv/lab/atomix/lib"


@pytest.mark.parametrize("net, message", [("10.124", "must be three octets"),
                                          ("8.8.8", "must be a private, non-loopback range"),
                                          ("127.0.0", "must be a private, non-loopback range")])
def test_layout_refuses_a_network_it_may_not_use(net, message):
    with pytest.raises(HarnessError, match=message):
        ClusterLayout(net=net, env={})


def test_layout_refuses_an_unknown_node():
    lay = ClusterLayout(env={})
    with pytest.raises(HarnessError, match=r"no ONOS node 4 \(the lab has 1..3\)"):
        lay.node(4)
    with pytest.raises(HarnessError, match="'10.124.0.21' is not an ONOS node of the lab"):
        lay.node_by_id("10.124.0.21")
