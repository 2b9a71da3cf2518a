"""The pure parts of p4slice_harness.mn (spec, nodes, runner, leftovers): what is built from a scenario, commands, ICMP, output, CLI errors."""

import pytest

from p4slice_harness.net.bmv2 import Bmv2Switch
from p4slice_harness.mn.leftovers import Snapshot, leftovers, snapshot
from p4slice_harness.mn.nodes import MnexecNamespace, P4SliceSwitch, P4SliceTopo
from p4slice_harness.mn.runner import build_parser, format_pingall, main
from p4slice_harness.mn.spec import (HostSpec, LinkSpec, MininetError, SwitchSpec, check_plan_devices,
                                         static_neighbours, topo_spec)
from p4slice_harness.paths import scenario_path
from p4slice_harness.scenario import expected_reachability, load_scenario, parse_scenario

TWO_SWITCH = scenario_path("two-switch-four-slices")


def one_switch_doc(**changes):
    """One switch, four hosts, two slices of two hosts each (h1+h2 in 10, h3+h4 in 20)."""
    doc = {
        "devices": [{"id": "device:bmv2:s1", "ports": [{"port": p, "speedBps": 10_000_000} for p in (1, 2, 3, 4)]}],
        "hosts": [{"name": f"h{i}", "mac": f"00:00:00:00:00:0{i}", "ip": f"10.0.0.{i}/24",
                   "device": "device:bmv2:s1", "port": i} for i in (1, 2, 3, 4)],
        "slices": [
            {"id": 10, "name": "a", "tenant": "t", "vlan": 110, "quotaBps": 1_000_000,
             "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"},
                           {"device": "device:bmv2:s1", "port": 2, "mode": "access"}]},
            {"id": 20, "name": "b", "tenant": "t", "vlan": 120, "quotaBps": 1_000_000,
             "endpoints": [{"device": "device:bmv2:s1", "port": 3, "mode": "access"},
                           {"device": "device:bmv2:s1", "port": 4, "mode": "access"}]},
        ],
    }
    doc.update(changes)
    return doc


def test_topo_spec_two_switches():
    spec = topo_spec(load_scenario(TWO_SWITCH))
    assert spec.switches == (SwitchSpec("s1", "device:bmv2:s1", 1, "0000000000000001"),
                             SwitchSpec("s2", "device:bmv2:s2", 2, "0000000000000002"))
    assert [h.name for h in spec.hosts] == [f"h{i}" for i in range(1, 9)]
    assert spec.hosts[4] == HostSpec("h5", "00:00:00:00:00:05", "10.0.0.5/24", "s2", 1)
    # eight host links (host side eth0), then the trunk port 5 <-> port 5
    assert spec.links[0] == LinkSpec("h1", 0, "s1", 1)
    assert spec.links[7] == LinkSpec("h8", 0, "s2", 4)
    assert spec.links[8:] == (LinkSpec("s1", 5, "s2", 5),)


def test_topo_spec_one_switch_four_hosts():
    spec = topo_spec(parse_scenario(one_switch_doc()))
    assert [s.name for s in spec.switches] == ["s1"]
    assert [(link.node1, link.port2) for link in spec.links] == [("h1", 1), ("h2", 2), ("h3", 3), ("h4", 4)]


def test_interface_names_must_fit_linux():
    doc = one_switch_doc()
    doc["devices"][0]["name"] = "edge-switch-a"  # edge-switch-a-eth1 = 18 characters
    with pytest.raises(MininetError, match=r"'edge-switch-a-eth1' of node 'edge-switch-a'.*max 15"):
        topo_spec(parse_scenario(doc))


def test_switch_and_host_names_share_one_name_space():
    doc = one_switch_doc()
    doc["hosts"][0]["name"] = "s1"
    with pytest.raises(MininetError, match=r"used twice.*\['s1'\]"):
        topo_spec(parse_scenario(doc))


