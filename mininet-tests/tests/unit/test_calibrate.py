"""calibrate.py with synthetic measure functions."""

import math
import random

import pytest

from p4slice_harness.bench.calibrate import CalibrationError, Probe, find_loss_free_rate, scaled_quota

KNEE = 80e6  # the synthetic switch forwards everything up to 80 Mbit/s


def knee_loss(rate):
    """Monotone: no loss up to KNEE, then the excess is lost."""
    return 0.0 if rate <= KNEE else (rate - KNEE) / rate


class Recorder:
    def __init__(self, fn):
        self.fn, self.calls = fn, []

    def __call__(self, rate):
        self.calls.append(rate)
        return self.fn(rate)


def test_monotone_knee_found_within_tolerance():
    m = Recorder(knee_loss)
    rate, probes = find_loss_free_rate(m, 1e6, 1e9)
    assert KNEE / 1.05 <= rate <= KNEE
    assert probes == [Probe(r, knee_loss(r)) for r in m.calls]
    # hi first (lossy: (1e9 - 8e7)/1e9 = 0.92), then lo (0), then geometric midpoints:
    # sqrt(1e6 * 1e9) = 31.623e6 (loss-free), sqrt(31.623e6 * 1e9) = 177.83e6 (lossy),
    # sqrt(31.623e6 * 177.83e6) = 74.989e6 (loss-free)
    assert m.calls[:5] == pytest.approx([1e9, 1e6, 31.6228e6, 177.828e6, 74.9894e6], rel=1e-5)
    # ratio 1000 down to <= 1.05 by halving the log: ln(1000)/ln(1.05) = 141.6 -> 8 halvings; 2 + 8 probes
    assert len(probes) == 10
    # the answer is the highest rate measured loss-free, the gap to the lowest lossy one <= rel_tol
    assert rate == max(p.rate_bps for p in probes if p.loss <= 0.001)
    result = find_loss_free_rate(knee_loss, 1e6, 1e9)
    assert 0 < result.rel_gap <= 0.05
    assert result.lossy_above_bps == min(p.rate_bps for p in probes if p.loss > 0.001)


def test_max_loss_threshold_is_inclusive():
    # loss exactly 0.001 counts as loss-free; KNEE*1.001001 loses 0.001 (excess / rate)
    edge = KNEE / (1 - 0.001)
    rate, _ = find_loss_free_rate(lambda r: 0.001 if r <= edge else 0.5, 1e6, 1e9)
    assert KNEE / 1.05 <= rate <= edge


def test_top_of_range_loss_free_returns_it_after_one_probe():
    result = find_loss_free_rate(knee_loss, 1e6, 50e6)
    assert result.rate_bps == 50e6
    assert result.probes == [Probe(50e6, 0.0)]
    assert result.lossy_above_bps is None and result.rel_gap == 0.0


def test_never_loss_free_is_a_precise_error():
    with pytest.raises(CalibrationError) as e:
        find_loss_free_rate(lambda r: 0.3, 1e6, 1e9)
    msg = str(e.value)
    assert "no loss-free rate in [1000000, 1000000000] bit/s" in msg
    assert "lo_bps=1000000 lost 30.0000% > max_loss 0.1000%" in msg


def test_max_steps_bounds_the_measurements_and_the_gap_says_so():
    m = Recorder(knee_loss)
    result = find_loss_free_rate(m, 1e6, 1e9, max_steps=4)
    assert len(m.calls) == 4 == len(result.probes)
    # hi, lo, 31.6e6 (ok), 177.8e6 (lossy): answer 31.6e6, gap 177.8/31.6 - 1 = 4.62
    assert result.rate_bps == pytest.approx(31.6228e6, rel=1e-5)
    assert result.rel_gap == pytest.approx(177.828 / 31.6228 - 1, rel=1e-4)
    assert result.rel_gap > 0.05


def test_noisy_measure_below_threshold_still_converges():
    rng = random.Random(7)

    def noisy(rate):
        # below the knee: measurement noise under max_loss; above: at least 1 % plus noise
        return rng.uniform(0, 0.0008) if rate <= KNEE else min(1.0, 0.01 + knee_loss(rate) + rng.uniform(0, 0.01))

    rate, probes = find_loss_free_rate(noisy, 1e6, 1e9)
    assert KNEE / 1.05 <= rate <= KNEE
    assert len(probes) <= 12


