"""A stand-in for a Tofino switch's agent, for ONOS to push p4slice's Tofino pipeconfs to without
hardware: P4Runtime (:mod:`.p4rt_standin`, checked by :mod:`.p4rt_checks`), the gNMI a Stratum
device needs (:mod:`.gnmi_standin`), the device configuration read as each agent reads it
(:mod:`.device_config`, with Stratum's own ``bf.proto`` via :mod:`.protos`), assembled by
:mod:`.standin`; :mod:`.onos_push` drives a real ONOS 2.7 against it.
"""