def test_static_neighbours():
    doc = one_switch_doc()
    del doc["hosts"][3]["ip"]               # h4: no address
    doc["hosts"][2]["ip"] = "fd00::3/64"    # h3: IPv6 only
    nb = static_neighbours(parse_scenario(doc))
    assert nb["h1"] == [("10.0.0.2", "00:00:00:00:00:02")]
    assert nb["h2"] == [("10.0.0.1", "00:00:00:00:00:01")]
    assert nb["h3"] == []                   # no other IPv6 host
    assert nb["h4"] == []


def test_expected_reachability_two_switches():
    exp = expected_reachability(load_scenario(TWO_SWITCH))
    assert len(exp) == 8 * 7
    reachable = sorted(p for p, ok in exp.items() if ok)
    pairs = [(f"h{i}", f"h{i + 4}") for i in range(1, 5)]
    assert reachable == sorted(pairs + [(b, a) for a, b in pairs])


def test_expected_reachability_host_outside_every_slice():
    doc = one_switch_doc()
    doc["slices"] = doc["slices"][:1]       # h3, h4 in no slice
    exp = expected_reachability(parse_scenario(doc))
    assert exp[("h1", "h2")] and exp[("h2", "h1")]
    assert not exp[("h3", "h4")] and not exp[("h1", "h3")]


def test_check_plan_devices():
    sc = load_scenario(TWO_SWITCH)
    check_plan_devices(["device:bmv2:s1", "device:bmv2:s2"], sc)
    with pytest.raises(MininetError, match=r"device\(s\) device:bmv2:s9 that the scenario does not declare"):
        check_plan_devices(["device:bmv2:s1", "device:bmv2:s9"], sc)


def test_switch_command_is_bmv2s_prefixed_by_mnexec(tmp_path):
    ns = MnexecNamespace(4242)
    assert ns.cmd("a", "b") == ["mnexec", "-a", "4242", "a", "b"]
    sw = Bmv2Switch("s1", {1: "s1-eth1", 5: "s1-eth5"}, ns, tmp_path, device_id=3, log_level="info",
                    binary="/opt/p4tools/bin/simple_switch_grpc")
    assert sw.command() == [
        "mnexec", "-a", "4242", "/opt/p4tools/bin/simple_switch_grpc", "--device-id", "3",
        "-i", "1@s1-eth1", "-i", "5@s1-eth5",
        "--notifications-addr", f"ipc://{tmp_path}/s1-notifications.ipc",
        "--log-file", f"{tmp_path}/s1.log", "--log-level", "info", "--log-flush",
        "--no-p4", "--", "--grpc-server-addr", f"unix:{tmp_path}/s1.grpc", "--cpu-port", "255"]
    assert sw.log_path == tmp_path / "s1.log.txt"   # bmv2 appends .txt to --log-file
    bench = Bmv2Switch("s1", {1: "s1-eth1"}, ns, tmp_path, binary="/x/simple_switch_grpc")
    assert "--log-file" not in bench.command()


def test_format_pingall():
    exp = {("h1", "h2"): True, ("h2", "h1"): True, ("h1", "h3"): False, ("h3", "h1"): False,
           ("h2", "h3"): False, ("h3", "h2"): False}
    got = dict(exp)
    assert format_pingall(got, exp).splitlines() == [
        "h1 -> h2 X", "h2 -> h1 X", "h3 -> X X", "*** 6/6 pairs as the slices say"]
    got[("h3", "h1")] = True
    got[("h2", "h1")] = False
    assert format_pingall(got, exp).splitlines() == [
        "h1 -> h2 X", "h2 -> X! X", "h3 -> h1! X", "*** 4/6 pairs as the slices say, 2 mismatch(es) marked !"]


def test_format_pingall_orders_hosts_naturally():
    exp = {(a, b): False for a in ("h2", "h10") for b in ("h2", "h10") if a != b}
    assert format_pingall(exp, exp).splitlines()[:2] == ["h2 -> X", "h10 -> X"]