def test_noisy_spurious_losses_make_the_answer_conservative_never_lossy():
    rng = random.Random(3)

    def flaky(rate):
        # 30 % of the measurements between 10 Mbit/s and the knee show a spurious 1 % loss
        if 10e6 < rate <= KNEE:
            return 0.01 if rng.random() < 0.3 else 0.0
        return knee_loss(rate)

    rates = []
    for _ in range(20):
        result = find_loss_free_rate(flaky, 1e6, 1e9)
        assert result.rate_bps <= KNEE
        assert any(p.rate_bps == result.rate_bps and p.loss <= 0.001 for p in result.probes)
        rates.append(result.rate_bps)
    assert min(rates) < KNEE / 1.05  # some runs were misled low (conservative) ...
    assert max(rates) >= KNEE / 1.05  # ... others found the knee


@pytest.mark.parametrize("value", [-0.1, 1.5, float("nan"), None, "0", True])
def test_invalid_measurement_is_rejected(value):
    with pytest.raises(CalibrationError, match=r"measure\(1000000000\) returned"):
        find_loss_free_rate(lambda r: value, 1e6, 1e9)


@pytest.mark.parametrize("kwargs,match", [
    (dict(lo_bps=0, hi_bps=1e9), "lo_bps must be a finite rate > 0"),
    (dict(lo_bps=1e6, hi_bps=math.inf), "hi_bps must be a finite rate > 0"),
    (dict(lo_bps=2e6, hi_bps=1e6), "lo_bps must be < hi_bps"),
    (dict(lo_bps=1e6, hi_bps=1e9, max_loss=1.0), "max_loss"),
    (dict(lo_bps=1e6, hi_bps=1e9, rel_tol=0), "rel_tol"),
    (dict(lo_bps=1e6, hi_bps=1e9, max_steps=1), "max_steps"),
])
def test_bad_parameters(kwargs, match):
    m = Recorder(knee_loss)
    with pytest.raises(CalibrationError, match=match):
        find_loss_free_rate(m, **kwargs)
    assert m.calls == []  # nothing measured


def test_scaled_quota():
    # 50 % of 100 Mbit/s over 4 slices = 12.5 Mbit/s (a multiple of 8)
    assert scaled_quota(100e6, 4) == 12_500_000
    # 50e6 / 3 = 16666666.67 -> floor 16666666 -> multiple of 8 below: 16666664; 3 x = 49999992 <= 50e6
    assert scaled_quota(100e6, 3) == 16_666_664
    assert 3 * scaled_quota(100e6, 3) <= 0.5 * 100e6
    # 80 % of 10 Mbit/s over 2 = 4 Mbit/s; granularity 1 Mbit/s keeps it
    assert scaled_quota(10e6, 2, fraction=0.8, granularity_bps=1_000_000) == 4_000_000
    # 30 % of 10 Mbit/s over 4 = 750 kbit/s -> 0 Mbit/s at 1 Mbit/s granularity: error
    with pytest.raises(CalibrationError, match="less than 1000000 bit/s per slice"):
        scaled_quota(10e6, 4, fraction=0.3, granularity_bps=1_000_000)


@pytest.mark.parametrize("args,match", [
    ((0, 4), "loss_free_bps"), ((1e6, 0), "n_slices"), ((1e6, 2.0), "n_slices"),
    ((1e6, 2, 0), "fraction"), ((1e6, 2, 1.5), "fraction"), ((1e6, 2, 0.5, 0), "granularity"),
])
def test_scaled_quota_rejects_bad_arguments(args, match):
    with pytest.raises(CalibrationError, match=match):
        scaled_quota(*args)


def test_from_below_climbs_then_bisects_with_one_overloading_probe_before_the_bisection():
    m = Recorder(knee_loss)
    rate, probes = find_loss_free_rate(m, 10e6, 1e9, from_below=True)
    assert KNEE / 1.05 <= rate <= KNEE
    # 10, 20, 40, 80 Mbit/s loss-free (80 = KNEE exactly), 160 lossy: the first overload; then
    # bisection between 80 and 160: sqrt(80e6 * 160e6) = 113.14e6 lossy, 95.14e6 lossy, 87.24e6 lossy,
    # 83.54e6 lossy: gap 83.54 / 80 - 1 = 4.4 % <= 5 %
    assert m.calls[:5] == pytest.approx([10e6, 20e6, 40e6, 80e6, 160e6])
    assert [r for r in m.calls[5:]] == pytest.approx([113.137e6, 95.137e6, 87.241e6, 83.542e6], rel=1e-4)
    assert rate == 80e6 and len(probes) == 9


def test_from_below_stops_at_the_top_of_the_range_and_fails_precisely_at_the_bottom():
    assert find_loss_free_rate(knee_loss, 10e6, 50e6, from_below=True).rate_bps == 50e6
    with pytest.raises(CalibrationError, match=r"even lo_bps=100000000 lost"):
        find_loss_free_rate(knee_loss, 100e6, 1e9, from_below=True)
