"""Descriptive statistics for test-bed measurements (pure, standard library only).

- :func:`summarize` — a :class:`Summary` of repeated measurements of one metric (e.g. a slice's
  delivered throughput over 10 runs): mean, *sample* standard deviation (n - 1), the 95 %
  confidence interval of the mean with Student's t, min, max and the coefficient of variation
  ``sd / mean`` of the runs. With one value the SD, the CI and the CV are *undefined* and are
  ``None`` (printed ``n/a``), never 0; with a zero mean the CV is ``None``.
- The fairness figures of *one run* (Jain's index, the population CV over the per-slice shares)
  are the fairness app's own arithmetic: :mod:`p4slice_harness.fairness_math`.
- :func:`format_table` — a fixed-width table ``metric | n | mean | SD | 95 % CI | min | max | CV``
  in the shape of a test-bed paper's statistical summary (units belong in the metric label).
- :func:`t_quantile` — Student's t quantile, computed (regularised incomplete beta + bisection),
  so no SciPy is needed; ``t_quantile(0.975, 9)`` = 2.2622.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Iterable, List, Optional, Sequence, Tuple, Union

from .errors import HarnessError


class StatsError(HarnessError, ValueError):
    """Statistics asked of values that do not define them (empty, non-finite, all zero...)."""


# ----------------------------------------------------------------------------------------------
# Student's t quantile
# ----------------------------------------------------------------------------------------------
def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom (``math.inf``: standard normal)."""
    if math.isinf(df):
        return 0.5 * math.erfc(-t / math.sqrt(2.0))
    tail = 0.5 * _betai(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` > 0 degrees of freedom (``math.inf`` = normal).

    Bisection on :func:`t_cdf` to 1e-12; e.g. ``t_quantile(0.975, 1)`` = 12.7062,
    ``(0.975, 30)`` = 2.0423, ``(0.975, math.inf)`` = 1.9600.
    """
    if not 0.0 < p < 1.0:
        raise StatsError(f"quantile probability must be in (0, 1), got {p!r}")
    if not df > 0:
        raise StatsError(f"degrees of freedom must be > 0, got {df!r}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1.0 - p, df)
    lo, hi = 0.0, 2.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2.0
        if hi > 1e12:
            raise StatsError(f"t quantile {p} with df={df} out of range")
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * max(1.0, hi):
            break
    return 0.5 * (lo + hi)


# ----------------------------------------------------------------------------------------------
# Summaries
# ----------------------------------------------------------------------------------------------
def _values(xs: Iterable[float], what: str) -> List[float]:
    try:
        vals = [float(x) for x in xs]
    except (TypeError, ValueError) as e:
        raise StatsError(f"{what}: values must be numbers ({e})") from None
    if not vals:
        raise StatsError(f"{what}: no values")
    bad = [x for x in vals if not math.isfinite(x)]
    if bad:
        raise StatsError(f"{what}: non-finite value(s) {bad[:3]}")
    return vals


@dataclass(frozen=True)
class Summary:
    """Summary of ``n`` repeated measurements. ``sd`` is the sample SD (divisor n - 1);
    ``ci95`` the half-width of the 95 % CI of the mean (Student's t, n - 1 df), ``ci_low``/
    ``ci_high`` its bounds; ``cv`` = sd / mean. ``sd``, ``ci95``, ``ci_low``, ``ci_high`` and ``cv``
    are ``None`` when undefined (n = 1; and ``cv`` when the mean is 0)."""
    n: int
    mean: float
    sd: Optional[float]
    ci95: Optional[float]
    ci_low: Optional[float]
    ci_high: Optional[float]
    min: float
    max: float
    cv: Optional[float]

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d) -> "Summary":
        return cls(**{k: d[k] for k in cls.__dataclass_fields__})


def summarize(values: Iterable[float]) -> Summary:
    """:class:`Summary` of the values (at least one, all finite)."""
    xs = _values(values, "summarize")
    n = len(xs)
    mean = math.fsum(xs) / n
    if n == 1:
        return Summary(1, mean, None, None, None, None, xs[0], xs[0], None)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in xs) / (n - 1))
    half = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return Summary(n, mean, sd, half, mean - half, mean + half, min(xs), max(xs),
                   sd / mean if mean != 0 else None)


# ----------------------------------------------------------------------------------------------
# Table
# ----------------------------------------------------------------------------------------------
NA = "n/a"
HEADERS = ("metric", "n", "mean", "SD", "95 % CI", "min", "max", "CV")


def _num(v: Optional[float], digits: int) -> str:
    return NA if v is None else f"{v:.{digits}f}"


def format_table(rows: Sequence[Tuple[str, Union[Summary, Sequence[float]]]], digits: int = 3,
                 title: Optional[str] = None) -> str:
    """Fixed-width statistical summary, one row per ``(metric label, Summary or raw values)``::

        metric            n   mean     SD  95 % CI           min    max      CV
        ----------------  -  -----  -----  --------------  -----  -----  ------
        s1 rate (Mbit/s)  5  7.946  0.047  [7.887, 8.005]  7.880  8.010  0.59 %
        one run (ms)      1  3.200    n/a  n/a             3.200  3.200     n/a

    Numbers have ``digits`` decimals (put the unit in the label, e.g. ``"latency (ms)"``); the CV
    is in percent; undefined values print as ``n/a``. Returns the text (with a final newline).
    """
    body = []
    for label, s in rows:
        if not isinstance(s, Summary):
            s = summarize(s)
        ci = NA if s.ci95 is None else f"[{s.ci_low:.{digits}f}, {s.ci_high:.{digits}f}]"
        cvs = NA if s.cv is None else f"{100.0 * s.cv:.2f} %"
        body.append((str(label), str(s.n), _num(s.mean, digits), _num(s.sd, digits), ci,
                     _num(s.min, digits), _num(s.max, digits), cvs))
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(HEADERS)]

    def line(cells):
        out = [cells[0].ljust(widths[0])]
        out += [c.rjust(w) if i != 4 else c.ljust(w) for i, (c, w) in enumerate(zip(cells[1:], widths[1:]), 1)]
        return "  ".join(out).rstrip()

    lines = [title] if title else []
    lines += [line(HEADERS), "  ".join("-" * w for w in widths)]
    lines += [line(r) for r in body]
    return "\n".join(lines) + "\n"
