"""p4slice test harness: drive bmv2 (simple_switch_grpc) over P4Runtime from Python.

Modules (import them explicitly; this package imports nothing heavy on its own):

- :mod:`p4slice_harness.encoding`  integer <-> P4Runtime byte-string encoding (pure)
- :mod:`p4slice_harness.p4info`    P4Info loading and name -> id resolution (pure)
- :mod:`p4slice_harness.p4rt`      P4Runtime entity builders (pure) and the gRPC client
- :mod:`p4slice_harness.plan`      the "plan" JSON exported by the Java side: parse, validate, install
- :mod:`p4slice_harness.netns`     network namespaces and veth pairs with guaranteed cleanup
- :mod:`p4slice_harness.bmv2`      start/stop ``simple_switch_grpc`` inside a namespace
- :mod:`p4slice_harness.traffic`   send and capture raw Ethernet frames inside namespaces
"""

from .errors import HarnessError

__all__ = ["HarnessError"]
