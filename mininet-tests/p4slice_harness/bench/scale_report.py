"""The figures of ``reports/scale.json`` (:mod:`p4slice_harness.bench.scale`): each figure per point, its
log-log slope between 128 and 1,000 slices, the targets of issue 34 checked at 1,000 slices, and the plot
(one panel per figure, slices on the x axis, one line per bookings level, log-log). Pure but the plot."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .scale_plan import slope

# figure: (label, unit, target at 1,000 slices as (op, value) or None)
FIGURES: Dict[str, Tuple[str, str, Optional[Tuple[str, float]]]] = {
    "post_p50_1_client_s": ("POST /slices p50, one client", "s", None),
    "post_p99_1_client_s": ("POST /slices p99, one client", "s", ("<=", 0.050)),
    "admissions_per_s_8_clients": ("admissions/s, 8 clients", "1/s", (">=", 100.0)),
    "post_p99_8_clients_s": ("POST /slices p99, 8 clients", "s", None),
    "batch_post_to_active_s": ("first POST -> all ACTIVE", "s", ("<=", 60.0)),
    "one_added_post_to_active_s": ("one slice added: POST -> ACTIVE", "s", ("<=", 1.0)),
    "get_slices_page_s": ("GET /slices (one page of 100)", "s", ("<=", 0.300)),
    "get_slices_all_s": ("GET /slices, every page of 1000", "s", ("<=", 0.300)),
    "get_reservations_s": ("GET /reservations (one page)", "s", None),
    "get_capacity_s": ("GET /capacity", "s", None),
    "gui.first_render_s": ("GUI view first render", "s", ("<=", 1.0)),
    "jvm.heap_used_after_gc_kib": ("ONOS heap used after a full GC", "KiB", None),
    "jvm.rss_kib": ("JVM RSS", "KiB", None),
    "metrics.lifecycle_step_mean_s": ("life-cycle step, mean", "s", None),
    "switch_entries_per_slice": ("p4slice entries per slice (both switches)", "1", None),
}


def value(point: dict, key: str) -> Optional[float]:
    """A figure of a point: a measured one (dotted path into ``figures``) or one derived from them."""
    f, n = point.get("figures") or {}, point.get("slices") or 0
    if key == "heap_per_slice_kib" or key == "rss_per_slice_kib":
        field = "heap_used_after_gc_kib" if key.startswith("heap") else "rss_kib"
        now, base = (f.get("jvm") or {}).get(field), (point.get("baseline") or {}).get(field)
        return (now - base) / n if now is not None and base is not None and n else None
    if key == "switch_entries_per_slice":
        sw = f.get("switches") or {}
        got = [d.get("slice_entries") for d in sw.values() if isinstance(d, dict) and "slice_entries" in d]
        return sum(got) / n if got and n else None
    v = f
    for part in key.split("."):
        v = v.get(part) if isinstance(v, dict) else None
    return v if isinstance(v, (int, float)) else None


def series(doc: dict, key: str) -> Dict[int, List[Tuple[int, float]]]:
    """{bookings: [(slices, value)...]} of a figure, by slices."""
    out: Dict[int, List[Tuple[int, float]]] = {}
    for p in doc.get("points", {}).values():
        v = value(p, key)
        if v is not None:
            out.setdefault(p["bookings"], []).append((p["slices"], v))
    return {b: sorted(xs) for b, xs in sorted(out.items())}


def slopes(doc: dict, lo: int = 128, hi: int = 1000) -> Dict[str, Dict[str, Optional[float]]]:
    """{figure: {bookings: log-log slope between lo and hi slices}} where both points were measured."""
    result: Dict[str, Dict[str, Optional[float]]] = {}
    for key in FIGURES:
        for b, xs in series(doc, key).items():
            got = dict(xs)
            if lo in got and hi in got:
                s = slope(lo, got[lo], hi, got[hi])
                result.setdefault(key, {})[str(b)] = None if s is None else round(s, 3)
    return result


def target_met(key: str, v: float) -> Optional[bool]:
    target = FIGURES[key][2]
    if target is None:
        return None
    op, limit = target
    return v <= limit if op == "<=" else v >= limit


def marginal_heap(doc: dict, lo: int = 128, hi: int = 1000) -> Dict[str, Optional[float]]:
    """{bookings: ONOS heap after a full GC added per slice between lo and hi slices, KiB} (the heap's
    growth per slice, free of what ONOS's heap does meanwhile at no slice)."""
    out: Dict[str, Optional[float]] = {}
    for b, xs in series(doc, "jvm.heap_used_after_gc_kib").items():
        got = dict(xs)
        if lo in got and hi in got:
            out[str(b)] = round((got[hi] - got[lo]) / (hi - lo), 1)
    return out


def summary_lines(doc: dict) -> List[str]:
    lines = [f"[scale] ONOS heap added per slice from 128 to 1000 slices (KiB), {b} bookings: {v}; "
             f"target <= 50: {'met' if v is not None and v <= 50 else 'MISSED'}"
             for b, v in marginal_heap(doc).items()]
    slope_of = doc.get("slopes_128_1000") or slopes(doc)
    for key, (label, unit, target) in FIGURES.items():
        for b, xs in series(doc, key).items():
            pts = ", ".join(f"{n}: {v:.4g}" for n, v in xs)
            s = (slope_of.get(key) or {}).get(str(b))
            at_max = dict(xs).get(1000)
            verdict = "" if target is None or at_max is None else \
                f"; target {target[0]} {target[1]:g} at 1000: {'met' if target_met(key, at_max) else 'MISSED'}"
            lines.append(f"[scale] {label} ({unit}), {b} bookings: {pts}"
                         + (f"; slope 128->1000 {s:.2f}" if s is not None else "") + verdict)
    return lines


def plot(doc: dict, path: Path) -> Optional[Path]:
    """One log-log panel per figure with data; the slope 128 -> 1000 in each legend entry."""
    keys = [k for k in FIGURES if series(doc, k)]
    if not keys:
        return None
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    cols = 3
    rows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.4 * rows), squeeze=False)
    slope_of = slopes(doc)
    for ax, key in zip([a for row in axes for a in row], keys):
        label, unit, target = FIGURES[key]
        for b, xs in series(doc, key).items():
            s = (slope_of.get(key) or {}).get(str(b))
            ax.plot([n for n, _ in xs], [max(v, 1e-6) for _, v in xs], marker="o",
                    label=f"{b} bookings" + (f" (slope {s:.2f})" if s is not None else ""))
        if target:
            ax.axhline(target[1], color="red", linestyle=":", linewidth=1)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(label, fontsize=9)
        ax.set_xlabel("slices")
        ax.set_ylabel(unit)
        ax.legend(fontsize=7)
    for ax in [a for row in axes for a in row][len(keys):]:
        ax.axis("off")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", dpi=80)
    plt.close(fig)
    return path


def markdown_table(doc: dict) -> List[str]:
    """The figures as a Markdown table: one row per figure and bookings level, one column per size, the
    slope 128 -> 1000 and the target at 1,000 slices."""
    sizes = sorted({p["slices"] for p in doc.get("points", {}).values()})
    slope_of = doc.get("slopes_128_1000") or slopes(doc)
    lines = ["| figure | bookings | " + " | ".join(f"{n} slices" for n in sizes) + " | slope 128→1000 | target |",
             "|---|---|" + "---|" * len(sizes) + "---|---|"]
    for key, (label, unit, target) in FIGURES.items():
        for b, xs in series(doc, key).items():
            got = dict(xs)
            s = (slope_of.get(key) or {}).get(str(b))
            verdict = "" if target is None else f"{target[0]} {target[1]:g}" + (
                "" if 1000 not in got else (" met" if target_met(key, got[1000]) else " **missed**"))
            lines.append(f"| {label} ({unit}) | {b} | " + " | ".join(
                f"{got[n]:.3g}" if n in got else "" for n in sizes)
                + f" | {'' if s is None else f'{s:.2f}'} | {verdict} |")
    return lines
