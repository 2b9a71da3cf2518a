"""Calibration: the highest rate this machine's bmv2 forwards without loss, and quotas scaled to it.

bmv2 is a software switch whose capacity depends on the build (logging compiled in or not), the
CPU and whatever else runs on it, so fairness experiments size their quotas from a *measured*
loss-free rate rather than from link speeds: :func:`find_loss_free_rate` searches it with an
injected ``measure(rate_bps) -> loss fraction`` (the caller's paced UDP through bmv2), and
:func:`scaled_quota` gives each of n slices an equal quota with all quotas together at most a
fraction (default 50 %) of it, so the switch itself is never the bottleneck the slices share.

The search is pure (no I/O of its own) and bounded: at most ``max_steps`` calls of ``measure``.
"""

from __future__ import annotations

import math
from typing import Callable, List, NamedTuple, Optional

from ..errors import HarnessError


class CalibrationError(HarnessError, ValueError):
    """Bad search parameters, an invalid measurement, or no loss-free rate in the searched range."""


class Probe(NamedTuple):
    """One measurement: offered rate (bit/s) and the loss fraction measured at it."""
    rate_bps: float
    loss: float


class LossFreeRate(NamedTuple):
    """Result of :func:`find_loss_free_rate`: ``rate_bps`` is the highest probed rate whose loss
    was ≤ ``max_loss``; ``probes`` every measurement in the order made. Unpacks as
    ``rate, probes = find_loss_free_rate(...)``."""
    rate_bps: float
    probes: List[Probe]

    @property
    def lossy_above_bps(self) -> Optional[float]:
        """The lowest probed rate above ``rate_bps`` that lost too much (None: ``hi_bps`` was loss-free)."""
        above = [p.rate_bps for p in self.probes if p.rate_bps > self.rate_bps]
        return min(above) if above else None

    @property
    def rel_gap(self) -> float:
        """How far the answer may be below the true loss-free rate: lossy_above / rate - 1
        (0 when the top of the range was loss-free). ≤ ``rel_tol`` unless ``max_steps`` ran out."""
        above = self.lossy_above_bps
        return 0.0 if above is None else above / self.rate_bps - 1.0


def _check_loss(loss, rate: float) -> float:
    if isinstance(loss, bool) or not isinstance(loss, (int, float)) or not 0.0 <= loss <= 1.0 or math.isnan(loss):
        raise CalibrationError(f"measure({rate:.0f}) returned {loss!r}: expected a loss fraction in [0, 1]")
    return float(loss)


