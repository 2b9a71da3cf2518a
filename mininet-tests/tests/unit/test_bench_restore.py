"""The restore-after-ONOS-restart decision of the bench over recorded timelines (no ONOS, no switch)."""

import re
from datetime import datetime

from p4slice_harness.bench.restore import (INCONSISTENT, Held, Sample, blackouts, first_flow_reads, karaf_time,
                                           missing, poll_interval, restored_at)
from p4slice_harness.bench.restore_poll import held

S1, S2 = "device:bmv2:s1", "device:bmv2:s2"
BEFORE = {S1: 4, S2: 4}
READ_EARLY = {S1: (0.0, "karaf"), S2: (0.0, "karaf")}


def sample(t, e1=4, e2=4, active=True, available=True, added=(None, None), groups=(), meters=()):
    return Sample(t, {S1: None if e1 is None else Held(e1, tuple(groups), tuple(meters)),
                      S2: None if e2 is None else Held(e2)}, active, available, {S1: added[0], S2: added[1]})


def timeline(*points, **kw):
    """(t, s1 entries, s2 entries) points, everything else as given in ``kw``."""
    return [sample(t, e1, e2, **kw) for t, e1, e2 in points]


def test_restored_at_the_first_whole_sample_held_for_the_window():
    samples = timeline((0, 0, 0), (1, 2, 4), (2, 4, 4), (3, 4, 4), (7.5, 4, 4))
    v = restored_at(samples, BEFORE, READ_EARLY, hold=5)
    assert (v.restored, v.dips) == (2, ())


def test_a_dip_within_the_window_moves_the_moment_past_it():
    samples = timeline((1, 4, 4), (2, 4, 4), (3, 4, 1), (4, 4, 4), (6, 4, 4), (9.5, 4, 4))
    v = restored_at(samples, BEFORE, READ_EARLY, hold=5)
    assert v.restored == 4
    assert v.dips == ((3, f"{S2} 1/4 entries"),)


def test_a_dip_after_the_window_does_not_count():
    samples = timeline((1, 4, 4), (6, 4, 4), (6.5, 0, 4), (7, 4, 4))
    assert restored_at(samples, BEFORE, READ_EARLY, hold=5).restored == 1


def test_whole_switches_before_onos_first_flow_read_are_not_restored_yet():
    # the switches kept every entry across the restart: ONOS's first read (t=8) still deletes them
    samples = timeline((1, 4, 4), (2, 4, 4), (8.5, 0, 0), (9, 4, 4), (10, 4, 4), (15, 4, 4))
    reads = {S1: (8.0, "karaf"), S2: (7.0, "karaf")}
    v = restored_at(samples, BEFORE, reads, hold=5)
    assert v.restored == 9
    assert v.dips == ()


def test_removal_after_the_rewrite_is_a_dip_and_the_later_rewrite_counts():
    # p4slice re-wrote at t=2, ONOS's first read logged at 2.5 deletes at 3; re-written at 33 (ONOS's poll)
    samples = timeline((2, 4, 4), (2.6, 4, 4), (3, 0, 4), (20, 0, 4), (33, 4, 4), (38, 4, 4))
    reads = {S1: (2.5, "karaf"), S2: (1.0, "karaf")}
    v = restored_at(samples, BEFORE, reads, hold=5)
    assert v.restored == 33
    assert v.dips == ((3, f"{S1} 0/4 entries"),)


def test_no_removal_line_and_no_entry_added_is_never_restored():
    samples = timeline((1, 4, 4), (10, 4, 4), (20, 4, 4))
    reads = first_flow_reads({S1: [], S2: []}, samples, {S1: 3, S2: 3})
    assert reads == {S1: None, S2: None}
    v = restored_at(samples, BEFORE, reads, hold=5)
    assert v.restored is None
    assert v.reason == f"no flow read of {S1} yet; no flow read of {S2} yet"


def test_no_removal_line_the_entries_listed_added_are_the_evidence():
    samples = [sample(1, added=(0, 0)), sample(2, added=(2, 3)), sample(3, added=(3, 3)), sample(9)]
    reads = first_flow_reads({}, samples, {S1: 3, S2: 3})
    assert reads == {S1: (3, "added"), S2: (2, "added")}
    assert restored_at(samples, BEFORE, reads, hold=5).restored == 3


