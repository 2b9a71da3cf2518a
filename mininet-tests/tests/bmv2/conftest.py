"""The single-switch bmv2 testbed used by the L2 tests (one per test module)."""

import os
from dataclasses import dataclass
from typing import Dict

import pytest

from p4slice_harness.bmv2 import Bmv2Switch
from p4slice_harness.netns import TestNetwork
from p4slice_harness.p4rt import P4RuntimeClient
from p4slice_harness.traffic import Endpoint
from tests.conftest import BMV2_JSON, P4INFO_TXT

COUNTERS = {"rx": "P4SliceIngress.slice_rx_counter", "drop": "P4SliceIngress.slice_drop_counter",
            "tx": "P4SliceEgress.slice_tx_counter"}


@dataclass
class Testbed:
    __test__ = False
    net: TestNetwork
    switch: Bmv2Switch
    client: P4RuntimeClient
    hosts: Dict[str, Endpoint]     # h1, h2, h3: the host end of each switch port
    macs: Dict[str, str]

    def counters(self) -> Dict[str, Dict[int, tuple]]:
        """All cells of the three slice counters: {"rx"|"tx"|"drop": {index: (packets, bytes)}}."""
        return {k: self.client.read_counter(name) for k, name in COUNTERS.items()}


@pytest.fixture(scope="module")
def single_switch(tmp_path_factory):
    """Namespaces s1, h1, h2, h3; simple_switch_grpc in s1 with ports 1..3 (s1-ethN <-> hN:eth0);
    pipeline pushed over P4Runtime. Yields (net, switch, client, hosts, macs) as a Testbed."""
    from tests.bmv2.single_slice import DEVICE_ID, HOSTS
    workdir = tmp_path_factory.mktemp("bmv2")
    with TestNetwork(workdir=str(workdir)) as net:
        s1 = net.add_namespace("s1")
        hosts = {}
        for name, (port, mac) in HOSTS.items():
            h = net.add_namespace(name)
            net.add_veth(s1, f"s1-eth{port}", h, "eth0", mac_b=mac)
            hosts[name] = Endpoint(h, "eth0", name)
        switch = Bmv2Switch("s1", {port: f"s1-eth{port}" for port, _ in HOSTS.values()}, s1, workdir,
                            device_id=DEVICE_ID, log_level=os.environ.get("P4S_BMV2_LOG_LEVEL") or None)
        net.register_stop(switch.stop)
        print(f"run {net.run_id}: bmv2 files in {workdir}")
        switch.start(timeout=60)
        client = P4RuntimeClient(switch.address, DEVICE_ID, timeout=20)
        client.connect()
        try:
            client.set_forwarding_pipeline(P4INFO_TXT, BMV2_JSON)
            yield Testbed(net, switch, client, hosts, {n: mac for n, (_, mac) in HOSTS.items()})
        finally:
            client.close()
            if not switch.alive():
                print(f"simple_switch_grpc died during the tests:\n{switch.tail()}")
