"""The monitoring files an operator loads (docs/prometheus, docs/grafana): the alert rules parse and
pass their promtool unit tests, every PromQL expression of the rules and the dashboard parses and
names only metrics p4slice exports (docs/prometheus/metrics.txt, which the Java renderer's test checks
against what it writes), the dashboard is Grafana's model with its data source and tenant/slice
variables, and a scrape written by the renderer passes ``promtool check metrics``. The promtool checks
skip with the reason where Debian's ``prometheus`` package (promtool) is not installed."""

from __future__ import annotations

import json
import subprocess

import pytest
import yaml

from p4slice_harness import prometheus as prom


def promtool():
    tool = prom.find_tool("promtool")
    if tool is None:
        pytest.skip("promtool not found ($P4S_PROMTOOL, PATH, /usr/bin): apt-get install prometheus")
    return tool


def run(*args, stdin=None):
    return subprocess.run(list(args), input=stdin, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def dashboard():
    return json.loads(prom.DASHBOARD.read_text())


@pytest.fixture(scope="module")
def families():
    return prom.exported_metrics()


def test_the_alert_rules_parse():
    r = run(promtool(), "check", "rules", str(prom.RULES))
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_alert_rules_pass_their_unit_tests():
    r = run(promtool(), "test", "rules", str(prom.RULES_TEST))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "SUCCESS" in r.stdout


def test_every_alert_the_brief_names_is_there_and_tested():
    alerts = {name for name, _ in prom.rule_expressions()}
    assert {"P4sliceSliceFailed", "P4sliceSliceProvisioningStuck", "P4sliceSwitchUnavailable", "P4sliceFairnessCvHigh",
            "P4sliceSliceBelowQuota", "P4sliceAdmissionRefusalsSpiking", "P4sliceBookingFailedToStart",
            "P4sliceAuditLogNearBound"} <= alerts
    tests = yaml.safe_load(prom.RULES_TEST.read_text())["tests"]
    tested = {t["alertname"] for group in tests for t in group.get("alert_rule_test", []) if t.get("exp_alerts")}
    assert alerts == tested, f"alerts with no test that expects them to fire: {sorted(alerts - tested)}"


def test_every_dashboard_expression_parses(dashboard, tmp_path):
    exprs = prom.dashboard_expressions(dashboard)
    assert len(exprs) >= 20
    rules = tmp_path / "dashboard.rules.yml"
    rules.write_text(prom.recording_rules(exprs))
    r = run(promtool(), "check", "rules", str(rules))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"SUCCESS: {len(exprs)} rules found" in r.stdout


def test_rules_and_dashboard_name_only_exported_metrics(dashboard, families):
    used = {}
    for where, expr in prom.rule_expressions() + prom.dashboard_expressions(dashboard):
        for name in prom.metric_names(expr):
            used.setdefault(name, where)
    unknown = {n: w for n, w in used.items() if n != "up" and prom.family_of(n, families) is None}
    assert not unknown, f"metrics p4slice does not export (name: where): {unknown}"
    assert len(used) >= 20, sorted(used)


def test_the_metric_name_reader():
    assert prom.metric_names('sum by (tenant, le) (rate(p4slice_x_bucket{tenant=~"a|b",le="0.1"}[5m])) '
                             '> on (job) group_left () (1 - p4slice_y offset 10m) and up') \
        == {"p4slice_x_bucket", "p4slice_y", "up"}
    assert prom.family_of("p4slice_lifecycle_step_duration_seconds_bucket",
                          {"p4slice_lifecycle_step_duration_seconds": "histogram"}) \
        == "p4slice_lifecycle_step_duration_seconds"
    assert prom.family_of("p4slice_slices_count", {"p4slice_slices": "gauge"}) is None


def test_the_dashboard_is_grafanas_model_with_its_variables(dashboard):
    assert 36 <= dashboard["schemaVersion"] <= 41
    variables = {v["name"]: v for v in dashboard["templating"]["list"]}
    assert variables["datasource"]["type"] == "datasource" and variables["datasource"]["query"] == "prometheus"
    for name in ("tenant", "slice"):
        assert variables[name]["type"] == "query"
        assert variables[name]["datasource"]["uid"] == "${datasource}"
        assert variables[name]["definition"].startswith("label_values(")
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for p in dashboard["panels"]:
        if p["type"] != "row":
            assert p["datasource"]["uid"] == "${datasource}", p["title"]
            assert all(t["datasource"]["uid"] == "${datasource}" for t in p["targets"]), p["title"]
    titles = " ".join(p["title"] for p in dashboard["panels"]).lower()
    for what in ("quota", "cv", "port", "trunk", "state", "bookings", "availability", "life-cycle"):
        assert what in titles, what


def test_the_rules_test_copy_has_short_durations_and_the_same_alerts():
    text = prom.RULES.read_text()
    short = yaml.safe_load(prom.rules_with_short_for(text, 3))
    shipped = yaml.safe_load(text)
    fors = [r["for"] for g in short["groups"] for r in g["rules"] if "for" in r]
    assert fors and set(fors) == {"3s"}
    assert [r.get("alert") for g in short["groups"] for r in g["rules"]] == \
        [r.get("alert") for g in shipped["groups"] for r in g["rules"]]
    assert "1m" in {r.get("for") for g in shipped["groups"] for r in g["rules"]}


def test_the_scrape_config_authenticates_and_reads_the_metrics_path(tmp_path):
    cfg = prom.scrape_config("127.0.0.1:8181", "onos", tmp_path / "pw", [tmp_path / "r.yml"])
    job = cfg["scrape_configs"][0]
    assert job["metrics_path"] == "/onos/p4slice/metrics"
    assert job["basic_auth"] == {"username": "onos", "password_file": str(tmp_path / "pw")}
    assert cfg["global"]["scrape_interval"] == "1s" and cfg["global"]["evaluation_interval"] == "1s"


def test_a_scrape_of_the_renderer_passes_promtool_check_metrics(families):
    tool = promtool()
    if not prom.SAMPLE_EXPOSITION.exists():
        pytest.skip(f"{prom.SAMPLE_EXPOSITION} not written yet (mvn -B verify: P4sliceMetricsTest writes it)")
    text = prom.SAMPLE_EXPOSITION.read_text()
    r = run(tool, "check", "metrics", stdin=text)
    assert r.returncode == 0, r.stdout + r.stderr
    written = [line.split()[2] for line in text.splitlines() if line.startswith("# TYPE ")]
    assert written == list(families)
