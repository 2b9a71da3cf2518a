"""A cluster lab node's copy of the ONOS installation (release layout) and how its Karaf scripts run:
in the node's namespace, with the node's JAVA_OPTS and the Java 11 of the installation (no root, no ONOS)."""

import os

from p4slice_harness.cluster import onos_node
from p4slice_harness.cluster.layout import ClusterLayout
from p4slice_harness.onos import assembly, karaf

from .test_onos_lab import ScriptedRest, fake_home, fake_java, java11  # noqa: F401  (fixture)


def test_a_node_copy_links_what_onos_only_reads_and_has_no_state_of_its_own(tmp_path):
    source = fake_home(tmp_path)
    k = source / assembly.KARAF_SUBDIR
    (k / "system" / "org").mkdir(parents=True)
    (k / "system" / "org" / "bundle.jar").write_bytes(b"jar")
    (k / "etc").mkdir()
    (k / "etc" / "users.properties").write_text("onos = rocks,_g_:admingroup\n")
    (k / "data" / "db").mkdir()
    (source / "bin").mkdir()
    (source / "bin" / "onos-service").write_text("#!/bin/sh\n")
    (source / "apps" / "org.p4slice").mkdir()                 # a single-node run's install: never copied
    dest = tmp_path / "lab" / "node1"
    assert onos_node.prepare_node_dir(source, dest, out=lambda m: None) is True
    dk = dest / assembly.KARAF_SUBDIR
    assert os.path.samefile(dk / "system" / "org" / "bundle.jar", k / "system" / "org" / "bundle.jar")
    assert not os.path.samefile(dk / "etc" / "users.properties", k / "etc" / "users.properties")
    assert not (dk / "data").exists() and list((dest / "apps").iterdir()) == []
    assert os.path.samefile(dest / "run" / "apps.stock.tar", source / "run" / "apps.stock.tar")
    assert (dest / "bin" / "onos-service").is_file()
    assert assembly.home_problem(dest) is None
    assert onos_node.prepare_node_dir(source, dest, out=lambda m: None) is False   # up to date: kept
    karaf.clean(dest)                                          # a clean start fills apps/ from the snapshot
    assert sorted(p.name for p in (dest / "apps").iterdir()) == [
        "org.onosproject.drivers", "org.onosproject.fwd", "org.onosproject.gui", "org.onosproject.gui2"]


def test_a_nodes_scripts_run_in_its_namespace_with_its_heap(tmp_path, monkeypatch):
    record = tmp_path / "calls.txt"
    layout = ClusterLayout(root=tmp_path / "lab", env={})
    member = layout.node(2)
    onos_node.prepare_node_dir(fake_home(tmp_path, record), layout.node_dir(member), out=lambda m: None)
    node = onos_node.ClusterOnos(layout, member, rest=ScriptedRest({}), heap="1g")
    assert node.command("bin/start") == ["ip", "netns", "exec", "p4scl-onos2",
                                         str(layout.node_dir(member) / "apache-karaf-4.2.9" / "bin" / "start")]
    monkeypatch.setattr(node, "command", lambda script, *args: [str(node.karaf / script), *args])
    monkeypatch.setattr(node, "running", lambda: False)
    monkeypatch.setattr(onos_node, "port_in_use", lambda port, host: False)
    node.launch(clean=True)
    line = record.read_text().splitlines()[0]
    assert line.startswith("bin/start  <> | ") and "-Xmx1g" in line and f"{layout.node_dir(member)}/run/karaf.out" in line
    cluster_json = (layout.node_dir(member) / "config" / "cluster.json").read_text()
    assert '"id": "10.124.0.12"' in cluster_json


def test_the_atomix_nodes_run_on_the_java_of_the_onos_nodes(tmp_path, monkeypatch):
    from p4slice_harness.cluster.atomix import java_of
    from p4slice_harness.errors import HarnessError
    import pytest
    assert java_of() == karaf.java_home() / "bin" / "java"
    monkeypatch.setenv("P4S_ONOS_JAVA_HOME", str(fake_java(tmp_path, "17.0.2")))
    with pytest.raises(HarnessError, match="ONOS 2.7 runs on Java 11"):
        java_of()
