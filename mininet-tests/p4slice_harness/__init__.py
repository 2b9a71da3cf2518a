"""p4slice test harness: drive bmv2 (simple_switch_grpc) over P4Runtime, and the p4slice app in a real
ONOS 2.7, from Python.

Sub-packages (import modules explicitly; this package imports nothing heavy on its own):

- :mod:`p4slice_harness.p4rt`   the P4Runtime client: value encoding, P4Info, entity builders, the
  gRPC client, status decoding, plan installation
- :mod:`p4slice_harness.net`    namespaces and veth pairs, bmv2 in a namespace, raw frames, ping,
  iperf3, scenario testbeds, and Mininet (:mod:`p4slice_harness.mn`)
- :mod:`p4slice_harness.onos`   the ONOS lab (L3): the REST client, the netcfg builder, the scenario
  driver, the ONOS 2.7 assembly, its lock, waits and lab topology, :class:`~.onos.lab.OnosLab`
- :mod:`p4slice_harness.acceptance`  the acceptance run of a testbed file (bmv2 lab or hardware): ONOS,
  NICs in namespaces, isolation, counters, meters, throughput, RTT, the Table VI report
- :mod:`p4slice_harness.bench`  benchmarks: data plane, callgrind profile, fairness at load, ONOS
  figures, and the loss-free-rate calibration they and the validation suite use

Top-level modules: :mod:`.errors`, :mod:`.paths` (where the repository's files are),
:mod:`.scenario`, :mod:`.plan`, :mod:`.java_tools`, :mod:`.devserver`, :mod:`.devtools`,
:mod:`.experiments`, :mod:`.stats`, :mod:`.fairness_math`, :mod:`.report` (+ :mod:`.report_data`),
:mod:`.lifecycle`, :mod:`.demo`.
"""

from .errors import HarnessError

__all__ = ["HarnessError"]
