"""The programs the data-plane benchmark compares, each with the entries ONOS would write.

One switch, h1 on port 1 and h2 on port 2 (the ``one-switch-four-hosts`` scenario reduced to its
first slice), and per program:

- ``plain``: ``p4src/baseline/port_swap.p4`` (port 1 <-> 2, no tables): bmv2's fixed cost;
- ``basic``: ONOS 2.7's ``basic.p4``, compiled now from ``$P4S_ONOS_SRC`` (never committed), with
  what ONOS's basic pipeliner writes into ``table0`` (it copies a forwarding objective's selector
  and treatment as they are): in_port 1 -> output 2, in_port 2 -> output 1, and the packet
  requests of ONOS's LLDP provider (LLDP, BDDP) and host provider (ARP) -> ``send_to_cpu``;
- ``p4slice``: the pipeconf's committed program with the ONOS-translated plan of the slice
  (classifier, l2_forward, egress_vlan, multicast group, meter cell opened so that it never
  limits) plus what p4slice's pipeliner makes of the same packet requests (``AclRuleTranslator``:
  LLDP/BDDP -> ``punt_to_cpu``, ARP -> ``copy_to_cpu``) and the CPU clone session;
- ``p4slice@<rev>``: the same, with the program committed at git revision ``<rev>`` (before/after
  in one run).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional

from p4.v1 import p4runtime_pb2

from ..errors import HarnessError
from ..p4rt.entities import Ternary, update
from ..p4rt.install import install_plan
from ..paths import BASELINE_OUT, PIPECONF_OUT, REPO_DIR, plan_path, scenario_path
from ..plan import parse_plan
from ..scenario import Scenario, parse_scenario

SWAP_DIR = BASELINE_OUT / "port-swap"
SCENARIO = scenario_path("one-switch-four-hosts")
PLAN = plan_path("one-switch-four-hosts")
BASIC_REL = Path("pipelines/basic/src/main/resources/basic.p4")
SLICE = 10
DEVICE = "device:bmv2:s1"
CPU_PORT = 255
CPU_CLONE_SESSION_ID = 511
# ONOS 2.7 priorities: PacketPriority.CONTROL (LLDP/BDDP/ARP requests); a forwarding objective's own
CONTROL_PRIORITY = 40000
FORWARD_PRIORITY = 10
PACKET_REQUESTS = {"LLDP": 0x88CC, "BDDP": 0x8942, "ARP": 0x0806}
UNLIMITED_METER = {"cir": 125_000_000, "cburst": 1_000_000, "pir": 125_000_000, "pburst": 1_000_000}


@dataclass
class Program:
    label: str
    p4info: Optional[Path]
    bmv2_json: Optional[Path]
    install: Optional[Callable] = None     # install(client) -> number of entities written
    skipped: Optional[str] = None          # why the row is absent


def bench_scenario() -> Scenario:
    """one-switch-four-hosts reduced to h1, h2 and slice 10 (ports 1, 2)."""
    doc = json.loads(SCENARIO.read_text())
    doc["hosts"] = [h for h in doc["hosts"] if h["port"] in (1, 2)]
    doc["slices"] = [s for s in doc["slices"] if s["id"] == SLICE]
    doc["description"] = "benchmark: s1, h1 on port 1, h2 on port 2, one slice"
    return parse_scenario(doc)


def _is_slice(entry: dict) -> bool:
    values = [m.get("exact") for m in entry["match"] if m["field"] == "slice_id"]
    values += [p["value"] for p in entry["action"].get("params", []) if p["name"] == "slice_id"]
    return any(int(str(v), 0) == SLICE for v in values)


def single_slice_plan(path: Path = PLAN):
    """The committed ONOS-translated plan restricted to slice 10, its meter cell opened."""
    doc = json.loads(path.read_text())
    doc["entries"] = [e for e in doc["entries"] if _is_slice(e)]
    doc["meters"] = [dict(m, **UNLIMITED_METER) for m in doc["meters"] if m["index"] == SLICE]
    doc["multicastGroups"] = [g for g in doc["multicastGroups"] if g["id"] == SLICE]
    return parse_plan(doc)


def install_p4slice(client) -> int:
    report = install_plan(single_slice_plan(), {DEVICE: client})
    clone = p4runtime_pb2.PacketReplicationEngineEntry()
    clone.clone_session_entry.session_id = CPU_CLONE_SESSION_ID
    clone.clone_session_entry.replicas.add(egress_port=CPU_PORT, instance=0)
    client.write([update("packet_replication_engine_entry", clone)])
    for name, eth_type in PACKET_REQUESTS.items():
        action = "P4SliceIngress.punt_to_cpu" if name in ("LLDP", "BDDP") else "P4SliceIngress.copy_to_cpu"
        client.insert_table_entry("P4SliceIngress.acl", {"eth_type": Ternary(eth_type, 0xFFFF)}, action,
                                  priority=CONTROL_PRIORITY)
    return report.entries + report.meters + report.groups + 1 + len(PACKET_REQUESTS)


def install_basic(client) -> int:
    table = "ingress.table0_control.table0"
    for src, dst in ((1, 2), (2, 1)):
        client.insert_table_entry(table, {"standard_metadata.ingress_port": Ternary(src, 0x1FF)},
                                  "ingress.table0_control.set_egress_port", {"port": dst},
                                  priority=FORWARD_PRIORITY)
    for eth_type in PACKET_REQUESTS.values():
        client.insert_table_entry(table, {"hdr.ethernet.ether_type": Ternary(eth_type, 0xFFFF)},
                                  "ingress.table0_control.send_to_cpu", priority=CONTROL_PRIORITY)
    return 2 + len(PACKET_REQUESTS)


def compile_basic(onos_src: Optional[str], out_dir: Path) -> Program:
    """basic.p4 of an ONOS source tree compiled with p4c-bm2-ss, or a skipped row with the reason."""
    if not onos_src:
        return Program("basic", None, None, skipped="P4S_ONOS_SRC is not set (an ONOS 2.7 source tree)")
    main = Path(onos_src) / BASIC_REL
    if not main.is_file():
        return Program("basic", None, None, skipped=f"no {BASIC_REL} under P4S_ONOS_SRC={onos_src}")
    p4c = os.environ.get("P4C") or shutil.which("p4c-bm2-ss")
    if not p4c:
        return Program("basic", None, None, skipped="p4c-bm2-ss not found (PATH or $P4C)")
    out_dir.mkdir(parents=True, exist_ok=True)
    cp = subprocess.run([p4c, "--arch", "v1model", "-o", str(out_dir / "bmv2.json"),
                         "--p4runtime-files", str(out_dir / "p4info.txt"), main.name],
                        cwd=main.parent, capture_output=True, text=True, timeout=300)
    if cp.returncode != 0:
        return Program("basic", None, None, skipped=f"p4c-bm2-ss failed on {main}: {cp.stderr.strip()[-500:]}")
    return Program("basic", out_dir / "p4info.txt", out_dir / "bmv2.json", install_basic)


def p4slice_at(rev: str, out_dir: Path) -> Program:
    """The p4slice program committed at git revision ``rev`` (its bmv2.json and P4Info)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    label = f"p4slice@{rev}"
    for name in ("bmv2.json", "p4info.txt"):
        rel = (PIPECONF_OUT / name).relative_to(REPO_DIR)
        cp = subprocess.run(["git", "-C", str(REPO_DIR), "show", f"{rev}:{rel}"], capture_output=True, timeout=60)
        if cp.returncode != 0:
            raise HarnessError(f"{label}: git show {rev}:{rel}: {cp.stderr.decode().strip()}")
        (out_dir / name).write_bytes(cp.stdout)
    return Program(label, out_dir / "p4info.txt", out_dir / "bmv2.json", install_p4slice)


def programs(workdir: Path, refs: List[str], onos_src: Optional[str]) -> List[Program]:
    progs = [Program("plain", SWAP_DIR / "p4info.txt", SWAP_DIR / "bmv2.json", lambda c: 0),
             compile_basic(onos_src, workdir / "basic"),
             Program("p4slice", PIPECONF_OUT / "p4info.txt", PIPECONF_OUT / "bmv2.json", install_p4slice)]
    progs += [p4slice_at(r, workdir / f"ref-{i}") for i, r in enumerate(refs)]
    return progs
