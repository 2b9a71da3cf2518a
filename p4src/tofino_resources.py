#!/usr/bin/env python3
"""Writes docs/tofino-resources.md from bf-p4c's own outputs of each profile of ``make tofino``:
``context.json`` (every table: direction, entries placed, stages and memory units), the summary
logs bf-p4c writes under ``pipe/logs/`` (``metrics.json``: PHV, SRAM and TCAM totals;
``mau.resources.log``: the per-stage resource table, quoted as it is) and the P4 sizes asked for
(``p4info.txt``). Standard library only; nothing here is measured by hand.
"""

import argparse
import json
import re
import sys
from pathlib import Path

# The Tofino 1 chip (per pipe): what bf-p4c places the program into.
STAGES = 12
SRAMS_PER_STAGE = 80      # 128 x 1 Kb words each
TCAMS_PER_STAGE = 24      # 512 x 44 b each
P4_SIZE = re.compile(r'tables \{\s*preamble \{\s*id: \d+\s*name: "([^"]+)".*?\n  size: (\d+)', re.S)


def _walk(node, found):
    """Collects (memory type, number of memory units) and stage numbers anywhere under node."""
    if isinstance(node, dict):
        if node.get("stage_number", -1) >= 0:   # -1: the parser's port metadata, no MAU stage
            found["stages"].add(node["stage_number"])
        alloc = node.get("memory_resource_allocation")
        for a in (alloc if isinstance(alloc, list) else [alloc]):
            if isinstance(a, dict) and "memory_type" in a:
                units = sum(len(u.get("memory_units", [])) for u in a.get("memory_units_and_vpns", []))
                found["memory"][a["memory_type"]] = found["memory"].get(a["memory_type"], 0) + units
        for value in node.values():
            _walk(value, found)
    elif isinstance(node, list):
        for value in node:
            _walk(value, found)


def tables(context: dict):
    rows = []
    for t in context.get("tables", []):
        found = {"stages": set(), "memory": {}}
        _walk(t, found)
        rows.append({"name": t.get("name", "?"), "type": t.get("table_type", "?"),
                     "direction": t.get("direction", "?"), "size": t.get("size", 0),
                     "stages": sorted(found["stages"]), "memory": found["memory"]})
    return rows


def p4_sizes(p4info_text: str):
    return {name: int(size) for name, size in P4_SIZE.findall(p4info_text)}


def short(name: str) -> str:
    return name.split(".")[-1]


# The lines of bf-p4c's log header that change on every run (the report stays reproducible).
RUN_LINE = re.compile(r"^\|\s+(Created on|Run ID):")


def quoted_log(text: str) -> str:
    return "\n".join(line for line in text.rstrip().splitlines() if not RUN_LINE.match(line))


def profile_section(name: str, build: Path):
    pipe = build / "out" / "pipe"
    context = json.loads((pipe / "context.json").read_text())
    metrics_path = pipe / "logs" / "metrics.json"
    metrics = json.loads(metrics_path.read_text()) if metrics_path.exists() else {}
    sizes = p4_sizes((build / "p4info.txt").read_text())
    rows = tables(context)
    stages = sorted({s for r in rows for s in r["stages"]})
    by_dir = {d: sorted({s for r in rows if r["direction"] == d for s in r["stages"]}) for d in ("ingress", "egress")}
    mau = metrics.get("mau", {})
    out = [f"### Profile `{name}`", ""]
    out.append(f"- MAU stages used: {len(stages)} of {STAGES} (ingress stages {by_dir['ingress']}, "
               f"egress stages {by_dir['egress']})")
    if mau:
        out.append(f"- SRAM blocks: {mau.get('srams')} of {STAGES * SRAMS_PER_STAGE}; TCAM blocks: "
                   f"{mau.get('tcams')} of {STAGES * TCAMS_PER_STAGE}; map RAMs: {mau.get('map_rams')}; "
                   f"logical tables: {mau.get('logical_tables')}")
    phv = metrics.get("phv", {})
    for kind in ("normal", "tagalong"):
        if phv.get(kind):
            parts = [f"{u.get('bit_width')}b: {u.get('containers_occupied')} containers, "
                     f"{u.get('bits_occupied')} bits" for u in phv[kind]]
            out.append(f"- PHV ({kind}): " + "; ".join(parts))
    out += ["", "| table | kind | gress | P4 size | entries placed | stages | memory units |",
            "|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r["direction"], r["stages"][:1], r["name"])):
        mem = ", ".join(f"{k} {v}" for k, v in sorted(r["memory"].items()) if v) or "-"
        p4 = sizes.get(r["name"], "")
        out.append(f"| `{r['name']}` | {r['type']} | {r['direction']} | {p4} | {r['size']} | "
                   f"{', '.join(map(str, r['stages'])) or '-'} | {mem} |")
    log = pipe / "logs" / "mau.resources.log"
    if log.exists():
        out += ["", f"bf-p4c's per-stage summary (`pipe/logs/mau.resources.log`, without its date and "
                    f"random run id):", "", "```", quoted_log(log.read_text()), "```"]
    return "\n".join(out), rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, required=True, help="make tofino's build directory (one per profile)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--compiler", required=True)
    parser.add_argument("--preamble", type=Path, default=Path(__file__).with_name("tofino-resources.head.md"),
                        help="hand-written part (the sizes chosen and why, what fits), put first")
    args = parser.parse_args(argv)
    profiles = sorted(p.name for p in args.build.iterdir() if (p / "out" / "pipe" / "context.json").exists())
    if not profiles:
        print(f"error: no compiled profile under {args.build}", file=sys.stderr)
        return 1
    parts = [args.preamble.read_text().rstrip(), "",
             "## bf-p4c's figures", "",
             f"Generated by `{args.command}` (`p4src/tofino_resources.py`, from bf-p4c's context.json, "
             f"metrics.json and mau.resources.log) with {args.compiler}. Do not edit below this line by hand.", ""]
    for name in profiles:
        section, _ = profile_section(name, args.build / name)
        parts += [section, ""]
    args.out.write_text("\n".join(parts).rstrip() + "\n")
    print(f"wrote {args.out} ({', '.join(profiles)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