def test_leftovers():
    before = Snapshot(netns=("other",), links=("lo", "eth0"))
    assert leftovers(before, Snapshot(("other",), ("eth0", "lo"))) == []
    # another harness run's namespace (pid 1 is never a test run) is not ours; anything else is
    after = Snapshot(("other", "p4s-1-abcd-s1", "stray"), ("lo", "eth0", "s1-eth1"), ((99, "simple_switch_grpc"),))
    assert leftovers(before, after) == ["namespaces ['stray']", "root-namespace links ['s1-eth1']",
                                           "processes [(99, 'simple_switch_grpc')]"]
    # a child that was there before the run (e.g. the shell's stdin feeder) is not a leftover
    with_child = Snapshot(("other",), ("lo", "eth0"), ((7, "sleep 60"),))
    assert leftovers(with_child, Snapshot(("other",), ("lo", "eth0"), ((7, "sleep 60"),))) == []


def test_main_rejects_bad_input_before_touching_anything(tmp_path, capsys):
    assert main([str(tmp_path / "missing.json")]) == 2
    assert "mn: error:" in capsys.readouterr().err
    plan = tmp_path / "plan.json"
    plan.write_text('{"version": 1, "multicastGroups": [{"device": "device:bmv2:s9", "id": 1, '
                    '"replicas": [{"port": 1}]}]}')
    assert main([str(TWO_SWITCH), "--plan", str(plan)]) == 2
    assert "device:bmv2:s9 that the scenario does not declare" in capsys.readouterr().err


def test_parser_defaults():
    args = build_parser().parse_args(["sc.json"])
    assert (args.plan, args.cli, args.pingall, args.benchmark, args.log_level) == (None, False, False, False, "info")
    assert args.cpu_port == 255
    with pytest.raises(SystemExit):
        build_parser().parse_args(["sc.json", "--log-level", "verbose"])


def test_p4slice_topo_graph():
    pytest.importorskip("mininet.topo", reason="Debian's mininet package not importable here")
    topo = P4SliceTopo(load_scenario(TWO_SWITCH), workdir="/tmp/x", switch_opts={"log_level": None})
    assert topo.switches() == ["s1", "s2"]
    assert sorted(topo.hosts()) == [f"h{i}" for i in range(1, 9)]
    info = topo.nodeInfo("s2")
    assert info["cls"] is P4SliceSwitch
    assert (info["device_id"], info["onos_id"], info["dpid"], info["inNamespace"], info["log_level"],
            info["workdir"]) == (2, "device:bmv2:s2", "0000000000000002", True, None, "/tmp/x")
    assert topo.nodeInfo("h3") == {"ip": "10.0.0.3/24", "mac": "00:00:00:00:00:03"}
    links = {(a, b): (i["port1"], i["port2"]) for a, b, i in topo.links(withInfo=True)}
    assert links[("s1", "s2")] == (5, 5)
    assert links[("h6", "s2")] == (0, 2)


def test_onos_lab_mode_puts_the_switches_in_the_root_namespace_on_tcp_ports():
    pytest.importorskip("mininet.topo", reason="Debian's mininet package not importable here")
    topo = P4SliceTopo(load_scenario(TWO_SWITCH), workdir="/tmp/x",
                          switch_opts={"log_level": None, "grpc_port_base": 50001})
    assert [(topo.nodeInfo(s)["inNamespace"], topo.nodeInfo(s)["grpc_port"]) for s in ("s1", "s2")] == \
        [(False, 50001), (False, 50002)]
    assert "grpc_port_base" not in topo.nodeInfo("s1")


@pytest.mark.parametrize("argv, message", [
    (["--onos", "http://127.0.0.1:8181"], "mn: error: --onos needs --grpc-port-base (ONOS reaches the switches over TCP)"),
    (["--grpc-port-base", "50001", "--plan", "plan.json"],
     "mn: error: --plan and --grpc-port-base exclude each other (ONOS writes the entries)"),
])
def test_onos_lab_mode_options_are_checked_before_anything_starts(argv, message, capsys):
    before = snapshot()
    assert main([str(TWO_SWITCH), *argv]) == 2
    assert capsys.readouterr().err.strip() == message
    assert snapshot() == before
