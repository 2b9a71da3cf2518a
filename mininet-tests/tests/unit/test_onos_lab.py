"""Pure parts of the L3 lab: its topology and netcfg, bench arguments, the skip
reasons, and OnosL3's REST/log logic against a fake assembly directory and a fake REST."""

import os

import pytest

from p4slice_harness.bench import onos as onos_bench
from p4slice_harness.errors import HarnessError
from p4slice_harness.lifecycle import timed_step
from p4slice_harness.onos import assembly
from p4slice_harness.onos import karaf as karaf_mod
from p4slice_harness.onos.lab import OnosLab, frame_rate
from p4slice_harness.onos.lock import AssemblyLock, take_assembly
from p4slice_harness.onos.rest import OnosError, Reply
from p4slice_harness.onos.topology import (GRPC_PORTS, S1, S2, grpc_addresses, lab_scenario, root_link_names,
                                           trunk_link_keys, virtual_port_numbers)


def test_lab_topology():
    sc = lab_scenario(virtual_ports=3)
    assert [(d.id, d.name, d.device_id) for d in sc.devices] == [(S1, "s1", 1), (S2, "s2", 2)]
    assert sorted(sc.device(S1).ports) == [1, 2, 3, 4, 10, 11, 12]
    assert sorted(sc.device(S2).ports) == [1, 2, 3, 10, 11, 12]
    assert {(h.name, h.device, h.port, h.ip) for h in sc.hosts} == {
        ("h1", S1, 1, "10.0.0.1/24"), ("h2", S1, 2, "10.0.0.2/24"), ("h5", S1, 4, "10.0.0.5/24"),
        ("h3", S2, 1, "10.0.0.3/24"), ("h4", S2, 2, "10.0.0.4/24")}
    assert [(l.src.device, l.src.port, l.dst.device, l.dst.port) for l in sc.links] == [(S1, 3, S2, 3)]
    assert sc.slices == ()
    assert sorted(root_link_names(sc)) == ["s1-eth1", "s1-eth2", "s1-eth3", "s1-eth4", "s2-eth1", "s2-eth2",
                                           "s2-eth3"]
    assert trunk_link_keys() == {f"{S1}/3-{S2}/3", f"{S2}/3-{S1}/3"}
    with pytest.raises(HarnessError, match="virtual_ports must be"):
        lab_scenario(virtual_ports=-1)


def test_a_full_lab_switch_has_500_netcfg_ports_without_the_cpu_port():
    ports = sorted(lab_scenario(virtual_ports=500).device(S1).ports)
    assert len(ports) == 4 + 500 and 255 not in ports and ports[-1] == 510
    assert virtual_port_numbers(246)[-2:] == [254, 256]
    with pytest.raises(HarnessError, match=r"virtual_ports must be 0\.\.500, got 501"):
        lab_scenario(virtual_ports=501)


def test_lab_netcfg_is_the_drivers_builder_with_every_port():
    lab = OnosLab.__new__(OnosLab)          # no ONOS needed for the netcfg
    lab.scenario = lab_scenario(virtual_ports=70)
    cfg = OnosLab.netcfg(lab)
    s1 = cfg["devices"][S1]
    assert s1["basic"] == {"managementAddress": f"grpc://127.0.0.1:{GRPC_PORTS[S1]}?device_id=1", "driver": "bmv2",
                           "pipeconf": "org.p4slice.bmv2", "name": "s1"}
    assert cfg["devices"][S2]["basic"]["managementAddress"] == "grpc://127.0.0.1:50102?device_id=2"
    assert len(s1["ports"]) == 74 and len(cfg["devices"][S2]["ports"]) == 73
    assert s1["ports"]["79"] == {"number": 79, "name": "s1-eth79", "enabled": True, "removed": False,
                                 "type": "copper", "speed": 100}
    app = cfg["apps"]["org.p4slice"]["p4slice"]
    # no tenants restriction, default guard band; the trunk's ends are the infrastructure ports
    assert set(app) == {"capacityOverrides", "infrastructurePorts"}
    assert app["infrastructurePorts"] == [f"{S1}/3", f"{S2}/3"]
    # the lab's REST user is a named operator: ONOS's GUI makes operators of named users only
    assert cfg["apps"]["org.p4slice"]["operators"] == {"users": ["onos"]}
    assert app["capacityOverrides"][f"{S2}/3"] == 100_000_000 and len(app["capacityOverrides"]) == 147
    assert cfg["links"] == {f"{S1}/3-{S2}/3": {"basic": {"type": "DIRECT", "bidirectional": True}}}
    assert grpc_addresses() == {S1: "127.0.0.1:50101", S2: "127.0.0.1:50102"}


