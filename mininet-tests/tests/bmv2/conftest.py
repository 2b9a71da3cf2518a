"""The single-switch bmv2 testbed used by the L2 tests (one per test module)."""

import contextlib
import os
from dataclasses import dataclass
from typing import Dict

import pytest

from p4slice_harness.net.bmv2 import Bmv2Switch
from p4slice_harness.net.netns import TestNetwork
from p4slice_harness.net.topology import COUNTERS
from p4slice_harness.net.traffic import Endpoint
from p4slice_harness.p4rt.client import P4RuntimeClient
from p4slice_harness.paths import plan_path, scenario_path
from tests.conftest import BMV2_JSON, P4INFO_TXT


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


@contextlib.contextmanager
def running_scenario(tmp_path_factory, scenario_name: str, install: bool = True):
    """The scenario's topology on bmv2 (p4slice_harness.net.topology), with its ONOS-translated plan
    installed unless ``install`` is false. Yields (testbed, plan, install report or None)."""
    from p4slice_harness.net.topology import scenario_testbed
    from p4slice_harness.p4rt.install import install_plan
    from p4slice_harness.plan import load_plan
    from p4slice_harness.scenario import load_scenario
    scenario = load_scenario(scenario_path(scenario_name))
    plan = load_plan(plan_path(scenario_name))
    workdir = tmp_path_factory.mktemp(scenario_name)
    with scenario_testbed(scenario, P4INFO_TXT, BMV2_JSON, workdir,
                          log_level=os.environ.get("P4S_BMV2_LOG_LEVEL") or None) as tb:
        print(f"run {tb.net.run_id}: bmv2 files in {workdir}")
        report = install_plan(plan, tb.clients) if install else None
        yield tb, plan, report
