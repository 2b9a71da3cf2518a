"""The fairness app's figures of one run's values, computed by the app's own arithmetic.

CV, Jain's index and the maximum deviation are defined once, in the fairness app's ``FairnessMath``
(``apps/fairness``); :func:`figures` runs it through the tools jar (``tools/run.sh fairness-figures``,
:mod:`p4slice_harness.java_tools`), so a harness figure and the app's figure cannot drift apart.

- :func:`cv` — the *population* coefficient of variation σ/μ (σ with divisor n) of the values of one
  run: the per-slice shares of a run are the whole population of interest, not a sample of it.
- :func:`jain` — Jain's fairness index ``(Σx)² / (n·Σx²)``, in [1/n, 1]; 1 = all equal.
- :func:`max_deviation` — ``max |x - 1|`` (the shares' largest distance from the quota).

A figure the app would answer by convention (nothing to judge) is *undefined* here and raises
:class:`~p4slice_harness.stats.StatsError` with the reason: no values; the CV with a zero mean;
Jain's index with a negative value or all values 0. A measurement of nothing is a failed run, not a
fair one. :func:`figures_of` computes many series in one JVM start; results are cached per series
for the life of the process.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Dict, Iterable, Mapping, Optional, Tuple

from . import java_tools
from .stats import StatsError


@dataclass(frozen=True)
class Figures:
    """FairnessMath's figures of one series; ``None`` where undefined (``undefined`` says why)."""
    n: int
    mean: Optional[float]
    cv: Optional[float]
    jain: Optional[float]
    max_deviation: Optional[float]
    undefined: Mapping[str, str] = field(default_factory=dict)

    def defined(self, figure: str) -> float:
        """The figure (``cv``, ``jain``, ``max_deviation`` or ``mean``); :class:`StatsError` if undefined."""
        value = getattr(self, figure)
        if value is None:
            key = "maxDeviation" if figure == "max_deviation" else figure
            raise StatsError(f"{figure}: {self.undefined.get(key, 'undefined')}")
        return value


_CACHE: Dict[Tuple[float, ...], Figures] = {}


def _series(xs: Iterable[float], what: str) -> Tuple[float, ...]:
    try:
        vals = tuple(float(x) for x in xs)
    except (TypeError, ValueError) as e:
        raise StatsError(f"{what}: values must be numbers ({e})") from None
    if not all(math.isfinite(x) for x in vals):
        raise StatsError(f"{what}: non-finite value(s) {[x for x in vals if not math.isfinite(x)][:3]}")
    return vals


def figures_of(series: Mapping[str, Iterable[float]]) -> Dict[str, Figures]:
    """:class:`Figures` of each named series, the uncached ones in one run of the tool."""
    keys = {name: _series(xs, str(name)) for name, xs in series.items()}
    todo = sorted({k for k in keys.values() if k not in _CACHE})
    if todo:
        out = java_tools.output(java_tools.FAIRNESS_FIGURES, [], StatsError,
                                stdin=json.dumps({str(i): list(k) for i, k in enumerate(todo)}))
        parsed = json.loads(out)
        for i, k in enumerate(todo):
            f = parsed[str(i)]
            _CACHE[k] = Figures(f["n"], f["mean"], f["cv"], f["jain"], f["maxDeviation"], dict(f["undefined"]))
    return {name: _CACHE[k] for name, k in keys.items()}


def figures(xs: Iterable[float]) -> Figures:
    """:class:`Figures` of one series."""
    return figures_of({"values": xs})["values"]


def cv(xs: Iterable[float]) -> float:
    """Population CV σ/μ; :class:`StatsError` when undefined (no values, mean 0)."""
    return figures(xs).defined("cv")


def jain(xs: Iterable[float]) -> float:
    """Jain's index; :class:`StatsError` when undefined (no values, a negative value, all 0)."""
    return figures(xs).defined("jain")


def max_deviation(xs: Iterable[float]) -> float:
    """max |x - 1|; :class:`StatsError` when there are no values."""
    return figures(xs).defined("max_deviation")