def test_frame_rate_counts_the_headers_the_meter_sees():
    assert frame_rate(1400) == pytest.approx(1442)


def test_bench_arguments():
    assert onos_bench.parse_sizes("1,16,64") == [1, 16, 64]
    for bad in ("0", "71", "a,b", ""):
        with pytest.raises(HarnessError):
            onos_bench.parse_sizes(bad)
    reqs = onos_bench.bench_requests(64)
    assert len({r["name"] for r in reqs}) == 64
    assert reqs[63]["endpoints"] == [{"device": S1, "port": 73, "mode": "access"},
                                     {"device": S2, "port": 73, "mode": "access"}]
    assert all(r["quotaBps"] == 1_000_000 for r in reqs)
    assert onos_bench.main(["--sizes", "0"]) == 2
    assert onos_bench.main(["--runs", "0"]) == 2


def fake_java(tmp_path, version="11.0.13"):
    """A Java home whose ``release`` file names ``version`` (bin/java a stub)."""
    home = tmp_path / f"jdk-{version}"
    (home / "bin").mkdir(parents=True, exist_ok=True)
    (home / "bin" / "java").write_text("#!/bin/sh\nexit 0\n")
    (home / "bin" / "java").chmod(0o755)
    (home / "release").write_text(f'IMPLEMENTOR="x"\nJAVA_VERSION="{version}"\n')
    return home


def fake_home(tmp_path, record=None):
    """ONOS 2.7.0 in its release layout: Karaf's four scripts (each appends its name, arguments,
    JAVA_HOME, KARAF_REDIRECT, JAVA_OPTS and working directory to ``record`` if given), stock apps
    (gui2 marked active, as ONOS's onos-service leaves it) and Karaf's data/log."""
    home = tmp_path / "onos-2.7.0"
    karaf = home / assembly.KARAF_SUBDIR
    (karaf / "data" / "log").mkdir(parents=True)
    (karaf / "bin").mkdir()
    (karaf / "system").mkdir()
    for s in karaf_mod.SCRIPTS:
        log = f'echo "{s} $* <$(cat)> | $JAVA_HOME | $KARAF_REDIRECT | $JAVA_OPTS | $(pwd)" >> {record}\n' if record else ""
        (karaf / s).write_text(f"#!/bin/sh\n{log}exit 0\n")
        (karaf / s).chmod(0o755)
    for app in ("org.onosproject.drivers", "org.onosproject.gui", "org.onosproject.gui2", "org.onosproject.fwd"):
        (home / "apps" / app).mkdir(parents=True)
        (home / "apps" / app / f"{app}.oar").write_bytes(b"PK")
    (home / "apps" / "org.onosproject.gui2" / "active").touch()
    return home


@pytest.fixture(autouse=True)
def java11(tmp_path, monkeypatch):
    """Every test runs with a Java 11 home in $P4S_ONOS_JAVA_HOME unless it sets another."""
    monkeypatch.setenv("P4S_ONOS_JAVA_HOME", str(fake_java(tmp_path)))