def find_loss_free_rate(measure: Callable[[float], float], lo_bps: float, hi_bps: float,
                        max_loss: float = 0.001, rel_tol: float = 0.05, max_steps: int = 12,
                        from_below: bool = False) -> LossFreeRate:
    """Highest rate in ``[lo_bps, hi_bps]`` whose measured loss is ≤ ``max_loss``.

    Probes ``hi_bps`` first (if it is loss-free, that is the answer), then ``lo_bps`` (if it loses
    too much, there is no answer: :class:`CalibrationError` with the measured loss), then bisects
    geometrically (midpoint √(lo·hi): rates span orders of magnitude) between the highest
    loss-free and the lowest lossy rate until ``lossy / loss_free - 1 ≤ rel_tol`` or ``max_steps``
    measurements were made. The answer is always a rate that *was measured* loss-free; its
    distance from the lossy side is :attr:`LossFreeRate.rel_gap`.

    ``from_below``: probe ``lo_bps`` first and climb (doubling, capped at ``hi_bps``) until a rate
    loses too much, then bisect. For a real switch this is the better order: an overloading probe
    can leave queues and CPU time behind that disturb the next, lower one, and climbing makes at
    most one overloading probe before the bisection.

    The search assumes loss grows with the rate. With a noisy ``measure`` a spurious loss makes
    the answer conservative (lower); callers wanting robustness let ``measure`` repeat itself and
    report the worst loss.
    """
    for name, v in (("lo_bps", lo_bps), ("hi_bps", hi_bps)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v <= 0:
            raise CalibrationError(f"{name} must be a finite rate > 0, got {v!r}")
    if lo_bps >= hi_bps:
        raise CalibrationError(f"lo_bps must be < hi_bps, got {lo_bps} >= {hi_bps}")
    if not 0.0 <= max_loss < 1.0:
        raise CalibrationError(f"max_loss must be in [0, 1), got {max_loss!r}")
    if not 0.0 < rel_tol < 1.0:
        raise CalibrationError(f"rel_tol must be in (0, 1), got {rel_tol!r}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 2:
        raise CalibrationError(f"max_steps must be an integer >= 2 (hi and lo are always probed), got {max_steps!r}")

    probes: List[Probe] = []

    def probe(rate: float) -> bool:
        loss = _check_loss(measure(rate), rate)
        probes.append(Probe(float(rate), loss))
        return loss <= max_loss

    def bisect(good: float, bad: float) -> LossFreeRate:
        """Geometric bisection between a loss-free and a lossy rate."""
        while len(probes) < max_steps and bad / good - 1.0 > rel_tol:
            mid = math.sqrt(good * bad)
            if probe(mid):
                good = mid
            else:
                bad = mid
        return LossFreeRate(good, probes)

    def no_answer():
        return CalibrationError(
            f"no loss-free rate in [{lo_bps:.0f}, {hi_bps:.0f}] bit/s: even lo_bps={lo_bps:.0f} lost "
            f"{probes[-1].loss:.4%} > max_loss {max_loss:.4%} (lower lo_bps, or check the path: "
            f"probes {[(round(p.rate_bps), p.loss) for p in probes]})")

    if from_below:
        if not probe(lo_bps):
            raise no_answer()
        good = float(lo_bps)
        while True:
            nxt = min(2 * good, float(hi_bps))
            if len(probes) >= max_steps:
                return LossFreeRate(good, probes)
            if not probe(nxt):
                bad = nxt
                break
            good = nxt
            if good >= hi_bps:
                return LossFreeRate(good, probes)
        return bisect(good, bad)

    if probe(hi_bps):
        return LossFreeRate(float(hi_bps), probes)
    if not probe(lo_bps):
        raise no_answer()
    return bisect(float(lo_bps), float(hi_bps))


def scaled_quota(loss_free_bps: float, n_slices: int, fraction: float = 0.5, granularity_bps: int = 8) -> int:
    """Equal per-slice quota (bit/s) for ``n_slices`` slices whose quotas together are at most
    ``fraction`` of the loss-free rate: ``floor(fraction · loss_free / n)`` rounded *down* to a
    multiple of ``granularity_bps`` (8 by default: the P4 meter counts bytes/s, so the quota is
    then metered exactly). :class:`CalibrationError` if that leaves nothing."""
    if isinstance(loss_free_bps, bool) or not isinstance(loss_free_bps, (int, float)) \
            or not math.isfinite(loss_free_bps) or loss_free_bps <= 0:
        raise CalibrationError(f"loss_free_bps must be a finite rate > 0, got {loss_free_bps!r}")
    if isinstance(n_slices, bool) or not isinstance(n_slices, int) or n_slices < 1:
        raise CalibrationError(f"n_slices must be an integer >= 1, got {n_slices!r}")
    if not 0.0 < fraction <= 1.0:
        raise CalibrationError(f"fraction must be in (0, 1], got {fraction!r}")
    if isinstance(granularity_bps, bool) or not isinstance(granularity_bps, int) or granularity_bps < 1:
        raise CalibrationError(f"granularity_bps must be an integer >= 1, got {granularity_bps!r}")
    quota = int(math.floor(fraction * loss_free_bps / n_slices)) // granularity_bps * granularity_bps
    if quota <= 0:
        raise CalibrationError(f"{fraction:.0%} of {loss_free_bps:.0f} bit/s over {n_slices} slices leaves "
                               f"less than {granularity_bps} bit/s per slice")
    return quota
