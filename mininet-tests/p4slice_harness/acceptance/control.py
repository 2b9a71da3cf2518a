"""What reaches ONOS from the switches (its packet requests: LLDP/BDDP punted, ARP copied to the CPU),
and the versions a report names.

- ``control.lldp``: ONOS's LLDP provider found every trunk, both directions (``GET /onos/v1/links``);
- ``control.arp_hosts``: ONOS's host provider learned the hosts that used ARP, each at its switch port
  (``GET /onos/v1/hosts``).
"""

from __future__ import annotations

import hashlib
import time
from typing import Dict, Sequence

from ..errors import HarnessError
from ..onos.rest import LINKS
from ..onos.wait import link_keys, port_number, wait_for, wait_links
from ..paths import PIPECONF_OUT, REPO_DIR, TOFINO_OUT
from .config import trunk_link_keys
from .hosts import Host
from .report import Row
from .testbed import Testbed

SYSTEM = "/onos/v1/system"


def lldp_links(tb: Testbed, rest, timeout: float = 90.0) -> Row:
    want = trunk_link_keys(tb)
    label, thr = "LLDP links between the switches", f"every trunk, both directions, within {timeout:g} s"
    t0 = time.monotonic()
    try:
        wait_links(rest, want, timeout, interval=1.0)
    except HarnessError as e:
        have = link_keys(rest.call("GET", LINKS).body)
        return Row("control.lldp", label, "fail", threshold=thr,
                   detail=f"{e}; missing {sorted(want - have)}")
    took = time.monotonic() - t0
    return Row("control.lldp", label, "pass", len(want), "links", thr,
               detail=f"{', '.join(sorted(want))} listed after {took:.1f} s of waiting")


def arp_hosts(tb: Testbed, rest, hosts: Sequence[Host], timeout: float = 30.0) -> Row:
    want = {h.mac: (tb.device(h.port), h.port.port) for h in hosts}
    label, thr = "Hosts learned by ONOS from ARP", f"every host that used ARP, at its port, within {timeout:g} s"

    def located():
        body = rest.request("GET", "/onos/v1/hosts") or {}
        return {h["mac"].lower(): {(l["elementId"], port_number(l["port"])) for l in h.get("locations", [])}
                for h in body.get("hosts", [])}
    try:
        seen = wait_for(located, lambda v: all(loc in v.get(mac, ()) for mac, loc in want.items()), timeout,
                        "ONOS hosts at their ports", interval=1.0)
    except HarnessError as e:
        return Row("control.arp_hosts", label, "fail", threshold=thr, detail=str(e))
    return Row("control.arp_hosts", label, "pass", len(want), "hosts", thr,
               detail=", ".join(f"{mac} at {dev}/{port}" for mac, (dev, port) in sorted(want.items())),
               data={"seen": {m: sorted(map(list, v)) for m, v in seen.items() if m in want}})


def p4_stamp(tb: Testbed) -> Dict[str, dict]:
    """The committed stamp of each pipeline the testbed runs: its first line (the compiler) and the
    SHA-256 of the stamp and of the P4Info p4slice's pipeconf carries."""
    out = {}
    for s in tb.switches:
        key = s.pipeconf
        if key in out:
            continue
        stamp = (PIPECONF_OUT if s.agent == "bmv2" else TOFINO_OUT) / "sources.sha256"
        p4info = (PIPECONF_OUT if s.agent == "bmv2" else TOFINO_OUT / s.profile) / "p4info.txt"
        entry = {"stamp": str(stamp.relative_to(REPO_DIR))}
        try:
            text = stamp.read_bytes()
            entry["compiler"] = text.decode(errors="replace").splitlines()[0].lstrip("# ").strip()
            entry["stampSha256"] = hashlib.sha256(text).hexdigest()
            entry["p4infoSha256"] = hashlib.sha256(p4info.read_bytes()).hexdigest()
        except (OSError, IndexError) as e:
            entry["error"] = f"not readable here: {e}"
        out[key] = entry
    return out


def versions(tb: Testbed, rest, app: str = "org.p4slice") -> dict:
    """ONOS's version (``GET /onos/v1/system``), p4slice's (its application), the P4 stamp, and per
    switch the agent the file names with what ONOS reports of the device."""
    sysinfo = rest.call("GET", SYSTEM)
    onos = sysinfo.body.get("version") if sysinfo.status == 200 and isinstance(sysinfo.body, dict) else None
    appinfo = rest.call("GET", f"/onos/v1/applications/{app}")
    agents = {}
    for s in tb.switches:
        d = rest.call("GET", f"/onos/v1/devices/{s.device_id}")
        body = d.body if d.status == 200 and isinstance(d.body, dict) else {}
        agents[s.device_id] = {"agent": s.agent, "driver": body.get("driver", s.driver), "pipeconf": s.pipeconf,
                               "manufacturer": body.get("mfr"), "hardware": body.get("hw"),
                               "software": body.get("sw"), "available": body.get("available")}
    return {"onos": onos or f"unknown (GET {SYSTEM}: HTTP {sysinfo.status})",
            "p4slice": (appinfo.body or {}).get("version") if appinfo.status == 200 else
            f"unknown (HTTP {appinfo.status})",
            "p4Stamp": p4_stamp(tb), "agents": agents}