def test_installation_and_oar_lookup(tmp_path):
    assert assembly.find_home({}) == assembly.Path("/opt/onos-2.7.0")
    assert assembly.find_home({"P4S_ONOS_ROOT": "/x"}) == assembly.Path("/x")
    assert assembly.find_oar({"P4S_OAR": "/y.oar"}) == assembly.Path("/y.oar")
    assert assembly.find_oar({}).name == "p4slice-app-1.0.0-SNAPSHOT.oar"
    assert assembly.home_problem(tmp_path) == (
        f"ONOS 2.7.0 not found at {tmp_path} (no executable apache-karaf-4.2.9/bin/start, bin/stop, bin/status, "
        f"bin/client): unpack ONOS 2.7.0's release tarball there or set $P4S_ONOS_ROOT to its onos-2.7.0 "
        f"directory; see mininet-tests/README.md, \"What each tier needs\"")
    assert assembly.home_problem(fake_home(tmp_path)) is None
    assert "p4slice .oar not found" in assembly.oar_problem(tmp_path / "none.oar")


def test_onos_needs_a_java_11(tmp_path):
    home = fake_home(tmp_path)
    j17, j11 = fake_java(tmp_path, "17.0.13"), fake_java(tmp_path, "11.0.13")
    assert assembly.home_problem(home, {"P4S_ONOS_JAVA_HOME": str(j11)}) is None
    assert assembly.home_problem(home, {"JAVA_HOME": str(j11)}) is None
    assert assembly.home_problem(home, {"P4S_ONOS_JAVA_HOME": str(j11), "JAVA_HOME": str(j17)}) is None
    assert assembly.home_problem(home, {"JAVA_HOME": str(j17)}) == (
        f"ONOS 2.7 runs on Java 11, {j17} is Java 17.0.13: set $P4S_ONOS_JAVA_HOME to a Java 11 home; "
        f"see mininet-tests/README.md, \"What each tier needs\"")
    assert assembly.home_problem(home, {}, which=lambda t: None).startswith(
        "no Java runtime for ONOS 2.7 (it needs Java 11): set $P4S_ONOS_JAVA_HOME")
    assert assembly.home_problem(home, {}, which=lambda t: str(j17 / "bin" / "java")).startswith(
        "ONOS 2.7 runs on Java 11")
    assert "no executable bin/java" in assembly.home_problem(home, {"P4S_ONOS_JAVA_HOME": str(tmp_path)})


def test_lab_problem_names_the_first_missing_thing(tmp_path):
    home = fake_home(tmp_path)
    oar = tmp_path / "app.oar"
    env = {"P4S_ONOS_ROOT": str(home), "P4S_OAR": str(oar), "P4S_ONOS_JAVA_HOME": str(fake_java(tmp_path))}
    all_there = dict(is_root=True, which=lambda t: f"/usr/bin/{t}", find_switch=lambda: "/opt/ss")
    assert assembly.lab_problem(env, **dict(all_there, is_root=False)).startswith("needs root")
    assert assembly.lab_problem(env, **dict(all_there, which=lambda t: None if t == "ethtool" else t)) == \
        "'ethtool' not found (Debian package ethtool)"
    assert assembly.lab_problem(env, **dict(all_there, find_switch=lambda: None)) == (
        "simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC); "
        "see mininet-tests/README.md, \"What each tier needs\"")
    assert "p4slice .oar not found" in assembly.lab_problem(env, **all_there)
    oar.write_bytes(b"PK")
    assert assembly.lab_problem(env, **all_there) is None
    assert "ONOS 2.7.0 not found at" in assembly.lab_problem(dict(env, P4S_ONOS_ROOT=str(tmp_path / "no")),
                                                             **all_there)
    assert "runs on Java 11" in assembly.lab_problem(
        dict(env, P4S_ONOS_JAVA_HOME=str(fake_java(tmp_path, "17.0.1"))), **all_there)


def active_apps(home):
    return sorted(p.parent.name for p in (home / "apps").glob("*/active"))


