"""stats.py against hand-computed values (the arithmetic is in the comments)."""

import math

import pytest

from p4slice_harness.stats import NA, StatsError, Summary, format_table, summarize, t_cdf, t_quantile

# Two-sided 95 % critical values of Student's t (any statistics textbook table, 4 decimals).
T_TABLE = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 7: 2.3646, 9: 2.2622, 10: 2.2281,
           19: 2.0930, 29: 2.0452, 30: 2.0423, 60: 2.0003, 120: 1.9799}


@pytest.mark.parametrize("df,expected", sorted(T_TABLE.items()))
def test_t_quantile_matches_the_table(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=5e-5)


def test_t_quantile_normal_limit_and_symmetry():
    assert t_quantile(0.975, math.inf) == pytest.approx(1.959964, abs=1e-6)
    assert t_quantile(0.025, 9) == pytest.approx(-2.2622, abs=5e-5)
    assert t_quantile(0.5, 3) == 0.0
    # df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t)/pi, so F(1) = 0.75 exactly
    assert t_cdf(1.0, 1) == pytest.approx(0.75, abs=1e-12)
    assert t_quantile(0.75, 1) == pytest.approx(1.0, abs=1e-9)
    # df = 2 has a closed form: F(t) = 1/2 + t / (2 sqrt(t^2 + 2)); F(2) = 1/2 + 2/(2 sqrt 6) = 0.908248
    assert t_cdf(2.0, 2) == pytest.approx(0.5 + 1 / math.sqrt(6), abs=1e-12)


@pytest.mark.parametrize("p,df", [(0, 5), (1, 5), (0.975, 0), (0.975, -1)])
def test_t_quantile_rejects_bad_arguments(p, df):
    with pytest.raises(StatsError):
        t_quantile(p, df)


def test_summarize_textbook_example():
    # 2 4 4 4 5 5 7 9: sum 40, n 8, mean 5
    # squared deviations 9+1+1+1+0+0+4+16 = 32; sample variance 32/7 = 4.571429, sd = 2.138090
    # t(0.975, 7) = 2.364624; half-width = 2.364624 * 2.138090 / sqrt(8) = 2.364624 * 0.755929 = 1.787488
    # cv = 2.138090 / 5 = 0.427618
    s = summarize([2, 4, 4, 4, 5, 5, 7, 9])
    assert s.n == 8
    assert s.mean == 5.0
    assert s.sd == pytest.approx(math.sqrt(32 / 7), rel=1e-12)
    assert s.sd == pytest.approx(2.138090, abs=1e-6)
    assert s.ci95 == pytest.approx(1.787488, abs=1e-6)
    assert (s.ci_low, s.ci_high) == pytest.approx((5 - 1.787488, 5 + 1.787488), abs=1e-6)
    assert (s.min, s.max) == (2.0, 9.0)
    assert s.cv == pytest.approx(0.427618, abs=1e-6)


def test_summarize_two_values():
    # 10, 12: mean 11, sample variance ((-1)^2 + 1^2)/1 = 2, sd = 1.414214
    # half-width = t(0.975, 1) * sd / sqrt(2) = 12.706205 * 1.414214 / 1.414214 = 12.706205
    s = summarize([10, 12])
    assert s.mean == 11.0
    assert s.sd == pytest.approx(math.sqrt(2), rel=1e-12)
    assert s.ci95 == pytest.approx(12.706205, abs=1e-5)
    assert s.cv == pytest.approx(math.sqrt(2) / 11, rel=1e-12)


def test_summarize_single_value_leaves_spread_undefined_not_zero():
    s = summarize([3.5])
    assert (s.n, s.mean, s.min, s.max) == (1, 3.5, 3.5, 3.5)
    assert s.sd is None and s.ci95 is None and s.ci_low is None and s.ci_high is None and s.cv is None


def test_summarize_zero_mean_has_no_cv_but_has_sd():
    # -1, 1: mean 0, sample variance (1 + 1)/1 = 2
    s = summarize([-1, 1])
    assert s.mean == 0.0
    assert s.sd == pytest.approx(math.sqrt(2))
    assert s.cv is None


def test_summarize_constant_values():
    s = summarize([4, 4, 4])
    assert (s.sd, s.ci95, s.cv) == (0.0, 0.0, 0.0)
    assert (s.ci_low, s.ci_high) == (4.0, 4.0)


@pytest.mark.parametrize("bad", [[], [1, float("nan")], [float("inf")], ["x"], [None]])
def test_summarize_rejects_bad_input(bad):
    with pytest.raises(StatsError):
        summarize(bad)


def test_summary_dict_round_trip():
    s = summarize([1, 2, 3])
    assert Summary.from_dict(s.to_dict()) == s
    assert summarize([7]).to_dict()["sd"] is None


def test_format_table_layout():
    # 7.88 7.95 8.01 7.96 7.93: sum 39.73, mean 7.946;
    # deviations -0.066 0.004 0.064 0.014 -0.016, squares 0.004356 + 0.000016 + 0.004096 + 0.000196
    # + 0.000256 = 0.00892, /4 = 0.00223, sd 0.047223; half-width 2.776445 * 0.047223 / sqrt(5) = 0.058634
    # -> [7.887366, 8.004634] = [7.887, 8.005]; cv 0.047223 / 7.946 = 0.594 % -> "0.59 %"
    text = format_table([("s1 rate (Mbit/s)", [7.88, 7.95, 8.01, 7.96, 7.93]),
                         ("latency (ms)", summarize([3.2]))], title="Table 2")
    lines = text.splitlines()
    assert lines[0] == "Table 2"
    assert lines[1].split() == ["metric", "n", "mean", "SD", "95", "%", "CI", "min", "max", "CV"]
    assert set(lines[2].replace(" ", "")) == {"-"}
    assert lines[3].split() == ["s1", "rate", "(Mbit/s)", "5", "7.946", "0.047", "[7.887,", "8.005]",
                                "7.880", "8.010", "0.59", "%"]
    assert lines[4].split() == ["latency", "(ms)", "1", "3.200", NA, NA, "3.200", "3.200", NA]
    # fixed width: every column starts at the same offset in every line
    for col in ("mean", "min", "max"):
        end = lines[1].index(col) + len(col)
        assert all(line[end - 1] != " " for line in lines[3:]), col  # right-aligned numbers end under the header
    assert len({len(line) for line in lines[1:4]}) == 1


def test_format_table_digits():
    text = format_table([("x", [1, 2])], digits=1)
    assert "1.5" in text and "[-4.9, 7.9]" in text  # mean 1.5, sd 0.7071, half 12.7062*0.7071/1.4142 = 6.3531
