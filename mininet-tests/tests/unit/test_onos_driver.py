"""The ONOS driver: the netcfg and slice requests of a scenario (through the one request builder),
and its REST calls against a loopback HTTP server that answers like ONOS."""

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from p4slice_harness.onos.driver import main, slice_requests
from p4slice_harness.onos.netcfg import grpc_addresses, netcfg
from p4slice_harness.onos.rest import OnosError, OnosRest, slice_request
from p4slice_harness.paths import scenario_path
from p4slice_harness.scenario import load_scenario

SCENARIO = scenario_path("two-switch-four-slices")


def test_netcfg_of_the_example():
    sc = load_scenario(SCENARIO)
    cfg = netcfg(sc, grpc_addresses(sc, "10.0.0.9:50001"), guard_band=0.05)
    assert set(cfg) == {"devices", "links", "apps"}
    s2 = cfg["devices"]["device:bmv2:s2"]
    assert s2["basic"] == {"managementAddress": "grpc://10.0.0.9:50002?device_id=2", "driver": "bmv2",
                           "pipeconf": "org.p4slice.bmv2", "name": "s2"}
    assert "piPipeconf" not in s2["basic"]
    assert s2["ports"] == {str(p): {"number": p, "name": f"s2-eth{p}", "enabled": True, "removed": False,
                                    "type": "copper", "speed": 40} for p in range(1, 6)}
    assert cfg["links"] == {"device:bmv2:s1/5-device:bmv2:s2/5": {"basic": {"type": "DIRECT", "bidirectional": True}}}
    app = cfg["apps"]["org.p4slice"]["p4slice"]
    assert app["guardBand"] == 0.05 and app["tenants"] == ["itb", "ui"]
    assert app["capacityOverrides"]["device:bmv2:s1/5"] == 40_000_000 and len(app["capacityOverrides"]) == 10
    assert app["infrastructurePorts"] == ["device:bmv2:s1/5", "device:bmv2:s2/5"]


def test_capacity_overrides_are_the_port_speeds():
    sc = load_scenario(SCENARIO)
    cfg = netcfg(sc, grpc_addresses(sc, "127.0.0.1:50001"))
    overrides = cfg["apps"]["org.p4slice"]["p4slice"]["capacityOverrides"]
    ports = {f"{dev}/{p}": c["speed"] * 1_000_000 for dev, d in cfg["devices"].items() for p, c in d["ports"].items()}
    assert overrides == ports
    assert "guardBand" not in cfg["apps"]["org.p4slice"]["p4slice"]


def test_port_names_are_mininets_and_the_namespace_testbeds():
    from p4slice_harness.mn.spec import intf_name
    from p4slice_harness.net.topology import switch_port_ifname
    from p4slice_harness.onos.netcfg import port_ifname
    assert port_ifname("s1", 7) == intf_name("s1", 7) == switch_port_ifname("s1", 7) == "s1-eth7"


def test_speeds_must_be_whole_megabits(tmp_path):
    from p4slice_harness.scenario import parse_scenario
    sc = parse_scenario({"devices": [{"id": "device:bmv2:s1", "ports": [{"port": 1, "speedBps": 1_500_000}]}]})
    with pytest.raises(Exception, match=r"device:bmv2:s1/1: speed 1500000 bit/s is not a whole number of Mbit/s"):
        netcfg(sc, {"device:bmv2:s1": "127.0.0.1:50001"})


def test_netcfg_needs_every_grpc_address_and_takes_explicit_tenants():
    sc = load_scenario(SCENARIO)
    with pytest.raises(Exception, match="no P4Runtime address for device:bmv2:s2"):
        netcfg(sc, {"device:bmv2:s1": "127.0.0.1:50001"})
    cfg = netcfg(sc, grpc_addresses(sc, "127.0.0.1:50001"), tenants=[])
    assert "tenants" not in cfg["apps"]["org.p4slice"]["p4slice"]
    assert "operators" not in cfg["apps"]["org.p4slice"]


def test_netcfg_names_the_operators_it_is_given():
    sc = load_scenario(SCENARIO)
    cfg = netcfg(sc, grpc_addresses(sc, "127.0.0.1:50001"), operators=["onos", "noc", "onos"])
    assert cfg["apps"]["org.p4slice"]["operators"] == {"users": ["noc", "onos"]}