def test_a_clean_start_removes_karafs_data_and_restores_the_stock_apps(tmp_path):
    home = fake_home(tmp_path)
    (home / "apps" / "org.p4slice").mkdir()                  # installed before the harness first ran
    karaf_mod.clean(home)
    snapshot = home / "run" / "apps.stock.tar"
    assert snapshot.is_file()
    assert sorted(p.name for p in (home / "apps").iterdir()) == [
        "org.onosproject.drivers", "org.onosproject.fwd", "org.onosproject.gui", "org.onosproject.gui2"]
    assert active_apps(home) == ["org.onosproject.drivers", "org.onosproject.gui"]   # gui2 never with gui
    karaf = home / assembly.KARAF_SUBDIR
    assert not (karaf / "data").exists()
    # a run installs p4slice, activates fwd and fills data/: the next clean start undoes all of it
    (home / "apps" / "org.p4slice").mkdir()
    (home / "apps" / "org.p4slice" / "active").touch()
    (home / "apps" / "org.onosproject.fwd" / "active").touch()
    (karaf / "data" / "db").mkdir(parents=True)
    before = snapshot.stat().st_mtime_ns
    karaf_mod.clean(home, ("org.onosproject.drivers", "org.onosproject.gui2"))
    assert not (home / "apps" / "org.p4slice").exists() and not (karaf / "data").exists()
    assert active_apps(home) == ["org.onosproject.drivers", "org.onosproject.gui2"]
    assert (home / "apps" / "org.onosproject.fwd" / "org.onosproject.fwd.oar").read_bytes() == b"PK"
    assert snapshot.stat().st_mtime_ns == before                 # the snapshot is taken once
    with pytest.raises(FileNotFoundError, match="boot application org.onosproject.nope is not in"):
        karaf_mod.clean(home, ("org.onosproject.nope",))


def test_boot_apps_from_the_environment():
    assert karaf_mod.boot_apps({}) == ("org.onosproject.drivers", "org.onosproject.gui")
    assert karaf_mod.boot_apps({"P4S_ONOS_BOOT_APPS": "drivers, gui2,org.example.x"}) == (
        "org.onosproject.drivers", "org.onosproject.gui2", "org.example.x")


def test_the_running_karaf_is_found_by_its_home(tmp_path):
    proc = tmp_path / "proc"
    karaf = fake_home(tmp_path) / assembly.KARAF_SUBDIR

    def process(pid, args, state="S"):
        (proc / str(pid)).mkdir(parents=True)
        (proc / str(pid) / "cmdline").write_bytes(b"\0".join(a.encode() for a in args) + b"\0")
        (proc / str(pid) / "stat").write_text(f"{pid} (java) {state} 1 2 3")
    main = "org.apache.karaf.main.Main"
    process(10, ["/bin/sh", f"{karaf}/bin/karaf", "server"])
    process(11, ["java", "-Dkaraf.home=/other/apache-karaf-4.2.9", main])
    process(12, ["java", f"-Dkaraf.home={karaf}", main], state="Z")
    (proc / "self").mkdir()
    assert karaf_mod.karaf_pid(karaf, proc) is None
    process(13, ["/jdk/bin/java", "-Xmx2G", f"-Dkaraf.home={karaf}/../apache-karaf-4.2.9", main, "server"])
    assert karaf_mod.karaf_pid(karaf, proc) == 13


def test_karafs_scripts_run_with_java_11_and_their_output_under_run(tmp_path, monkeypatch):
    record = tmp_path / "calls.txt"
    home = fake_home(tmp_path, record)
    java = fake_java(tmp_path)
    onos = assembly.OnosL3(home, ScriptedRest({}))
    monkeypatch.setattr(assembly, "port_in_use", lambda port, host="127.0.0.1": False)
    monkeypatch.setattr(onos, "pid", lambda: None)
    (home / "apps" / "org.p4slice").mkdir()
    onos.launch(clean=True)
    karaf = home / assembly.KARAF_SUBDIR
    assert record.read_text().splitlines() == [f"bin/start  <> | {java} | {home}/run/karaf.out |  | {karaf}"]
    assert not (home / "apps" / "org.p4slice").exists()
    assert onos.cli("pipeconfs") == ""
    assert record.read_text().splitlines()[1] == (
        f"bin/client -h 127.0.0.1 -a 8101 -u onos -p rocks -r 20 -d 1 -b <pipeconfs> | {java} | {home}/run/karaf.out | "
        f"-Xmx128m | {karaf}")
    assert onos.status() == ""
    pids = iter([4242, 4242, None, None])
    monkeypatch.setattr(onos, "pid", lambda: next(pids))
    monkeypatch.setattr(assembly.time, "sleep", lambda s: None)
    onos.stop()
    assert [line.split(" ")[0] for line in record.read_text().splitlines()] == [
        "bin/start", "bin/client", "bin/status", "bin/stop"]