def test_the_removal_line_wins_over_added_and_the_earliest_line_counts():
    samples = [sample(1, added=(3, 3))]
    lines = {S1: ["2026-11-27T14:00:05,500 | WARN | x | Found 4 inconsistent table entries on device:bmv2:s1",
                  "2026-11-27T14:00:01,250 | WARN | x | Found 4 inconsistent table entries on device:bmv2:s1"]}
    reads = first_flow_reads(lines, samples, {S1: 3, S2: 3})
    assert reads[S1] == (datetime(2026, 11, 27, 14, 0, 1, 250000).timestamp(), "karaf")
    assert reads[S2] == (1, "added")


def test_groups_meters_activity_and_availability_all_gate_the_moment():
    reads = READ_EARLY
    assert restored_at([sample(0, groups=[7])], BEFORE, reads, hold=5).reason == f"{S1} groups of 1 slice(s)"
    assert restored_at([sample(0, meters=[7, 8])], BEFORE, reads, hold=5).reason == \
        f"{S1} meter cells of 2 slice(s)"
    assert restored_at([sample(0, active=False), sample(9, active=False)], BEFORE, reads, hold=5).reason == \
        "not every slice ACTIVE"
    assert restored_at([sample(0, available=False)], BEFORE, reads, hold=5).reason == "a device unavailable"
    assert missing(sample(0, e1=None), BEFORE) == [f"{S1} not read"]


def test_more_entries_than_before_count_as_whole():
    assert missing(sample(0, e1=6, e2=4), BEFORE) == []


def test_a_timeline_too_short_for_the_window_says_so():
    v = restored_at(timeline((1, 4, 4), (3, 4, 4)), BEFORE, READ_EARLY, hold=5)
    assert v.restored is None
    assert v.reason == "whole at 1.000 but polled only 2.0 s after (need 5 s)"


def test_blackout_is_the_longest_run_with_fewer_entries_per_switch():
    samples = timeline((0, 4, 4), (1, 0, 4), (2, 2, 4), (3, 4, 4), (4, 3, 4), (4.5, 4, 2), (5, None, 2), (9, 4, 2))
    out = blackouts(samples, BEFORE)
    assert out[S1] == {"from": 1, "to": 3, "s": 2, "fewest": 0}
    assert out[S2] == {"from": 4.5, "to": None, "s": 4.5, "fewest": 2}
    assert blackouts(timeline((0, 4, 4), (1, 5, 4)), BEFORE) == {S1: None, S2: None}


def test_karaf_time_parses_the_local_stamp_and_refuses_other_lines():
    assert karaf_time("2026-11-27T13:54:10,427 | INFO  | x") == datetime(2026, 11, 27, 13, 54, 10, 427000).timestamp()
    assert karaf_time("\tat org.onosproject.Foo(Foo.java:1)") is None
    assert karaf_time("") is None


def test_the_removal_pattern_names_one_device_only():
    line = "2026-11-27T13:54:10,427 | WARN | x | Found 256 inconsistent table entries on device:bmv2:s1, removing them..."
    assert re.search(INCONSISTENT.format(device=re.escape(S1)), line)
    assert not re.search(INCONSISTENT.format(device=re.escape(S2)), line)
    assert not re.search(INCONSISTENT.format(device=re.escape("device:bmv2:s")), line)
    assert not re.search(INCONSISTENT.format(device=re.escape(S1)), line.replace("s1,", "s10,"))


def test_held_names_the_slices_whose_group_or_meter_cell_changed():
    ref = (8, {1: ((1, 0), (2, 0)), 2: ((3, 0),)}, {1: (10, 2, 20, 2), 2: (10, 2, 20, 2)})
    now = (5, {1: ((1, 0), (2, 0)), 2: None}, {1: (0, 0, 0, 0), 2: (10, 2, 20, 2)})
    assert held(now, ref) == Held(5, (2,), (1,))
    assert held(ref, ref) == Held(8)


def test_poll_interval_is_the_median_gap():
    assert poll_interval(timeline((0, 4, 4), (0.5, 4, 4), (1.5, 4, 4), (2.0, 4, 4))) == 0.5
    assert poll_interval(timeline((0, 4, 4))) is None


def test_a_failed_run_is_kept_as_none_and_left_out_of_the_median():
    from p4slice_harness.bench.onos import figure
    assert figure([3.0, None, 1.0, 2.0]) == {"median": 2.0, "runs": [3.0, None, 1.0, 2.0]}
    assert figure([None]) == {"median": None, "runs": [None]}
