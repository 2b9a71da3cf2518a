"""Namespaces, switches and traffic: :mod:`.names` (run-scoped namespace names, leftovers), :mod:`.netns`
(:class:`~.netns.TestNetwork`: namespaces and veth pairs with guaranteed cleanup; ``python -m
p4slice_harness.net.netns`` lists and removes stale ones), :mod:`.bmv2` (``simple_switch_grpc`` in a
namespace), :mod:`.traffic` (raw frames), :mod:`.probe` (ICMP echo), :mod:`.iperf` (paced flows),
:mod:`.topology` (a scenario as namespaces). A scenario in Mininet is
:mod:`p4slice_harness.mn`, a layer above this one and the ONOS client (its runner can hand the
network to an ONOS)."""
