"""The acceptance run of a p4slice testbed (``make acceptance TESTBED=<file>``, ``docs/tofino.md``): a
testbed file (:mod:`.testbed`), ONOS told about it (:mod:`.config`), the test server's NICs in
namespaces (:mod:`.hosts`), the bmv2 stand-in for the hardware (:mod:`.lab`), the rows
(:mod:`.isolation`, :mod:`.measure`, :mod:`.control`, over :mod:`.slices`), the report (:mod:`.report`)
and the command (:mod:`.run`). Above :mod:`p4slice_harness.onos` and :mod:`p4slice_harness.net`; it
measures with the harness's own tools (:mod:`p4slice_harness.experiments`, :mod:`p4slice_harness.stats`).
"""
