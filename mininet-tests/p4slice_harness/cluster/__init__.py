"""The p4slice cluster lab: three ONOS 2.7 nodes on three Atomix 3.1.9 nodes, each in a network
namespace of its own, with the L3 lab's two bmv2 switches and hosts (``make cluster-up`` /
``cluster-down``, the drills of ``make test-cluster``). Harness code, never in the ``.oar``.

- :mod:`.layout`: names, addresses, ports, directories; :mod:`.genconfig`: ONOS's ``cluster.json`` and
  Atomix's configuration as ONOS's ``onos-gen-config`` / ``atomix-gen-config`` write them (both pure);
- :mod:`.network`: bridge, namespaces, hosts, switches; :mod:`.processes`: pids, signals, memory;
- :mod:`.atomix`: the Atomix jars (Maven, ``launcher/pom.xml``), our launcher
  (``launcher/AtomixNode.java``), one node process; :mod:`.onos_node`: an assembly copy per node, ONOS
  run in its namespace;
- :mod:`.lab`: :class:`~.lab.ClusterLab`, the whole; :mod:`.switch_state`: what the switches hold, read
  over P4Runtime, per slice; ``python -m p4slice_harness.cluster up|down|status``.
"""