def test_slice_requests_in_the_rest_shape():
    reqs = slice_requests(load_scenario(SCENARIO))
    assert reqs[2] == {"id": 30, "name": "lab-c", "tenant": "ui", "vlan": 130, "quotaBps": 10_000_000,
                       "burstBytes": 131072, "endpoints": [{"device": "device:bmv2:s1", "port": 3, "mode": "access"},
                                                           {"device": "device:bmv2:s2", "port": 3, "mode": "access"}]}


def test_slice_request_sends_what_it_is_given():
    S1, S2 = "device:bmv2:s1", "device:bmv2:s2"
    assert slice_request("a", "itb", 8_000_000, [(S1, 1), (S2, 1, "trunk")]) == {
        "name": "a", "tenant": "itb", "quotaBps": 8_000_000,
        "endpoints": [{"device": S1, "port": 1, "mode": "access"}, {"device": S2, "port": 1, "mode": "trunk"}]}
    # no checks here: the server judges (tests/rest asserts its messages for these)
    assert slice_request("", "", 4.1e6, [], mode="tagged", vlan=0) == {
        "name": "", "tenant": "", "quotaBps": 4.1e6, "endpoints": [], "vlan": 0}


class FakeOnos(BaseHTTPRequestHandler):
    calls = []

    def _reply(self, code, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeOnos.calls.append(("POST", self.path, self.headers["Authorization"], body))
        if self.path == "/onos/v1/network/configuration":
            return self._reply(200, {})
        if body.get("quotaBps", 0) > 9_000_000 and body["name"] == "lab-c":
            return self._reply(409, {"code": 409, "message": "admission refused on port device:bmv2:s1/3"})
        return self._reply(201, dict(body, state="ACTIVE", reason=None))

    def do_GET(self):
        FakeOnos.calls.append(("GET", self.path, self.headers["Authorization"], None))
        if self.path.startswith("/onos/v1/devices/"):
            return self._reply(200, {"id": self.path.rsplit("/", 1)[1], "available": True})
        return self._reply(404, {"code": 404, "message": "not here"})

    def do_DELETE(self):
        FakeOnos.calls.append(("DELETE", self.path, self.headers["Authorization"], None))
        self._reply(204)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_onos():
    FakeOnos.calls = []
    server = HTTPServer(("127.0.0.1", 0), FakeOnos)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_pushes_netcfg_then_slices_and_stops_at_onos_refusal(fake_onos, capsys):
    rc = main([str(SCENARIO), "--grpc", "127.0.0.1:50001", "--onos", fake_onos])
    assert rc == 1
    paths = [(m, p) for m, p, _, _ in FakeOnos.calls]
    assert paths == ([("POST", "/onos/v1/network/configuration")]
                     + [("GET", "/onos/v1/devices/device:bmv2:s1"), ("GET", "/onos/v1/devices/device:bmv2:s2")]
                     + [("POST", "/onos/p4slice/slices")] * 3)
    assert all(auth == "Basic b25vczpyb2Nrcw==" for _, _, auth, _ in FakeOnos.calls)  # onos:rocks
    out, err = capsys.readouterr()
    assert "slice 10 lab-a VLAN 110: ACTIVE" in out and "slice 20 lab-b VLAN 120: ACTIVE" in out
    assert err.strip() == ("onos.driver: error: POST /onos/p4slice/slices: HTTP 409: admission refused on port "
                           "device:bmv2:s1/3")


def test_remove_deletes_every_slice(fake_onos):
    assert main([str(SCENARIO), "--grpc", "127.0.0.1:50001", "--onos", fake_onos, "--remove"]) == 0
    assert [p for _, p, _, _ in FakeOnos.calls] == [f"/onos/p4slice/slices/{i}" for i in (10, 20, 30, 40)]


def test_unreachable_onos_is_one_precise_error():
    with pytest.raises(OnosError, match=r"GET /onos/p4slice/slices\?limit=1000&offset=0: cannot reach ONOS at http://127.0.0.1:9"):
        OnosRest("http://127.0.0.1:9", timeout=2).slices()


def test_bad_grpc_address():
    with pytest.raises(Exception, match="--grpc must be host:port"):
        grpc_addresses(load_scenario(SCENARIO), "50001")
