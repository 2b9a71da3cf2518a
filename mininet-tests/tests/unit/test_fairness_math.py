"""fairness_math.py: the fairness app's FairnessMath (through the tools jar) against hand-computed values."""

import pytest

from p4slice_harness import fairness_math
from p4slice_harness.fairness_math import cv, figures, figures_of, jain, max_deviation
from p4slice_harness.stats import StatsError


def test_jain():
    # 1, 2, 3, 4: (1+2+3+4)^2 / (4 * (1+4+9+16)) = 100 / 120 = 0.833333
    assert jain([1, 2, 3, 4]) == pytest.approx(100 / 120)
    assert jain([5, 5, 5, 5]) == pytest.approx(1.0)
    # one of n gets everything: x^2 / (n x^2) = 1/n
    assert jain([0, 0, 0, 8]) == pytest.approx(0.25)
    # shares 0.98, 1.02: (2.00)^2 / (2 * (0.9604 + 1.0404)) = 4 / 4.0016 = 0.999600
    assert jain([0.98, 1.02]) == pytest.approx(0.999600, abs=1e-6)


def test_jain_undefined_cases():
    with pytest.raises(StatsError, match="every value is 0"):
        jain([0, 0])
    with pytest.raises(StatsError, match=">= 0"):
        jain([1, -1])
    with pytest.raises(StatsError, match="no values"):
        jain([])


def test_cv_is_the_population_one():
    # 2 4 4 4 5 5 7 9: population variance 32/8 = 4, sigma 2, mean 5 -> 0.4 (the sample CV would be 0.4276)
    assert cv([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(0.4)
    # shares 0.9, 1.1: mean 1, sigma sqrt((0.01 + 0.01)/2) = 0.1
    assert cv([0.9, 1.1]) == pytest.approx(0.1)
    # a single value is its own population: sigma 0
    assert cv([3]) == 0.0
    with pytest.raises(StatsError, match="mean is 0"):
        cv([-1, 1])


def test_max_deviation_and_figures_of_several_series():
    # shares 0.9, 1.1: |0.9 - 1| = |1.1 - 1| = 0.1
    assert max_deviation([0.9, 1.1]) == pytest.approx(0.1)
    with pytest.raises(StatsError, match="max_deviation: no values"):
        max_deviation([])
    both = figures_of({"a": [1, 2, 3, 4], "b": [0, 0]})
    assert both["a"].jain == pytest.approx(100 / 120) and both["a"].n == 4 and both["a"].mean == 2.5
    assert both["b"].jain is None and both["b"].undefined["jain"] == "undefined when every value is 0"
    assert both["b"].max_deviation == 1.0


def test_results_are_cached_per_series(monkeypatch):
    first = figures([0.5, 1.5, 1.0])
    monkeypatch.setattr(fairness_math.java_tools, "run", lambda *a, **k: pytest.fail("tool run again"))
    assert figures([0.5, 1.5, 1.0]) is first


def test_values_must_be_finite_numbers():
    with pytest.raises(StatsError, match="non-finite"):
        jain([1, float("nan")])
    with pytest.raises(StatsError, match="must be numbers"):
        cv(["x"])
