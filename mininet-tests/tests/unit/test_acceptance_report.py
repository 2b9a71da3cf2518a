"""The acceptance report: the JSON document and its check (schema, every row once, thresholds, details,
the verdict), and the Markdown laid out like Table VI with the versions and the testbed file."""

import json

import pytest

from p4slice_harness.acceptance import report as rep
from p4slice_harness.acceptance.report import Row

VERSIONS = {"onos": "2.7.0", "p4slice": "1.0.0-SNAPSHOT", "p4Stamp": {"org.p4slice.bmv2": {"compiler": "p4c-bm2-ss 1.2.4.8"}},
            "agents": {"device:bmv2:as1": {"agent": "bmv2"}}}


def rows(**status):
    out = []
    for rid in rep.ROW_IDS[:4] + ("meter.1",) + rep.ROW_IDS[4:]:
        st = status.get(rid.replace(".", "_"), "pass")
        out.append(Row(rid, f"label of {rid}", st, 1.5, "ms", "≤ 2 ms", "0.17–0.185 ms" if rid.startswith("rtt") else "",
                       "" if st == "pass" else f"why {rid}"))
    return out


def doc_of(rs, testbed=None):
    return rep.document(testbed or {"name": "lab"}, "testbeds/lab.json", VERSIONS, {"host": "box"}, rs, 20_000_000,
                        {"isolation": 3.2}, "2026-11-29T09:00:00Z", "2026-11-29T09:10:00Z")


def test_a_complete_passing_report_checks_clean_and_passes():
    doc = doc_of(rows())
    assert rep.check(doc) == [] and doc["verdict"] == "pass" and doc["schema"] == rep.SCHEMA
    assert doc["rows"][0] == {"id": "control.lldp", "label": "label of control.lldp", "status": "pass", "value": 1.5,
                              "unit": "ms", "threshold": "≤ 2 ms", "seed": "", "detail": "", "data": {},
                              "group": "control"}


def test_one_failed_row_fails_the_run_and_a_skipped_one_does_not():
    assert doc_of(rows(isolation_trunk_vlan="skipped"))["verdict"] == "pass"
    doc = doc_of(rows(counters_bytes="fail"))
    assert doc["verdict"] == "fail" and rep.check(doc) == []


@pytest.mark.parametrize("spoil, problem", [
    (lambda d: d.update(schema="other/1"), "schema is 'other/1', not 'p4slice-acceptance/1'"),
    (lambda d: d.pop("versions"), "no 'versions'"),
    (lambda d: d["versions"].pop("p4Stamp"), "versions: no 'p4Stamp'"),
    (lambda d: d.update(rows=[r for r in d["rows"] if r["id"] != "fairness.cv"]), "rows missing: fairness.cv"),
    (lambda d: d.update(rows=[r for r in d["rows"] if not r["id"].startswith("meter.")]), "rows missing: meter.1"),
    (lambda d: d["rows"].append(dict(d["rows"][0])), "rows listed twice: control.lldp"),
    (lambda d: d["rows"][1].update(threshold=""), "isolation.arp: no threshold"),
    (lambda d: d["rows"][2].update(status="fail"), "isolation.unicast: fail without a detail"),
    (lambda d: d.update(verdict="fail"), "verdict 'fail' but the rows say 'pass'"),
])
def test_check_names_what_is_wrong(spoil, problem):
    doc = json.loads(json.dumps(doc_of(rows())))
    spoil(doc)
    assert problem in rep.check(doc)


def test_a_row_has_one_of_three_statuses():
    with pytest.raises(ValueError, match="row x.y: status must be one of pass, fail, skipped, got 'ok'"):
        Row("x.y", "x", "ok")


def test_write_gives_json_and_a_table_vi_markdown(tmp_path):
    testbed = {"name": "lab", "lineRateMbps": 20}
    doc = doc_of(rows(rtt_two_hops="fail"), testbed)
    js, md = rep.write(tmp_path, doc)
    assert json.loads(js.read_text()) == doc
    text = md.read_text()
    assert text.startswith("# p4slice acceptance: lab — FAIL\n")
    assert "line rate 0.02 Gbit/s (20 Mbit/s)" in text
    assert "| Group | Metric | Measured | Seed (Table VI) | Pass mark | Result |" in text
    assert "| Latency | label of rtt.two_hops | 1.5 ms | 0.17–0.185 ms | ≤ 2 ms | FAIL |" in text
    assert "- `rtt.two_hops` (fail): why rtt.two_hops" in text
    assert "- onos: 2.7.0" in text and "- host: box" in text
    assert json.dumps(testbed, indent=2) in text
    assert len([line for line in text.splitlines() if line.startswith("| ") and "label of" in line]) == len(doc["rows"])