def test_no_script_runs_without_a_java_11(tmp_path, monkeypatch):
    record = tmp_path / "calls.txt"
    onos = assembly.OnosL3(fake_home(tmp_path, record), ScriptedRest({}))
    monkeypatch.setenv("P4S_ONOS_JAVA_HOME", str(fake_java(tmp_path, "17.0.1")))
    monkeypatch.setattr(assembly, "port_in_use", lambda port, host="127.0.0.1": False)
    monkeypatch.setattr(onos, "pid", lambda: None)
    with pytest.raises(assembly.OnosL3Error, match="ONOS 2.7 runs on Java 11"):
        onos.launch()
    assert not record.exists()


class ScriptedRest:
    def __init__(self, answers):
        self.answers = answers          # {(method, path): [Reply, ...]} (the last one repeats)
        self.calls = []

    def call(self, method, path, body=None, data=None, content_type=None, timeout=None):
        self.calls.append((method, path, content_type, len(data) if data else None))
        a = self.answers[(method, path)]
        r = a.pop(0) if len(a) > 1 else a[0]
        if isinstance(r, Exception):
            raise r
        return r

    def request(self, method, path, body=None):
        return self.call(method, path, body).body


def reply(status, body=None):
    return Reply(status, body, "", 0.01)


def test_activate_retries_while_the_core_restarts(tmp_path, monkeypatch):
    monkeypatch.setattr(assembly.time, "sleep", lambda s: None)
    app = "/onos/v1/applications/org.onosproject.drivers.bmv2"
    rest = ScriptedRest({("GET", app): [reply(200, {"state": "INSTALLED"}), reply(503), reply(404),
                                        reply(200, {"state": "ACTIVE"})],
                         ("POST", app + "/active"): [reply(503), reply(200, {})]})
    assembly.OnosL3(fake_home(tmp_path), rest).activate("org.onosproject.drivers.bmv2", timeout=60)
    assert [c[:2] for c in rest.calls].count(("POST", app + "/active")) == 3


def test_install_oar_uploads_a_copy_as_octet_stream_then_waits_for_active(tmp_path, monkeypatch):
    monkeypatch.setattr(assembly.time, "sleep", lambda s: None)
    oar = tmp_path / "p4slice.oar"
    oar.write_bytes(b"x" * 1234)
    rest = ScriptedRest({("POST", "/onos/v1/applications?activate=true"): [reply(503), reply(200, {"name": "org.p4slice"})],
                         ("GET", "/onos/v1/applications/org.p4slice"): [reply(200, {"state": "INSTALLED"}),
                                                                         reply(200, {"state": "ACTIVE"})]})
    onos = assembly.OnosL3(fake_home(tmp_path), rest)
    assert onos.install_oar(oar, timeout=60) == {"name": "org.p4slice"}
    assert rest.calls[0] == ("POST", "/onos/v1/applications?activate=true", "application/octet-stream", 1234)
    with pytest.raises(assembly.OnosL3Error, match="p4slice .oar not found"):
        onos.install_oar(tmp_path / "missing.oar")


@pytest.mark.parametrize("first", [OnosError("POST /onos/v1/applications?activate=true: cannot reach ONOS: timed out"),
                                   reply(503, {"message": "busy"})], ids=["no answer", "503"])
