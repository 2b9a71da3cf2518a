"""What the acceptance run tells ONOS about a testbed (pure, unit-tested): the devices' netcfg, and
p4slice's own ``p4slice`` configuration merged into what the operator's ONOS already holds.

- ``devices``: per switch ``basic`` (management address ``grpc://<p4runtime>?device_id=<id>``, the
  agent's ONOS driver, p4slice's pipeconf for the agent and profile, the name) and, for agents without
  gNMI (bmv2, bf_switchd), ``ports``: every test and trunk port at the line rate (ONOS's Mbit/s), named
  as the bmv2 lab names its veths (``<switch>-eth<port>``) — the same builder as the L3 lab's
  (:func:`p4slice_harness.onos.netcfg.ports_config`). Stratum reports its ports over gNMI.
- ``apps.org.p4slice.p4slice``: the operator's configuration with the testbed added — every test and
  trunk port's capacity (``capacityOverrides``), the trunks' ends as ``infrastructurePorts`` (the only
  ports p4slice takes link probes from and runs trunks over) and, where the operator lists the tenants
  that may own slices, the run's tenant. Nothing else is changed; the run puts the operator's
  configuration back at its end (:func:`restore_app_config`).
"""

from __future__ import annotations

import copy
from typing import Optional

from ..onos.netcfg import ports_config
from ..scenario import Device
from .testbed import Testbed, lab_ifname

APP = "org.p4slice"
APP_CONFIG = f"/onos/v1/network/configuration/apps/{APP}/p4slice"
NETCFG = "/onos/v1/network/configuration"


def testbed_ports(tb: Testbed):
    """{switch name: sorted port numbers} of every test and trunk port."""
    out = {s.name: set() for s in tb.switches}
    for t in tb.trunks:
        for e in (t.a, t.b):
            out[e.switch].add(e.port)
    for p in tb.test_ports:
        out[p.switch].add(p.port)
    return {k: sorted(v) for k, v in out.items()}


def devices_netcfg(tb: Testbed) -> dict:
    """``{"devices": {...}}`` of the testbed's switches."""
    ports = testbed_ports(tb)
    devices = {}
    for s in tb.switches:
        cfg = {"basic": {"managementAddress": f"grpc://{s.p4runtime}?device_id={s.p4rt_device_id}",
                         "driver": s.driver, "pipeconf": s.pipeconf, "name": s.name}}
        if s.ports_from_netcfg:
            cfg["ports"] = ports_config(Device(s.device_id, s.name, s.p4rt_device_id,
                                               {p: tb.line_rate_bps for p in ports[s.name]}))
        devices[s.device_id] = cfg
    return {"devices": devices}


def merged_app_config(tb: Testbed, current: Optional[dict]) -> dict:
    """The ``p4slice`` app configuration: ``current`` (the operator's, or None) with the testbed's
    capacities, infrastructure ports and, if ``current`` lists tenants, the run's tenant added."""
    cfg = copy.deepcopy(current) if isinstance(current, dict) else {}
    caps = dict(cfg.get("capacityOverrides") or {})
    for name, numbers in testbed_ports(tb).items():
        device = tb.switch(name).device_id
        for p in numbers:
            caps[f"{device}/{p}"] = tb.line_rate_bps
    cfg["capacityOverrides"] = caps
    infra = set(cfg.get("infrastructurePorts") or ())
    infra |= {f"{tb.device(e)}/{e.port}" for t in tb.trunks for e in (t.a, t.b)}
    cfg["infrastructurePorts"] = sorted(infra)
    if isinstance(cfg.get("tenants"), list) and tb.tenant not in cfg["tenants"]:
        cfg["tenants"] = list(cfg["tenants"]) + [tb.tenant]
    return cfg


def trunk_link_keys(tb: Testbed) -> set:
    """Both directions of every trunk as ONOS lists links (``dev/port-dev/port``)."""
    out = set()
    for t in tb.trunks:
        a, b = f"{tb.device(t.a)}/{t.a.port}", f"{tb.device(t.b)}/{t.b.port}"
        out |= {f"{a}-{b}", f"{b}-{a}"}
    return out


def read_app_config(rest) -> Optional[dict]:
    """The operator's ``p4slice`` configuration, or None when there is none."""
    r = rest.call("GET", APP_CONFIG)
    return r.body if r.status == 200 and isinstance(r.body, dict) else None


def push(rest, tb: Testbed, current: Optional[dict]) -> None:
    rest.request("POST", NETCFG, {**devices_netcfg(tb),
                                  "apps": {APP: {"p4slice": merged_app_config(tb, current)}}})


def restore_app_config(rest, current: Optional[dict]) -> None:
    """The operator's ``p4slice`` configuration as it was before the run (removed if there was none)."""
    if current is None:
        rest.call("DELETE", APP_CONFIG)
    else:
        rest.request("POST", f"/onos/v1/network/configuration/apps/{APP}", {"p4slice": current})


def remove_devices(rest, tb: Testbed) -> None:
    """The testbed's devices out of ONOS (the bmv2 lab's switches are gone after the run)."""
    for s in tb.switches:
        rest.call("DELETE", f"{NETCFG}/devices/{s.device_id}")
        rest.call("DELETE", f"/onos/v1/devices/{s.device_id}")


__all__ = ["devices_netcfg", "merged_app_config", "trunk_link_keys", "lab_ifname"]
