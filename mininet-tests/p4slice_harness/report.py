"""Experiment reports: named results + the environment as JSON, and the standard plots as PNG.

::

    rep = Report("fairness-4-slices", out_dir)
    rep.add("quota_bps", {"lab-a": 8_000_000, ...})
    rep.summary("lab-a rate (Mbit/s)", [7.95, 7.91, ...])              # stats.Summary, also stored
    rep.plot_throughput("throughput", {"lab-a": (times_s, rates_bps)}, quotas={"lab-a": 8e6})
    rep.plot_fairness("fairness", [{"lab-a": 0.99, "lab-b": 1.01}, ...])  # one dict per run
    rep.plot_latency_cdf("latency", {"p4slice": [...], "plain forwarding": [...]}, unit="ms")
    rep.write()          # <out>/fairness-4-slices.json; plots are <out>/fairness-4-slices-<key>.png

The JSON holds ``name``, ``environment`` (:func:`~p4slice_harness.report_data.environment`: bmv2
version from ``simple_switch_grpc --version``, host, kernel, Python, CPU count, UTC timestamp, git commit of the
repository and whether its tracked files were modified), ``results`` (what was added, plus the
numbers behind each plot) and ``plots`` (key → PNG file name). Results must be JSON-able: numbers,
strings, booleans, None, lists/tuples, dicts (keys become strings), :class:`~p4slice_harness.stats.Summary`
and dataclasses; NaN/infinity are refused (JSON has none).

Plots use matplotlib's object API with the Agg canvas (no display, no pyplot global state).
The environment and the JSON conversion: :mod:`p4slice_harness.report_data`.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Dict, Mapping, Optional, Sequence, Tuple

from .fairness_math import figures_of
from .report_data import REPO_DIR, ReportError, environment, to_jsonable
from .stats import StatsError, Summary, summarize


# ----------------------------------------------------------------------------------------------
# Report
# ----------------------------------------------------------------------------------------------
def _new_figure(width: float = 8.0, height: float = 4.5):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    return fig


def _pm(s: Summary, scale: float = 1.0, digits: int = 3, suffix: str = "") -> str:
    text = f"{s.mean * scale:.{digits}f}{suffix}"
    return text if s.ci95 is None else f"{text} ± {s.ci95 * scale:.{digits}f}{suffix}"


def _why(undefined: Mapping[str, Mapping[str, str]]) -> str:
    """The distinct reasons of undefined figures, e.g. ``cv undefined when the mean is 0``."""
    reasons = sorted({f"{fig} {why}" for figs in undefined.values() for fig, why in figs.items()})
    return "; ".join(reasons)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in [0, 100]) of non-empty values: the smallest value with at
    least q % of the values at or below it."""
    xs = sorted(values)
    if not xs:
        raise ReportError("percentile of no values")
    rank = max(1, math.ceil(q / 100.0 * len(xs)))
    return xs[min(rank, len(xs)) - 1]