def test_install_oar_takes_a_409_after_a_failed_upload_as_installed_and_activates_it(tmp_path, monkeypatch, first):
    """ONOS at load installed the app although the upload seemed to fail (its answer lost, or a 5xx): the
    retry's 409 "already installed" is that install, not a refusal; the app is then activated."""
    monkeypatch.setattr(assembly.time, "sleep", lambda s: None)
    oar = tmp_path / "p4slice.oar"
    oar.write_bytes(b"x" * 10)
    app = "/onos/v1/applications/org.p4slice"
    rest = ScriptedRest({("POST", "/onos/v1/applications?activate=true"): [
                            first, reply(409, {"message": "Application org.p4slice already installed"})],
                         ("GET", app): [reply(200, {"state": "INSTALLED"}), reply(200, {"state": "ACTIVE"})],
                         ("POST", app + "/active"): [reply(200, {})]})
    body = assembly.OnosL3(fake_home(tmp_path), rest).install_oar(oar, timeout=60)
    assert body["installedBy"] == "an earlier attempt"
    assert ("POST", app + "/active", None, None) in rest.calls


def test_a_first_409_is_a_refusal(tmp_path, monkeypatch):
    monkeypatch.setattr(assembly.time, "sleep", lambda s: None)
    oar = tmp_path / "p4slice.oar"
    oar.write_bytes(b"x")
    rest = ScriptedRest({("POST", "/onos/v1/applications?activate=true"): [
        reply(409, {"message": "Application org.p4slice already installed"})]})
    with pytest.raises(HarnessError, match="HTTP 409: Application org.p4slice already installed"):
        assembly.OnosL3(fake_home(tmp_path), rest).install_oar(oar, timeout=60)
    assert len(rest.calls) == 1, "a 409 to the first upload is the answer: no retry"


def test_component_config_values_as_strings(tmp_path):
    path = f"/onos/v1/configuration/{assembly.METER_MANAGER}"
    body = {assembly.METER_MANAGER: {"userDefinedIndex": {"name": "userDefinedIndex", "type": "boolean",
                                                          "value": "false", "defaultValue": "false"}}}
    onos = assembly.OnosL3(fake_home(tmp_path), ScriptedRest({("GET", path): [reply(200, body)]}))
    assert onos.component_config(assembly.METER_MANAGER) == {"userDefinedIndex": "false"}


def test_log_marks_and_grep(tmp_path):
    onos = assembly.OnosL3(fake_home(tmp_path), ScriptedRest({}))
    assert onos.mark() == assembly.LogMark(0, 0) and onos.log_since() == ""
    onos.log_path.write_text("t | ERROR | main | Circular reference old\n")
    mark = onos.mark()
    with open(onos.log_path, "a") as f:
        f.write("t | INFO  | main | Circular reference info\nt | ERROR | x | Circular reference detected\n")
    assert onos.grep("Circular reference", mark, level="ERROR") == ["t | ERROR | x | Circular reference detected"]
    assert len(onos.grep("Circular reference", mark)) == 2
    assert len(onos.grep("Circular reference")) == 3
    os.replace(onos.log_path, onos.log_path.with_suffix(".1"))      # rotated: read the new file whole
    onos.log_path.write_text("t | WARN  | y | userDefinedIndex\n")
    assert onos.grep("userDefinedIndex", mark) == ["t | WARN  | y | userDefinedIndex"]


def test_start_refuses_when_the_ports_are_taken(tmp_path, monkeypatch):
    onos = assembly.OnosL3(fake_home(tmp_path), ScriptedRest({}))
    monkeypatch.setattr(assembly, "port_in_use", lambda port, host="127.0.0.1": port == 8181)
    with pytest.raises(assembly.OnosL3Error, match=r"port\(s\) \[8181\] on 127.0.0.1 are in use"):
        onos.start()


def test_one_lab_per_assembly(tmp_path):
    from p4slice_harness.onos.lock import AssemblyLock, LabBusy
    first = AssemblyLock(tmp_path).acquire()
    assert first.held and f"pid {os.getpid()}:" in first.holder()
    with pytest.raises(LabBusy, match=r"is in use by another p4slice lab \(holder: pid \d+: "):
        AssemblyLock(tmp_path).acquire(wait=0.2, poll=0.05)
    first.release()
    assert not first.held
    with AssemblyLock(tmp_path) as second:
        assert second.held


