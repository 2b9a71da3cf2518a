"""The demo's traffic step on recorded figures: the table, undefined figures explained, the verdict."""

import pytest

from p4slice_harness import experiments as ex
from p4slice_harness.paths import scenario_path
from p4slice_harness.scenario import load_scenario
from p4slice_harness.stats import format_table
from p4slice_harness.traffic_step import TrafficRun, cpu_shares, summary_rows, verdict

QUOTA = 3_000_000
QUOTAS = {10: QUOTA, 20: QUOTA, 30: QUOTA, 40: QUOTA}
MACHINE = {"load1": 1.5, "busy": 0.4, "nice": 0.1}


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(scenario_path("two-switch-equal-quotas"))


def run(rates, sent=3120, counted=3150, machine=MACHINE):
    return TrafficRun(ex.figures(rates, QUOTAS), {sid: sent for sid in rates}, {sid: counted for sid in rates},
                      dict(machine))


def test_runs_at_the_quota_pass_and_the_table_has_every_figure(scenario):
    runs = [run({10: 2.99e6, 20: 3.0e6, 30: 3.01e6, 40: 3.0e6}), run({10: 3.0e6, 20: 2.98e6, 30: 3.0e6, 40: 3.0e6})]
    assert verdict(runs, QUOTAS) == []
    rows, notes = summary_rows(scenario, runs)
    labels = [label for label, _ in rows]
    assert labels[0] == "slice 10 (lab-a, quota 3 Mbit/s) delivered Mbit/s"
    assert "CV of shares (%)" in labels and "Jain's index" in labels and notes == []
    assert dict(rows)["slice 20 (lab-b, quota 3 Mbit/s) delivered Mbit/s"].mean == pytest.approx(2.99)
    # more counted than sent (iperf3's control packets cross the switch too): nothing uncounted
    assert dict(rows)["frames the ingress switch never counted (%)"].mean == 0.0
    assert dict(rows)["  of which nice'd jobs (%)"].mean == pytest.approx(10.0)


def test_a_slice_below_its_quota_fails_with_the_measured_rate():
    runs = [run({10: 2.8e6, 20: 3.0e6, 30: 3.0e6, 40: 3.0e6}) for _ in range(3)]
    assert verdict(runs, QUOTAS) == [
        "slice 10: median delivered 2.800 Mbit/s over 3 run(s) is 6.7% below its quota of 3 Mbit/s (allowed ±5%)"]


def test_a_run_that_delivered_nothing_is_reported_with_the_reason_not_raised(scenario):
    starved = {"load1": 2.0, "busy": 1.0, "nice": 0.9}
    runs = [run({sid: 0.0 for sid in QUOTAS}, sent=3120, counted=1000, machine=starved)]
    f = runs[0].figures
    assert (f.cv, f.jain) == (None, None)
    assert f.undefined == {"cv": "undefined when the mean is 0", "jain": "undefined when every value is 0"}
    rows, notes = summary_rows(scenario, runs)
    labels = [label for label, _ in rows]
    assert not any(label.startswith(("CV", "Jain")) for label in labels)
    assert notes == ["CV of shares undefined in 1 of 1 run(s): run 1: undefined when the mean is 0",
                     "Jain's index undefined in 1 of 1 run(s): run 1: undefined when every value is 0"]
    assert "n/a" in format_table(rows)      # the one-run SD / CI, printed, not raised
    problems = verdict(runs, QUOTAS)
    assert problems[0] == ("slice 10: median delivered 0.000 Mbit/s over 1 run(s) is 100.0% below its quota of "
                           "3 Mbit/s (allowed ±5%)")
    assert "Jain's index undefined in every run (run 1: undefined when every value is 0)" in problems
    assert problems[-1] == ("the ingress switches never counted 67.9% of the frames sent (median): the switches did "
                            "not get the CPU to read their ports (machine busy 100%, nice'd jobs 90%, load 2.0)")
    assert runs[0].to_dict()["undefined"] == f.undefined


def test_some_runs_undefined_are_left_out_of_the_figure_and_named(scenario):
    runs = [run({sid: 3.0e6 for sid in QUOTAS}), run({sid: 0.0 for sid in QUOTAS}), run({sid: 3.0e6 for sid in QUOTAS})]
    rows, notes = summary_rows(scenario, runs)
    assert dict(rows)["Jain's index [2 of 3 runs]"].n == 2
    assert notes[1] == "Jain's index undefined in 1 of 3 run(s): run 2: undefined when every value is 0"
    # the medians still judge the slices: 3 of 3 runs, median 3 Mbit/s
    assert verdict(runs, QUOTAS) == []


def test_cpu_shares_of_proc_stat_deltas():
    before = [100, 50, 30, 800, 20, 0, 0, 0]
    after = [160, 110, 50, 820, 20, 0, 10, 0]     # +60 user, +60 nice, +20 system, +20 idle, +10 softirq
    assert cpu_shares(before, after) == pytest.approx({"busy": 150 / 170, "nice": 60 / 170})
