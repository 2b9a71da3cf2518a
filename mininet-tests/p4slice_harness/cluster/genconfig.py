"""The configuration files of an ONOS 2.7 cluster on external Atomix nodes, as ONOS's own tools write
them (``tools/test/bin/onos-gen-config`` and ``atomix-gen-config`` of ONOS 2.7.0); pure.

ONOS node (``<onos>/config/cluster.json``, read by ONOS's ``ConfigFileBasedClusterMetadataProvider``
from ``../config`` of the Karaf home)::

    {"name": "onos", "node": {"id": "<its ip>", "ip": "<its ip>", "port": 9876},
     "storage": [{"id": "atomix-1", "ip": "<ip>", "port": 5679}, ...]}

Atomix node (its JSON configuration)::

    {"cluster": {"clusterId": "onos", "node": {"id": "atomix-N", "address": "<ip>:5679"},
                 "discovery": {"type": "bootstrap", "nodes": [{"id": "atomix-1", "address": "<ip>:5679"}, ...]}},
     "managementGroup": {"type": "raft", "partitions": 1, "partitionSize": <nodes>, "members": [...],
                         "storage": {"level": "mapped"}},
     "partitionGroups": {"raft": {"type": "raft", "partitions": <nodes>, "partitionSize": 3, "members": [...],
                                  "storage": {"level": "mapped"}}}}

Storage nodes are named ``atomix-<position>`` in both files, as both tools name them; an ONOS node's
id is its address. ONOS nodes join the Atomix cluster as clients (``AtomixManager``: no partition
group of their own when storage nodes are given) and find each other through it.
"""

from __future__ import annotations

import ipaddress
from typing import List, Optional, Sequence

from ..errors import HarnessError

CLUSTER_NAME = "onos"
ONOS_PORT = 9876
ATOMIX_PORT = 5679


def _check_ips(ips: Sequence[str], what: str) -> List[str]:
    ips = list(ips)
    if not ips:
        raise HarnessError(f"{what}: at least one address is needed")
    for ip in ips:
        try:
            ipaddress.IPv4Address(ip)
        except ValueError:
            raise HarnessError(f"{what}: {ip!r} is not an IPv4 address") from None
    if len(set(ips)) != len(ips):
        raise HarnessError(f"{what}: addresses repeat: {', '.join(ips)}")
    return ips


def storage_nodes(storage_ips: Sequence[str], port: int = ATOMIX_PORT) -> List[dict]:
    """The Atomix nodes as ``onos-gen-config`` lists them: ``{"id": "atomix-N", "ip", "port"}``."""
    ips = _check_ips(storage_ips, "storage nodes")
    return [{"id": f"atomix-{i}", "ip": ip, "port": port} for i, ip in enumerate(ips, start=1)]


def onos_cluster_json(node_ip: str, storage_ips: Sequence[str]) -> dict:
    """``onos-gen-config <node_ip> --nodes <storage_ips>``: the ONOS node's ``cluster.json``."""
    _check_ips([node_ip], "ONOS node")
    return {"name": CLUSTER_NAME,
            "node": {"id": node_ip, "ip": node_ip, "port": ONOS_PORT},
            "storage": storage_nodes(storage_ips)}


def atomix_json(node_ip: str, storage_ips: Sequence[str], partition_size: int = 3,
                num_partitions: Optional[int] = None) -> dict:
    """``atomix-gen-config [-s partition_size] [-n num_partitions] <node_ip> - <storage_ips>``: the
    configuration of the Atomix node at ``node_ip`` (one of ``storage_ips``). The management group
    is one Raft partition over every node; the ``raft`` group has ``num_partitions`` (default: the
    number of nodes) partitions of ``partition_size`` members."""
    ips = _check_ips(storage_ips, "storage nodes")
    if node_ip not in ips:
        raise HarnessError(f"Atomix node {node_ip} is not one of the storage nodes {', '.join(ips)}")
    if partition_size < 1 or (num_partitions is not None and num_partitions < 1):
        raise HarnessError(f"partition size and count must be >= 1, got {partition_size}, {num_partitions}")
    nodes = [{"id": n["id"], "address": f"{n['ip']}:{n['port']}"} for n in storage_nodes(ips)]
    members = [n["id"] for n in nodes]
    local = nodes[ips.index(node_ip)]
    return {
        "cluster": {"clusterId": CLUSTER_NAME, "node": dict(local),
                    "discovery": {"type": "bootstrap", "nodes": nodes}},
        "managementGroup": {"type": "raft", "partitions": 1, "partitionSize": len(nodes), "members": members,
                            "storage": {"level": "mapped"}},
        "partitionGroups": {"raft": {"type": "raft", "partitions": num_partitions or len(nodes),
                                     "partitionSize": partition_size, "members": members,
                                     "storage": {"level": "mapped"}}},
    }