class Report:
    """Results of one experiment, written to ``<out_dir>/<name>.json`` (+ PNG plots)."""

    def __init__(self, name: str, out_dir, repo_dir=REPO_DIR, binary: Optional[str] = "auto"):
        if not name or "/" in name or name.startswith("."):
            raise ReportError(f"report name must be a plain file name, got {name!r}")
        self.name = name
        self.out_dir = Path(out_dir)
        self.results: Dict[str, object] = {}
        self.plots: Dict[str, str] = {}
        self._repo_dir = repo_dir
        self._binary = binary
        self.environment: Optional[dict] = None

    def add(self, key: str, value) -> None:
        """Store a named result (converted to JSON data now, so errors show where they happen)."""
        if not isinstance(key, str) or not key:
            raise ReportError(f"result key must be a non-empty string, got {key!r}")
        if key in self.results:
            raise ReportError(f"result {key!r} already added")
        self.results[key] = to_jsonable(value, key)

    def summary(self, key: str, values: Sequence[float]) -> Summary:
        """Summarize repeated measurements, store the :class:`Summary` under ``key``, return it."""
        s = summarize(values)
        self.add(key, s)
        return s

    def _plot_path(self, key: str) -> Path:
        if not key or "/" in key:
            raise ReportError(f"plot key must be a plain name, got {key!r}")
        if key in self.plots:
            raise ReportError(f"plot {key!r} already written")
        self.out_dir.mkdir(parents=True, exist_ok=True)
        return self.out_dir / f"{self.name}-{key}.png"

    def _save(self, fig, key: str, path: Path) -> Path:
        fig.tight_layout()
        fig.savefig(path, format="png")
        self.plots[key] = path.name
        return path

    # -- plots ---------------------------------------------------------------------------------
    def plot_throughput(self, key: str, series: Mapping[str, Tuple[Sequence[float], Sequence[float]]],
                        quotas: Optional[Mapping[str, float]] = None, title: Optional[str] = None) -> Path:
        """Per-slice throughput over time: ``series`` = {slice: (times s, rates bit/s)}, one line
        each; ``quotas`` = {slice: bit/s}, drawn dashed in the slice's colour. Axes in Mbit/s."""
        if not series:
            raise ReportError(f"{key}: no series")
        quotas = dict(quotas or {})
        unknown = sorted(set(quotas) - set(series))
        if unknown:
            raise ReportError(f"{key}: quota for unknown slice(s) {unknown}")
        stored = {}
        for label, (ts, rs) in series.items():
            if len(ts) != len(rs) or not len(ts):
                raise ReportError(f"{key}: series {label!r} needs as many times as rates (>0), "
                                  f"got {len(ts)} and {len(rs)}")
            stored[label] = {"t_s": to_jsonable(list(ts)), "rate_bps": to_jsonable(list(rs))}
        path = self._plot_path(key)
        fig = _new_figure()
        ax = fig.add_subplot()
        for label, (ts, rs) in series.items():
            (line,) = ax.plot(list(ts), [r / 1e6 for r in rs], label=str(label), linewidth=1.5)
            if label in quotas:
                ax.axhline(quotas[label] / 1e6, color=line.get_color(), linestyle="--", linewidth=1.0,
                           label=f"{label} quota")
        ax.set_xlabel("time (s)")
        ax.set_ylabel("throughput (Mbit/s)")
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="small", ncol=2)
        ax.set_title(title or "Per-slice throughput")
        self.add(key, {"series": stored, "quota_bps": quotas})
        return self._save(fig, key, path)

    def plot_fairness(self, key: str, runs: Sequence[Mapping[str, float]], title: Optional[str] = None) -> Path:
        """Fairness bars: ``runs`` = one {slice: delivered/quota} per run (same slices each run).
        Bars: mean share per slice with 95 % CI error bars over the runs (none with one run);
        title: Jain's index and the (population) CV of the shares, each per run, as mean ± CI; a run
        where they are undefined (every share 0: nothing delivered) is plotted as measured, left
        out of those figures and named with the reason (also under ``undefined`` in the JSON)."""
        if not runs:
            raise ReportError(f"{key}: no runs")
        slices = list(runs[0])
        for i, r in enumerate(runs):
            if list(r) != slices:
                raise ReportError(f"{key}: run {i} has slices {list(r)}, run 0 has {slices}")
        try:
            per_slice = {s: summarize([r[s] for r in runs]) for s in slices}
            per_run = figures_of({str(i): list(r.values()) for i, r in enumerate(runs)})  # one JVM start
        except StatsError as e:
            raise ReportError(f"{key}: {e}") from None
        figs = [per_run[str(i)] for i in range(len(runs))]
        # a run whose figure is undefined (all shares 0: nothing delivered) is plotted as measured and named
        undefined = {f"run {i}": dict(f.undefined) for i, f in enumerate(figs) if f.jain is None or f.cv is None}
        jains = summarize([f.jain for f in figs if f.jain is not None]) if any(f.jain is not None for f in figs) else None
        cvs = summarize([f.cv for f in figs if f.cv is not None]) if any(f.cv is not None for f in figs) else None
        path = self._plot_path(key)
        fig = _new_figure()
        ax = fig.add_subplot()
        x = list(range(len(slices)))
        means = [per_slice[s].mean for s in slices]
        errs = [per_slice[s].ci95 or 0.0 for s in slices]
        ax.bar(x, means, yerr=errs if len(runs) > 1 else None, capsize=6, color="#4c72b0", alpha=0.85)
        ax.axhline(1.0, color="black", linestyle="--", linewidth=1.0, label="quota")
        ax.set_xticks(x)
        ax.set_xticklabels([str(s) for s in slices])
        ax.set_ylabel("delivered / quota")
        ax.set_ylim(bottom=0, top=max(1.2, max(m + e for m, e in zip(means, errs)) * 1.1))
        ax.grid(True, axis="y", alpha=0.3)
        ax.legend(fontsize="small", loc="lower right")
        ax.set_title((title + "\n" if title else "")
                     + f"Jain {_pm(jains, digits=4) if jains else 'undefined'}, "
                     + f"CV {_pm(cvs, 100, 2, ' %') if cvs else 'undefined'} (n = {len(runs)} runs"
                     + (f"; undefined in {len(undefined)}: {_why(undefined)})" if undefined else ")"),
                     fontsize="medium")
        self.add(key, {"runs": [dict(r) for r in runs], "per_slice": per_slice, "jain": jains, "cv": cvs,
                       "undefined": undefined})
        return self._save(fig, key, path)

    def plot_latency_cdf(self, key: str, samples: Mapping[str, Sequence[float]], unit: str = "ms",
                         title: Optional[str] = None, log_x: bool = False) -> Path:
        """Empirical latency CDF, one curve per configuration (e.g. ``p4slice`` vs ``plain
        forwarding``); values in ``unit``. Stores per configuration a Summary and p50/p90/p99."""
        if not samples:
            raise ReportError(f"{key}: no configurations")
        stored = {}
        for label, vals in samples.items():
            if not len(vals):
                raise ReportError(f"{key}: configuration {label!r} has no samples")
            try:
                s = summarize(vals)
            except StatsError as e:
                raise ReportError(f"{key}: {label}: {e}") from None
            stored[label] = {"summary": s, "p50": percentile(vals, 50), "p90": percentile(vals, 90),
                             "p99": percentile(vals, 99)}
        path = self._plot_path(key)
        fig = _new_figure()
        ax = fig.add_subplot()
        for label, vals in samples.items():
            xs = sorted(float(v) for v in vals)
            n = len(xs)
            ax.step(xs, [(i + 1) / n for i in range(n)], where="post", label=f"{label} (n = {n})")
        if log_x:
            ax.set_xscale("log")
        ax.set_xlabel(f"latency ({unit})")
        ax.set_ylabel("CDF")
        ax.set_ylim(0, 1.02)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="small", loc="lower right")
        ax.set_title(title or "Latency CDF")
        self.add(key, {"unit": unit, "configurations": stored})
        return self._save(fig, key, path)

    # -- output --------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        if self.environment is None:
            self.environment = environment(self._repo_dir, self._binary)
        return {"name": self.name, "environment": self.environment, "results": self.results,
                "plots": dict(self.plots)}

    def write(self) -> Path:
        """Write ``<out_dir>/<name>.json`` (environment captured at the first write) and return its path."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{self.name}.json"
        text = json.dumps(self.to_dict(), indent=2, allow_nan=False) + "\n"
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(text)
        os.replace(tmp, path)
        return path
