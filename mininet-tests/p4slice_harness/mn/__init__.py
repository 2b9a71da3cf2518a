"""Mininet integration: a scenario as a Mininet network of bmv2 switches, for students and instructors.

::

    sudo .venv/bin/python -m p4slice_harness.mn scenarios/two-switch-four-slices.json \\
        --plan plan.json [--pingall] [--cli] [--benchmark | --log-level debug] [--workdir DIR]

starts one :class:`P4SliceSwitch` (``simple_switch_grpc``) per scenario device and the scenario's
hosts and links (:class:`P4SliceTopo`), pushes the compiled pipeline
(``pipeconf/src/main/resources/p4c-out/bmv2/{p4info.txt,bmv2.json}``, or ``$P4S_P4C_OUT``), installs
the plan exported by the Java side (:func:`p4slice_harness.p4rt.install.install_plan`), optionally pings
every host pair and compares with the slices (same slice ⇒ reachable, otherwise not), optionally
opens the Mininet CLI, and always tears everything down, then checks that nothing is left.

Design:

- **Switches in their own namespaces** (``inNamespace=True``): the switch's ports live only in its
  namespace and its hosts' ones, so nothing is created in the root namespace (Mininet creates
  each veth pair inside the first node's namespace and moves the peer into the second's).
  ``simple_switch_grpc`` is started by :class:`~p4slice_harness.net.bmv2.Bmv2Switch` — same command
  line, readiness wait and stop as the namespace harness — through ``mnexec -a <pid>`` (Mininet's
  own "run in this node's namespace"). Its P4Runtime server listens on a unix socket in the work
  directory (``<workdir>/s1.grpc``), reachable from the root namespace (see :mod:`p4slice_harness.net.bmv2`).
- **Logging**: by default each switch writes ``<workdir>/<switch>.log.txt`` (``--log-level``, default
  ``info``; ``debug``/``trace`` show every table hit); ``--benchmark`` turns bmv2's logging off.
- **Hosts**: MAC and IP from the scenario (a host without ``ip`` gets none), IPv6 off (no router
  solicitations/MLD flooding the slices), checksum/VLAN/segmentation offloads off on every veth end
  (bmv2 forwards what it receives: a partial checksum would stay wrong; deeper receive rings:
  ``netns.OFFLOADS_OFF``), and *static* ARP/neighbour entries for every other host (slices are L2
  islands; no ARP broadcasts needed).
- **Ping without iputils**: :meth:`P4SliceNet.ping` sends ICMP echo requests from a raw socket opened
  inside the host's namespace (``/proc/<pid>/ns/net``), so the check works where ``ping`` is not
  installed (Mininet's own ``pingall`` in the CLI needs ``iputils-ping``).

- **ONOS lab mode** (``--grpc-port-base 50001 [--onos http://127.0.0.1:8181]``): the switches run in
  the root namespace (where ONOS is) with P4Runtime on TCP ports 50001, 50002, ...; the harness
  pushes no pipeline, writes no entry and gives the hosts no static neighbour entries (ARP crosses
  the switches; ONOS learns the hosts from it). With ``--onos`` it pushes the scenario's netcfg —
  :func:`p4slice_harness.onos.netcfg.netcfg`, the builder the L3 suite uses too (devices with their
  ports, links, app settings) — waits until ONOS has the devices available, and creates the
  slices through p4slice's REST API (:func:`p4slice_harness.onos.driver.deploy`); ONOS programs the
  switches. Not run in CI (no ONOS there; see ``make test-onos``).

Needs root, Debian's ``mininet`` (``python3-mininet``: import it with Debian's python3 or the
harness venv, which sees the system site packages), ``mnexec``, ``ethtool`` and simple_switch_grpc.

Modules: :mod:`.spec` (pure: the nodes, links and names built from a scenario), :mod:`.nodes`
(Mininet's switch and topology classes running bmv2), :mod:`.net` (:class:`~.net.P4SliceNet`, the
running network as a context manager), :mod:`.leftovers` (what a run could leave behind, checked
after teardown), :mod:`.runner` (the command line, ``python -m p4slice_harness.mn``).
"""
