"""The scale bench: p4slice's cost from 16 to 1,000 slices and 0 to 10,000 bookings, in a real ONOS 2.7
with two bmv2 (the L3 lab of :mod:`p4slice_harness.onos.lab`, ONOS's component settings untouched)::

    sudo .venv/bin/python -m p4slice_harness.bench.scale [--runs 3] [--points 16x0,1000x10000] [--out reports/]

One ONOS for the whole matrix; the points run by bookings, then slices (bookings only grow: each level
adds bookings to the previous one). Each point, ``--runs`` times (``$P4S_SCALE_RUNS``, default 3), from
no slice: 8 clients POST slices 0..N-K-1 at once (admissions per second); one client POSTs the last K
(K = min(N/4, 64); POST latency p50/p99 with N-K..N slices held); from the first POST until every slice
is ACTIVE (batch); then the last slice is released and POSTed again (one slice added to a full testbed,
POST -> ACTIVE). Once per point, with the N slices held: GET /slices (default page, and every page of
1000), /reservations, /capacity (10 each, median), the GUI view's first render (headless Chromium,
:mod:`p4slice_harness.devtools`: from navigating to the view to its table showing slices), the
life-cycle step times of ``GET /metrics``, ONOS's heap after a full GC (``jcmd GC.run``, then
``GC.heap_info``) and the JVM's RSS, the p4slice entries of each switch and the occupancy of each table.
With ``--restore``, the largest point at 0 bookings also restarts ONOS (state kept): the restore of
:mod:`.onos_restore` (from the app ACTIVE to the switches holding every slice again).

Resumable: ``<out>/scale.json`` is read first, a point found there is kept (``--redo`` runs it again),
and the file is written again after every point. The plot (``scale.png``, log-log, each figure against
slices, one line per bookings level) and the slopes between 128 and 1,000 slices are made from it
(``--plot-only``: no lab). What ran and what each figure means: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Dict, List, Optional

from ..errors import HarnessError
from ..onos.lab import OnosLab
from ..onos.rest import RESERVATIONS, SLICES, OnosRest, all_pages
from ..onos.topology import S1, S2, grpc_addresses
from ..onos.wait import wait_for, wait_slice_gone, wait_slice_state, wait_slices_state
from ..paths import report_dir
from .onos import run_on_lab
from .scale_plan import (BOOKING_LEVELS, SIZES, booking_kinds, future_booking, median_of, parse_ints,
                         parse_points, past_booking, percentile, point_key, slice_req, tenants_netcfg)
from .scale_report import markdown_table, marginal_heap, plot, slopes, summary_lines
from .scale_switch import table_occupancy

CLIENTS = 8
CAPACITY = "/onos/p4slice/capacity"
METRICS = "/onos/p4slice/metrics"
GUI = "http://127.0.0.1:8181/onos/ui/"


def post_many(lab: OnosLab, indices: List[int], clients: int) -> tuple:
    """POST the slices of ``indices`` from ``clients`` threads, each with its own connection; (ids,
    latencies, wall seconds). HarnessError on a refusal."""
    rests = [OnosRest(timeout=60.0) for _ in range(clients)]
    lock = threading.Lock()
    ids, lat, errors = [], [], []

    def one(k: int, i: int):
        r = rests[k % clients].call("POST", SLICES, slice_req(i))
        with lock:
            lat.append(r.elapsed)
            if r.status == 201:
                ids.append(r.body["id"])
            else:
                errors.append(f"POST scale-{i}: HTTP {r.status}: {r.message()}")

    t0 = time.monotonic()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(lambda a: one(*a), enumerate(indices)))
    wall = time.monotonic() - t0
    if errors:
        raise HarnessError(f"{len(errors)} POST(s) refused: {errors[0]}")
    return ids, lat, wall


def one_run(lab: OnosLab, n: int, out) -> dict:
    lab.delete_all_slices(timeout=900)
    k = min(n // 4, 64)
    t0 = time.monotonic()
    ids, lat8, wall8 = post_many(lab, list(range(n - k)), CLIENTS)
    ids1, lat1, _ = post_many(lab, list(range(n - k, n)), 1)
    ids += ids1
    wait_slices_state(lab.rest, ids, ("ACTIVE",), 1800, interval=0.5)
    batch = time.monotonic() - t0
    last = ids1[-1] if ids1 else ids[-1]
    lab.delete_slice(last, timeout=120)
    t1 = time.monotonic()
    r = lab.post_slice(slice_req(n - 1))
    if r.status != 201:
        raise HarnessError(f"POST of the slice added to a full testbed: HTTP {r.status}: {r.message()}")
    wait_slice_state(lab.rest, r.body["id"], ("ACTIVE",), 120, interval=0.05)
    added = time.monotonic() - t1
    run = {"admissions_per_s_8_clients": round((n - k) / wall8, 2) if wall8 else None,
           "post_p50_8_clients_s": percentile(lat8, 50), "post_p99_8_clients_s": percentile(lat8, 99),
           "post_p50_1_client_s": percentile(lat1, 50), "post_p99_1_client_s": percentile(lat1, 99),
           "one_client_posts": len(lat1), "batch_post_to_active_s": round(batch, 3),
           "one_added_post_to_active_s": round(added, 3), "load_average_1m": os.getloadavg()[0]}
    out(f"[scale] {n} slices: {run}")
    return run


def timed_get(rest: OnosRest, path: str, times: int = 10) -> Optional[float]:
    values = []
    for _ in range(times):
        r = rest.call("GET", path, timeout=60.0)
        if r.status != 200:
            raise HarnessError(f"GET {path}: HTTP {r.status}: {r.message()}")
        values.append(r.elapsed)
    return median_of(values)


def get_every_slice(rest: OnosRest) -> float:
    t0 = time.monotonic()
    all_pages(rest, SLICES, "slices")
    return time.monotonic() - t0


def gui_first_render(n: int) -> dict:
    """From navigating to the view (logged in before) until its table shows slices; None without chromium."""
    try:
        from ..devtools import Chromium, chromium_binary
        if not chromium_binary():
            return {"error": "chromium is missing (apt-get install chromium, or set P4S_CHROMIUM)"}
        with Chromium(1400, 1000) as b:
            b.navigate(GUI + "index.html")
            b.wait_for("!!document.querySelector('[name=j_username]') || !!document.getElementById('mast')", 60,
                       "the GUI's login form")
            if b.evaluate("!!document.querySelector('[name=j_username]')"):
                b.type("[name=j_username]", "onos")
                b.type("[name=j_password]", "rocks")
                b.click("#submit")
            b.wait_for("typeof angular === 'object' && !!document.getElementById('mast')", 60, "the GUI after login")
            renders, rows = [], 0
            for _ in range(3):      # the first also loads the view's scripts; the median is reported
                b.navigate(GUI + "index.html#/topo")
                b.wait_for("!document.getElementById('ov-p4slice')", 60, "the view left")
                t0 = time.monotonic()
                b.navigate(GUI + "index.html#/p4slice")
                rows = b.wait_for("document.querySelectorAll('#ov-p4slice #slices tbody tr').length", 60,
                                  "the slices table's rows")
                renders.append(round(time.monotonic() - t0, 3))
            return {"first_render_s": median_of(renders), "renders_s": renders, "rows": rows}
    except Exception as e:      # noqa: BLE001 - the figure says why it is missing, the bench goes on
        return {"error": str(e)[:300]}


def jvm_memory(lab: OnosLab) -> dict:
    pid = lab.onos.pid()
    if pid is None:
        return {"error": "no ONOS JVM"}
    jcmd = Path(os.environ.get("P4S_ONOS_JAVA_HOME", "/opt/onos-2.7.0/jdk11")) / "bin" / "jcmd"
    mem = {}
    try:
        subprocess.run([str(jcmd), str(pid), "GC.run"], capture_output=True, text=True, timeout=120, check=True)
        info = subprocess.run([str(jcmd), str(pid), "GC.heap_info"], capture_output=True, text=True, timeout=60,
                              check=True).stdout
        used = re.search(r"used (\d+)K", info)
        mem["heap_used_after_gc_kib"] = int(used.group(1)) if used else None
    except (OSError, subprocess.SubprocessError) as e:
        mem["heap_error"] = str(e)[:200]
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        mem["rss_kib"] = int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
    except (OSError, AttributeError) as e:
        mem["rss_error"] = str(e)[:200]
    return mem


def step_totals(rest: OnosRest) -> Dict[str, float]:
    """Sum and count of the life-cycle step histogram (``p4slice_lifecycle_step_duration_seconds``,
    ``GET /metrics``) since ONOS started; {} if unreadable."""
    req = urllib.request.Request(rest.base + METRICS, headers={"Authorization": rest.auth, "Accept": "text/plain"})
    try:
        with urllib.request.urlopen(req, timeout=60.0) as resp:
            text = resp.read().decode(errors="replace")
    except (urllib.error.URLError, OSError):
        return {}
    sums: Dict[str, float] = {}
    for line in text.splitlines():
        m = re.match(r'p4slice_lifecycle_step_duration_seconds_(sum|count)(\{[^}]*\})? ([0-9.eE+-]+)', line)
        if m:
            sums[m.group(1)] = sums.get(m.group(1), 0.0) + float(m.group(3))
    return sums


def step_metrics(before: Dict[str, float], after: Dict[str, float]) -> dict:
    """The life-cycle steps run between two readings of :func:`step_totals`: how many, mean seconds."""
    if not before or not after:
        return {"error": "GET /metrics unreadable"}
    count = after.get("count", 0.0) - before.get("count", 0.0)
    return {"lifecycle_steps": int(count),
            "lifecycle_step_mean_s": (after.get("sum", 0.0) - before.get("sum", 0.0)) / count if count else None}


def measure_point(lab: OnosLab, n: int, runs: int, out) -> dict:
    per_run, steps_before = [], step_totals(lab.rest)
    for i in range(runs):
        try:
            per_run.append(one_run(lab, n, out))
        except HarnessError as e:
            out(f"[scale] {n} slices, run {i + 1} failed: {e}")
            per_run.append({"error": str(e)[:300]})
    figures = {k: median_of(r.get(k) for r in per_run) for k in per_run[0] if k != "error"} if \
        any("error" not in r for r in per_run) else {}
    if any("error" not in r for r in per_run):
        figures.update(
            get_slices_page_s=timed_get(lab.rest, SLICES), get_slices_all_s=median_of(
                get_every_slice(lab.rest) for _ in range(3)),
            get_reservations_s=timed_get(lab.rest, RESERVATIONS), get_capacity_s=timed_get(lab.rest, CAPACITY),
            gui=gui_first_render(n), jvm=jvm_memory(lab), metrics=step_metrics(steps_before, step_totals(lab.rest)),
            switches=table_occupancy())
    return {"slices": n, "runs": per_run, "figures": figures}


def add_bookings(lab: OnosLab, have: dict, want: int, out) -> dict:
    """Books up to ``want`` bookings in all (past, cancelled, future as :func:`booking_kinds` says);
    ``have`` counts what earlier levels booked. Returns the new counts."""
    kinds, now = booking_kinds(want), datetime.now(timezone.utc)
    rest = lab.rest
    origin = (now + timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
    new_past = list(range(have.get("past", 0), kinds["past"]))
    past_ids, t0 = [], time.monotonic()
    start = now + timedelta(seconds=8)
    for k in new_past:
        r = rest.call("POST", RESERVATIONS, past_booking(k - new_past[0], start))
        if r.status != 201:
            raise HarnessError(f"past booking {k}: HTTP {r.status}: {r.message()}")
        past_ids.append(r.body["id"])
    if past_ids:     # their slices hold the booking ports until they end: the future bookings come after
        wait_for(lambda: [rest.request("GET", f"{RESERVATIONS}/{i}")["state"] for i in past_ids],
                 lambda states: all(s in ("COMPLETED", "FAILED") for s in states), 600,
                 "the past bookings COMPLETED", interval=2.0)
    first_future = have.get("cancelled", 0) + have.get("future", 0)
    todo = kinds["cancelled"] + kinds["future"] - first_future
    cancel_every = max(1, round((kinds["cancelled"] + kinds["future"]) / max(1, kinds["cancelled"])))
    rests = [OnosRest(timeout=120.0) for _ in range(CLIENTS)]
    counts = {"cancelled": have.get("cancelled", 0), "future": have.get("future", 0)}
    lock = threading.Lock()

    def book(j: int):
        rr = rests[j % CLIENTS]
        r = rr.call("POST", RESERVATIONS, future_booking(j, origin))
        if r.status != 201:
            raise HarnessError(f"booking {j}: HTTP {r.status}: {r.message()}")
        if j % cancel_every == 0 and counts["cancelled"] < kinds["cancelled"]:
            with lock:
                counts["cancelled"] += 1
            c = rr.call("DELETE", f"{RESERVATIONS}/{r.body['id']}")
            if c.status not in (200, 204):
                raise HarnessError(f"cancel of booking {j}: HTTP {c.status}: {c.message()}")
        else:
            with lock:
                counts["future"] += 1

    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(book, range(first_future, first_future + todo)))
    out(f"[scale] {want} bookings: booked in {time.monotonic() - t0:.0f} s")
    return {"past": kinds["past"], **counts}


def load(path: Path) -> dict:
    if path.exists():
        return json.loads(path.read_text())
    return {"points": {}}


def save(path: Path, doc: dict) -> None:
    doc["slopes_128_1000"] = slopes(doc)
    doc["heap_per_slice_128_1000_kib"] = marginal_heap(doc)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)


def run(args, out=print) -> Path:
    path = Path(args.out) / "scale.json"
    doc = load(path)
    todo = [p for p in args.points if args.redo or point_key(*p) not in doc["points"]]
    out(f"[scale] points to run: {[point_key(*p) for p in todo]} (kept from {path}: "
        f"{sorted(set(doc['points']) - {point_key(*p) for p in todo})})")
    if todo:
        with tempfile.TemporaryDirectory(prefix="p4s-scale-") as workdir, \
                OnosLab(workdir, virtual_ports=500, oar=args.oar, out=out) as lab:
            lab.rest.request("POST", "/onos/v1/network/configuration", tenants_netcfg())
            doc.setdefault("lab_setup_s", dict(lab.timings))
            booked: dict = {}
            baselines: dict = {}
            for n, b in todo:
                if sum(booked.values()) < b or str(b) not in baselines:
                    lab.delete_all_slices(timeout=900)
                    if sum(booked.values()) < b:
                        booked = add_bookings(lab, booked, b, out)
                    baselines[str(b)] = jvm_memory(lab)      # no slice held, this level's bookings
                point = measure_point(lab, n, args.runs, out)
                point.update(bookings=b, booked=dict(booked), baseline=baselines[str(b)],
                             ran_at=datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
                doc["points"][point_key(n, b)] = point
                save(path, doc)
                out(f"[scale] point {point_key(n, b)} written to {path}")
            if args.restore:
                from .onos_restore import restore_run
                n = max(p[0] for p in args.points)
                lab.delete_all_slices(timeout=900)
                ids, _, _ = post_many(lab, list(range(n)), CLIENTS)
                wait_slices_state(lab.rest, ids, ("ACTIVE",), 1800, interval=0.5)
                doc["restore_after_onos_restart"] = {"slices": n, "bookings": sum(booked.values()),
                                                     "run": restore_run(lab, ids, out)}
                save(path, doc)
    save(path, doc)
    plot(doc, Path(args.out) / "scale.png")
    for line in summary_lines(doc):
        out(line)
    return path


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m p4slice_harness.bench.scale",
                                 description="p4slice at 16 to 1,000 slices and 0 to 10,000 bookings, real ONOS 2.7")
    ap.add_argument("--runs", type=int, default=int(os.environ.get("P4S_SCALE_RUNS", "3")),
                    help="runs per point, median reported (default $P4S_SCALE_RUNS or 3)")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)), help="slices (default %(default)s)")
    ap.add_argument("--bookings", default=",".join(map(str, BOOKING_LEVELS)), help="bookings (default %(default)s)")
    ap.add_argument("--points", help="only these points, e.g. 16x0,1000x10000 (default: sizes x bookings)")
    ap.add_argument("--out", default=str(report_dir()), help="report directory (default %(default)s)")
    ap.add_argument("--oar", help="the .oar to install (default $P4S_OAR or app/target/...oar)")
    ap.add_argument("--redo", action="store_true", help="run the points again even if scale.json has them")
    ap.add_argument("--restore", action="store_true", help="also restart ONOS with the largest size held")
    ap.add_argument("--plot-only", action="store_true", help="only the plot and slopes of scale.json")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        sizes = parse_ints(args.sizes, "--sizes", SIZES)
        levels = parse_ints(args.bookings, "--bookings", BOOKING_LEVELS)
        args.points = parse_points(args.points, sizes, levels)
        if args.runs < 1:
            raise HarnessError(f"--runs must be >= 1, got {args.runs}")
    except HarnessError as e:
        print(f"bench.scale: error: {e}", file=sys.stderr)
        return 2
    if args.plot_only:
        doc = load(Path(args.out) / "scale.json")
        plot(doc, Path(args.out) / "scale.png")
        print("\n".join(summary_lines(doc)))
        print("\n".join(markdown_table(doc)))
        return 0
    return run_on_lab("bench.scale", args, run)


if __name__ == "__main__":
    raise SystemExit(main())
