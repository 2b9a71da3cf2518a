"""The acceptance report: ``reports/acceptance.json`` (every figure, its threshold and pass/fail) and
``reports/acceptance.md``, laid out like the seed's Table VI, with the testbed file and the versions.
Pure (files only), unit-tested.

A row is one figure with its verdict: ``pass``, ``fail`` (measured, outside its threshold, or the
measurement itself failed: ``detail`` says which) or ``skipped`` (the testbed cannot measure it, e.g.
no tap on the trunk; ``detail`` says why). The run passes when no row failed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence

from ..report_data import to_jsonable

SCHEMA = "p4slice-acceptance/1"
STATUSES = ("pass", "fail", "skipped")
# every row a run writes, in report order (the meter ladder adds one "meter.N" row per rung)
ROW_IDS = ("control.lldp", "isolation.arp", "isolation.unicast", "isolation.broadcast", "isolation.trunk_vlan",
           "rtt.one_hop", "rtt.two_hops", "control.arp_hosts", "counters.packets", "counters.bytes",
           "throughput.one_slice", "throughput.four_slices", "fairness.cv", "fairness.jain")
GROUPS = {"control": "ONOS's packet requests", "isolation": "Isolation", "rtt": "Latency",
          "counters": "Per-slice counters", "meter": "Meter accuracy", "throughput": "Throughput",
          "fairness": "Fairness (four slices)"}


@dataclass
class Row:
    id: str
    label: str
    status: str                              # pass | fail | skipped
    value: Optional[float] = None            # the figure (None: not a number, or not measured)
    unit: str = ""
    threshold: str = ""                      # the pass mark, as a sentence fragment ("≥ 0.95 × line rate")
    seed: str = ""                           # the seed's Table VI figure, where it has one
    detail: str = ""                         # what was measured / why it failed or was skipped
    data: Dict[str, object] = field(default_factory=dict)

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"row {self.id}: status must be one of {', '.join(STATUSES)}, got {self.status!r}")

    @property
    def group(self) -> str:
        return self.id.split(".", 1)[0]


def verdict(rows: Sequence[Row]) -> str:
    return "fail" if any(r.status == "fail" for r in rows) else "pass"


def missing_rows(rows: Sequence[Row]) -> List[str]:
    """The row ids a complete report must hold and ``rows`` lacks (with at least one meter rung)."""
    ids = {r.id for r in rows}
    out = [i for i in ROW_IDS if i not in ids]
    if not any(i.startswith("meter.") for i in ids):
        out.append("meter.1")
    return out


def document(testbed: Mapping, testbed_file: Optional[str], versions: Mapping, environment: Mapping,
             rows: Sequence[Row], line_rate_bps: int, timings: Mapping[str, float], started: str,
             finished: str) -> dict:
    return to_jsonable({"schema": SCHEMA, "verdict": verdict(rows), "started": started, "finished": finished,
                        "lineRateBps": line_rate_bps, "testbedFile": testbed_file, "testbed": dict(testbed),
                        "versions": dict(versions), "environment": dict(environment),
                        "rows": [asdict(r) | {"group": r.group} for r in rows], "timings": dict(timings)})


def _value(r: Row) -> str:
    if r.value is None:
        return "—"
    v = r.value
    text = f"{v:.5g}" if abs(v) < 1e5 else f"{v:,.0f}"
    return f"{text} {r.unit}".strip()


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(doc: Mapping) -> str:
    """The Markdown report of a :func:`document`: the table (Table VI's layout: metric, measured, the
    seed's figure, the pass mark, result), the versions and the testbed file."""
    line = doc["lineRateBps"]
    lines = [f"# p4slice acceptance: {doc['testbed'].get('name', '?')} — {doc['verdict'].upper()}", "",
             f"Run {doc['started']} – {doc['finished']} (UTC); line rate {line / 1e9:g} Gbit/s "
             f"({line / 1e6:g} Mbit/s) as the testbed file gives it. Rates are Ethernet frame bit/s "
             f"(header and payload, no preamble, FCS or gap).", "",
             "| Group | Metric | Measured | Seed (Table VI) | Pass mark | Result |",
             "|---|---|---|---|---|---|"]
    for r in doc["rows"]:
        lines.append("| " + " | ".join(_cell(c) for c in (GROUPS.get(r["group"], r["group"]), r["label"],
                                                               _value(Row(**{k: r[k] for k in ("id", "label", "status", "value", "unit")})),
                                                               r["seed"] or "—", r["threshold"] or "—",
                                                               r["status"].upper())) + " |")
    lines += ["", "## Details", ""]
    for r in doc["rows"]:
        if r["detail"]:
            lines.append(f"- `{r['id']}` ({r['status']}): {_cell(r['detail'])}")
    lines += ["", "## Versions", ""]
    for k, v in doc["versions"].items():
        lines.append(f"- {k}: {_cell(json.dumps(v) if not isinstance(v, str) else v)}")
    env = doc.get("environment") or {}
    if env:
        lines += ["", "## Test server", ""]
        lines += [f"- {k}: {_cell(v)}" for k, v in env.items()]
    lines += ["", f"## Testbed file ({doc.get('testbedFile') or 'as given'})", "", "```json",
              json.dumps(doc["testbed"], indent=2), "```", ""]
    return "\n".join(lines)


def write(out_dir, doc: Mapping, name: str = "acceptance") -> List[Path]:
    """``<out_dir>/<name>.json`` and ``<out_dir>/<name>.md``; returns both paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    js, md = out / f"{name}.json", out / f"{name}.md"
    js.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    md.write_text(markdown(doc), encoding="utf-8")
    return [js, md]


def check(doc: Mapping) -> List[str]:
    """What is wrong with a report document (empty: nothing): schema, members, every row present once,
    statuses and the verdict consistent with them. The L3 test and the unit tests read reports with it."""
    problems = []
    if doc.get("schema") != SCHEMA:
        problems.append(f"schema is {doc.get('schema')!r}, not {SCHEMA!r}")
    for k in ("verdict", "started", "finished", "lineRateBps", "testbed", "versions", "rows"):
        if k not in doc:
            problems.append(f"no {k!r}")
    if problems:
        return problems
    for k in ("onos", "p4slice", "p4Stamp", "agents"):
        if k not in doc["versions"]:
            problems.append(f"versions: no {k!r}")
    rows = [Row(**{k: v for k, v in r.items() if k != "group"}) for r in doc["rows"]]
    ids = [r.id for r in rows]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        problems.append(f"rows listed twice: {', '.join(dup)}")
    missing = missing_rows(rows)
    if missing:
        problems.append(f"rows missing: {', '.join(missing)}")
    for r in rows:
        if r.status != "skipped" and not r.threshold:
            problems.append(f"{r.id}: no threshold")
        if r.status != "pass" and not r.detail:
            problems.append(f"{r.id}: {r.status} without a detail")
    if doc["verdict"] != verdict(rows):
        problems.append(f"verdict {doc['verdict']!r} but the rows say {verdict(rows)!r}")
    return problems