def test_a_lab_that_cannot_lock_stops_nothing(tmp_path, monkeypatch):
    from p4slice_harness.onos.lock import AssemblyLock, LabBusy
    home = fake_home(tmp_path)
    other = AssemblyLock(home).acquire()
    lab = OnosLab(tmp_path / "w", home=home, oar=tmp_path / "x.oar", rest=ScriptedRest({}), out=lambda m: None)
    monkeypatch.setattr(lab.onos, "running", lambda: True)
    monkeypatch.setattr(lab.onos, "stop", lambda: pytest.fail("stopped someone else's ONOS"))
    with pytest.raises(LabBusy):
        with lab:
            pass
    other.release()


class _RunningOnos:
    """An assembly whose ONOS runs (someone else's), recording stop()."""

    def __init__(self, home):
        self.home, self.stopped = home, False
        self.karaf = home / assembly.KARAF_SUBDIR

    def running(self):
        return not self.stopped

    def pid(self):
        return 4242

    def stop(self):
        self.stopped = True


def test_take_assembly_never_stops_a_running_onos_unless_told(tmp_path, monkeypatch):
    monkeypatch.delenv("P4S_ONOS_TAKEOVER", raising=False)
    monkeypatch.setenv("P4S_ONOS_LOCK_WAIT", "0")
    onos, steps = _RunningOnos(tmp_path), []
    lock = AssemblyLock(tmp_path)
    with pytest.raises(HarnessError) as e:
        take_assembly(lock, onos, lambda what, fn: steps.append(what) or fn())
    assert str(e.value) == (f"ONOS of {tmp_path} is already running (pid 4242), maybe someone else's: stop it "
                            f"({tmp_path}/apache-karaf-4.2.9/bin/stop) or set P4S_ONOS_TAKEOVER=1 to let the lab stop it")
    assert not onos.stopped and steps == []
    lock.release()

    monkeypatch.setenv("P4S_ONOS_TAKEOVER", "1")
    take_assembly(lock, onos, lambda what, fn: steps.append(what) or fn())
    assert onos.stopped and steps == ["stop the running ONOS (P4S_ONOS_TAKEOVER=1)"] and lock.held
    lock.release()


def test_timed_step_records_and_reports_each_step():
    timings, lines = {}, []
    assert timed_step(timings, "tag", lines.append, "add", lambda a, b: a + b, 2, b=3) == 5
    assert list(timings) == ["add"] and timings["add"] >= 0
    assert lines == [f"[tag] add: {timings['add']} s"]


def restarted_lab(tmp_path, monkeypatch, rest):
    """An OnosLab just restarted (no ONOS): its assembly on a fake home, its REST scripted."""
    lab = OnosLab.__new__(OnosLab)
    lab.onos, lab.rest, lab.driver_reloads, lab.out = assembly.OnosL3(fake_home(tmp_path), rest), rest, 0, print
    return lab


def test_a_bmv2_driver_failure_logged_after_the_apps_are_active_is_still_remedied(tmp_path, monkeypatch):
    device = {d: f"/onos/v1/devices/{d}" for d in (S1, S2)}
    rest = ScriptedRest({("GET", device[S1]): [reply(200, {"available": False})],
                         ("GET", device[S2]): [reply(200, {"available": False})],
                         ("DELETE", f"/onos/v1/applications/{assembly.PREREQUISITE_APPS[0]}/active"): [reply(200)]})
    lab = restarted_lab(tmp_path, monkeypatch, rest)
    lab.onos.log_path.write_text("t | INFO  | main | ONOS started\n")
    mark = lab.onos.mark()
    sleeps = []

    def sleep(s):                       # the loader's failure is logged during the second wait
        sleeps.append(s)
        if len(sleeps) == 2:
            with open(lab.onos.log_path, "a") as f:
                f.write("t | ERROR | SCR | Bmv2DriversLoader | Unable to load /bmv2-drivers.xml driver definitions\n")
    monkeypatch.setattr("p4slice_harness.onos.lab.time.sleep", sleep)
    activated = []
    monkeypatch.setattr(lab.onos, "app_state", lambda app: "INSTALLED")
    monkeypatch.setattr(lab.onos, "activate", activated.append)
    assert lab.reload_bmv2_drivers_if_lost(mark) is True
    assert lab.driver_reloads == 1 and activated == [assembly.PREREQUISITE_APPS[0], assembly.APP]


