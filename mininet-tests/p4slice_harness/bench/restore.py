"""When a restore after an ONOS restart is complete *on the switches* — the pure part of the bench's
restore figure (:mod:`p4slice_harness.bench.onos` records the timeline, :mod:`.restore_poll` reads it).

A timeline is a list of :class:`Sample`: one poll, with what each switch held (read over P4Runtime,
no arbitration) next to what ONOS's REST said at that moment. The slices are *restored on the
switches* at the first sample at which

- every slice reads ACTIVE and both devices are available (REST),
- ONOS has done its first flow read of each device since the restart (:func:`first_flow_reads`):
  that read deletes every entry it does not know ("Found N inconsistent table entries on D,
  removing them..."), so a switch that holds everything before it may still lose it,
- each switch holds at least as many p4slice entries as before the restart and every slice's
  multicast group and meter cell as before,

and every sample of the following :data:`HOLD_S` seconds still finds the switches whole. A sample in
that window that does not (a *dip*) means the slices were not restored yet: the search goes on after
it. :func:`blackouts` gives, per switch, the longest stretch of samples holding fewer entries than
before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

HOLD_S = 5.0
KARAF_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S,%f"     # karaf.log's first field: 2026-11-27T13:54:10,427
# ONOS's P4RuntimeFlowRuleProgrammable.getFlowEntries, when its read finds entries it does not know
INCONSISTENT = r"Found \d+ inconsistent table entries on {device}\b"


@dataclass(frozen=True)
class Held:
    """What one switch held at one poll: p4slice's entries (slice tables, naming a slice), and the
    slices whose multicast group / meter cell differs from what the switch held before the restart."""
    entries: int
    groups_changed: Tuple[int, ...] = ()
    meters_changed: Tuple[int, ...] = ()


@dataclass(frozen=True)
class Sample:
    """One poll at ``t`` (seconds since the epoch). ``switches[d]`` is None when the read failed;
    ``added[d]`` (p4slice entries ONOS lists ADDED on d) None when REST did not answer."""
    t: float
    switches: Mapping[str, Optional[Held]]
    all_active: bool = False
    available: bool = False
    added: Mapping[str, Optional[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class Verdict:
    """``restored``: the sample time the slices were restored on the switches (None: not within the
    timeline, ``reason`` says what was missing last). ``dips``: [(time, what)] of samples that broke a
    candidate's hold window."""
    restored: Optional[float]
    dips: Tuple[Tuple[float, str], ...] = ()
    reason: str = ""


def karaf_time(line: str) -> Optional[float]:
    """Seconds since the epoch of a karaf.log line (its local-time stamp), or None if it has none."""
    try:
        return datetime.strptime(line[:23], KARAF_TIME_FORMAT).timestamp()
    except ValueError:
        return None


def first_flow_reads(karaf_lines: Mapping[str, Sequence[str]], samples: Sequence[Sample],
                     added_before: Mapping[str, int]) -> Dict[str, Optional[Tuple[float, str]]]:
    """{device: (time, evidence)} of ONOS's first flow read of each device since the restart, or None.
    Evidence "karaf": the first "inconsistent table entries on <device>" line (logged by that read);
    else "added": the first sample at which ONOS lists as many p4slice entries of the device ADDED as
    before the restart (``added_before``; ONOS marks an entry ADDED only from a read of the device,
    and its flow store starts empty after a restart)."""
    out = {}
    for d in added_before:
        stamps = [t for t in (karaf_time(x) for x in karaf_lines.get(d, ())) if t is not None]
        if stamps:
            out[d] = (min(stamps), "karaf")
            continue
        seen = next((s.t for s in samples if (s.added.get(d) or 0) >= added_before[d] > 0), None)
        out[d] = (seen, "added") if seen is not None else None
    return out


def missing(sample: Sample, before: Mapping[str, int]) -> List[str]:
    """What the switches lack at ``sample`` compared with before the restart (empty: whole)."""
    out = []
    for d in sorted(before):
        held = sample.switches.get(d)
        if held is None:
            out.append(f"{d} not read")
            continue
        if held.entries < before[d]:
            out.append(f"{d} {held.entries}/{before[d]} entries")
        if held.groups_changed:
            out.append(f"{d} groups of {len(held.groups_changed)} slice(s)")
        if held.meters_changed:
            out.append(f"{d} meter cells of {len(held.meters_changed)} slice(s)")
    return out


def _not_yet(sample: Sample, before: Mapping[str, int], reads) -> List[str]:
    out = [] if sample.all_active else ["not every slice ACTIVE"]
    if not sample.available:
        out.append("a device unavailable")
    out += [f"no flow read of {d} yet" for d in sorted(before) if reads.get(d) is None or reads[d][0] > sample.t]
    return out + missing(sample, before)


def restored_at(samples: Sequence[Sample], before: Mapping[str, int], reads, hold: float = HOLD_S) -> Verdict:
    """The first sample that meets every condition (module doc) and whose next ``hold`` seconds of
    samples find the switches whole. ``reads`` as :func:`first_flow_reads` returns."""
    dips: List[Tuple[float, str]] = []
    reason = "no sample"
    for i, s in enumerate(samples):
        lacking = _not_yet(s, before, reads)
        if lacking:
            reason = "; ".join(lacking)
            continue
        if samples[-1].t < s.t + hold:
            return Verdict(None, tuple(dips), f"whole at {s.t:.3f} but polled only {samples[-1].t - s.t:.1f} s "
                                              f"after (need {hold:g} s)")
        dip = next((x for x in samples[i + 1:] if x.t <= s.t + hold and missing(x, before)), None)
        if dip is None:
            return Verdict(s.t, tuple(dips))
        if not dips or dips[-1][0] != dip.t:
            dips.append((dip.t, "; ".join(missing(dip, before))))
        reason = f"dip at {dip.t:.3f}"
    return Verdict(None, tuple(dips), reason)


def blackouts(samples: Sequence[Sample], before: Mapping[str, int]) -> Dict[str, Optional[dict]]:
    """Per switch, the longest run of samples holding fewer p4slice entries than before: {"from": the
    first such sample, "to": the next sample holding them all again (None: never), "s": to - from,
    "fewest": the fewest entries seen}; None if no sample held fewer. A failed read neither starts
    nor ends a run."""
    out: Dict[str, Optional[dict]] = {}
    for d in sorted(before):
        runs, start, fewest = [], None, None
        for s in samples:
            held = s.switches.get(d)
            if held is None:
                continue
            if held.entries < before[d]:
                if start is None:
                    start, fewest = s.t, held.entries
                fewest = min(fewest, held.entries)
            elif start is not None:
                runs.append({"from": start, "to": s.t, "s": s.t - start, "fewest": fewest})
                start = None
        if start is not None:
            runs.append({"from": start, "to": None, "s": samples[-1].t - start, "fewest": fewest})
        out[d] = max(runs, key=lambda r: r["s"]) if runs else None
    return out


def poll_interval(samples: Sequence[Sample]) -> Optional[float]:
    """The median time between two samples (the timeline's resolution)."""
    gaps = sorted(b.t - a.t for a, b in zip(samples, samples[1:]))
    return gaps[len(gaps) // 2] if gaps else None