def test_a_bmv2_driver_reload_that_fails_the_same_way_is_repeated(tmp_path, monkeypatch):
    delete = ("DELETE", f"/onos/v1/applications/{assembly.PREREQUISITE_APPS[0]}/active")
    rest = ScriptedRest({delete: [reply(200), reply(200)]})
    lab = restarted_lab(tmp_path, monkeypatch, rest)
    lost = "t | ERROR | SCR | Bmv2DriversLoader | Unable to load /bmv2-drivers.xml driver definitions\n"
    lab.onos.log_path.write_text("t | INFO  | main | ONOS started\n")
    mark = lab.onos.mark()
    with open(lab.onos.log_path, "a") as f:
        f.write(lost)
    monkeypatch.setattr("p4slice_harness.onos.lab.time.sleep", lambda s: None)
    monkeypatch.setattr(lab.onos, "app_state", lambda app: "INSTALLED")
    activated = []

    def activate(app):                  # the first re-activation of the drivers fails as ONOS's start did
        activated.append(app)
        if activated.count(assembly.PREREQUISITE_APPS[0]) == 1 and app == assembly.PREREQUISITE_APPS[0]:
            with open(lab.onos.log_path, "a") as f:
                f.write(lost)
    monkeypatch.setattr(lab.onos, "activate", activate)
    assert lab.reload_bmv2_drivers_if_lost(mark) is True
    assert lab.driver_reloads == 2
    assert activated == [assembly.PREREQUISITE_APPS[0], assembly.APP] * 2
    assert [c[:2] for c in rest.calls].count(delete) == 2


def test_when_the_stratum_drivers_were_lost_too_their_app_is_activated_again_first(tmp_path, monkeypatch):
    delete = ("DELETE", "/onos/v1/applications/org.onosproject.drivers.stratum/active")
    rest = ScriptedRest({delete: [reply(200)]})
    lab = restarted_lab(tmp_path, monkeypatch, rest)
    lab.onos.log_path.write_text("t | INFO  | main | ONOS started\n")
    mark = lab.onos.mark()
    with open(lab.onos.log_path, "a") as f:    # as ONOS logged it at 18:55:51 on 2026-11-27
        f.write("t | ERROR | SCR | StratumDriversLoader | Unable to load /stratum-drivers.xml driver definitions\n"
                "t | ERROR | SCR | Bmv2DriversLoader | Unable to load /bmv2-drivers.xml driver definitions\n")
    monkeypatch.setattr("p4slice_harness.onos.lab.time.sleep", lambda s: None)
    monkeypatch.setattr(lab.onos, "app_state", lambda app: "INSTALLED")
    activated = []
    monkeypatch.setattr(lab.onos, "activate", activated.append)
    assert lab.reload_bmv2_drivers_if_lost(mark) is True
    assert lab.driver_reloads == 1
    assert activated == ["org.onosproject.drivers.stratum", assembly.PREREQUISITE_APPS[0], assembly.APP]
    assert [c[:2] for c in rest.calls] == [delete]


def test_no_bmv2_driver_reload_once_both_switches_are_available(tmp_path, monkeypatch):
    device = {d: f"/onos/v1/devices/{d}" for d in (S1, S2)}
    rest = ScriptedRest({("GET", device[S1]): [reply(200, {"available": False}), reply(200, {"available": True})],
                         ("GET", device[S2]): [reply(200, {"available": True})]})
    lab = restarted_lab(tmp_path, monkeypatch, rest)
    monkeypatch.setattr("p4slice_harness.onos.lab.time.sleep", lambda s: None)
    assert lab.reload_bmv2_drivers_if_lost(lab.onos.mark()) is False
    assert lab.driver_reloads == 0
    assert ("DELETE", f"/onos/v1/applications/{assembly.PREREQUISITE_APPS[0]}/active", None, None) not in rest.calls
