"""Prometheus around p4slice: the committed alert rules, dashboard and metric list (docs/prometheus,
docs/grafana), the PromQL expressions they hold and the metric names those name, Debian's
``promtool`` and ``prometheus`` binaries, and a Prometheus server that scrapes one ONOS for a test
(loopback only, data in a directory of the caller, bounded waits, stopped at the end).

The tools are found as ``$P4S_PROMTOOL`` / ``$P4S_PROMETHEUS``, else on PATH, else in /usr/bin
(Debian's ``prometheus`` package brings both)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

import yaml

from p4slice_harness.paths import REPO_DIR

PROMETHEUS_DOCS = REPO_DIR / "docs" / "prometheus"
RULES = PROMETHEUS_DOCS / "p4slice.rules.yml"
RULES_TEST = PROMETHEUS_DOCS / "p4slice.rules.test.yml"
METRIC_LIST = PROMETHEUS_DOCS / "metrics.txt"
DASHBOARD = REPO_DIR / "docs" / "grafana" / "p4slice.json"
# written by the fairness app's P4sliceMetricsTest (mvn verify): one scrape of every family
SAMPLE_EXPOSITION = REPO_DIR / "apps" / "fairness" / "target" / "metrics-sample.prom"

# Grafana's variables, replaced by something PromQL parses before promtool reads an expression
GRAFANA_VARIABLES = {"$__rate_interval": "1m", "$__interval": "1m", "$__range": "1h", "$tenant": ".*",
                     "$slice": ".*"}
PROMQL_KEYWORDS = {"and", "or", "unless", "offset", "bool", "by", "without", "on", "ignoring", "group_left",
                   "group_right", "inf", "nan", "le"}
HISTOGRAM_SUFFIXES = ("_bucket", "_sum", "_count")


def find_tool(name: str, env=os.environ) -> Optional[str]:
    """The path of ``promtool`` or ``prometheus``, or None."""
    override = env.get("P4S_" + name.upper())
    if override:
        return override if os.access(override, os.X_OK) else None
    found = shutil.which(name)
    if found:
        return found
    debian = f"/usr/bin/{name}"
    return debian if os.access(debian, os.X_OK) else None


def exported_metrics(path: Path = METRIC_LIST) -> Dict[str, str]:
    """{family name: type} of docs/prometheus/metrics.txt (checked against the Java renderer)."""
    out = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, kind = line.split()
            out[name] = kind
    return out


def rule_expressions(path: Path = RULES) -> List[Tuple[str, str]]:
    """(alert or record name, expression) of every rule of a rules file."""
    doc = yaml.safe_load(path.read_text())
    return [(r.get("alert") or r.get("record"), str(r["expr"])) for g in doc["groups"] for r in g["rules"]]


def dashboard_expressions(dashboard: dict) -> List[Tuple[str, str]]:
    """(panel title, expression) of every query of a Grafana dashboard (rows' nested panels too), and
    (variable name, the series selector of its ``label_values(...)``) of every query variable."""
    out = []

    def panels(ps):
        for p in ps:
            yield p
            yield from panels(p.get("panels", []))
    for p in panels(dashboard.get("panels", [])):
        for t in p.get("targets", []):
            if t.get("expr"):
                out.append((p.get("title", "?"), t["expr"]))
    for v in dashboard.get("templating", {}).get("list", []):
        if v.get("type") != "query":
            continue
        q = v["query"]["query"] if isinstance(v["query"], dict) else v["query"]
        m = re.fullmatch(r"\s*label_values\((.*),\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*", q)
        assert m, f"variable {v['name']}: not label_values(selector, label): {q}"
        out.append((f"${v['name']}", m.group(1)))
    return out


def substitute_grafana_variables(expr: str) -> str:
    for k in sorted(GRAFANA_VARIABLES, key=len, reverse=True):
        expr = expr.replace(k, GRAFANA_VARIABLES[k])
    return expr


def metric_names(expr: str) -> set:
    """The metric names an expression selects (functions, keywords, label names, strings and
    durations left out; a histogram's _bucket/_sum/_count named as its family)."""
    e = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)                       # strings
    e = re.sub(r"\{[^}]*\}", "", e)                                     # label matchers
    e = re.sub(r"\[[^\]]*\]", "", e)                                    # ranges
    e = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", e)
    e = re.sub(r"\boffset\s+\d+[smhdwy]", " ", e)
    names = set()
    for m in re.finditer(r"(?<![\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()", e):
        word = m.group(1)
        if word.lower() not in PROMQL_KEYWORDS:
            names.add(word)
    return names


def family_of(name: str, families: Dict[str, str]) -> Optional[str]:
    """The family a sample name belongs to, or None if p4slice exports no such family."""
    if name in families:
        return name
    for suffix in HISTOGRAM_SUFFIXES:
        base = name[:-len(suffix)] if name.endswith(suffix) else None
        if base and families.get(base) == "histogram":
            return base
    return None


def recording_rules(exprs: Iterable[Tuple[str, str]]) -> str:
    """A rules file with each expression as a recording rule (what ``promtool check rules`` parses)."""
    rules = [{"record": f"p4slice_check:expr_{i}", "expr": substitute_grafana_variables(e)}
             for i, (_, e) in enumerate(exprs)]
    return yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}, sort_keys=False)


def rules_with_short_for(text: str, seconds: int) -> str:
    """The rules file with every ``for:`` shortened to at most `seconds` (a test copy; the shipped
    file keeps its durations)."""
    doc = yaml.safe_load(text)
    for g in doc["groups"]:
        for r in g["rules"]:
            if "for" in r:
                r["for"] = f"{seconds}s"
    return yaml.safe_dump(doc, sort_keys=False)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape_config(target: str, user: str, password_file: Path, rule_files: List[Path], interval_s: int = 1,
                  job: str = "p4slice") -> dict:
    """prometheus.yml for one p4slice: ``target`` host:port, basic authentication, the metrics path."""
    return {
        "global": {"scrape_interval": f"{interval_s}s", "evaluation_interval": f"{interval_s}s",
                   "scrape_timeout": f"{interval_s}s"},
        "rule_files": [str(p) for p in rule_files],
        "scrape_configs": [{
            "job_name": job,
            "metrics_path": "/onos/p4slice/metrics",
            "basic_auth": {"username": user, "password_file": str(password_file)},
            "static_configs": [{"targets": [target]}],
        }],
    }


class PrometheusServer:
    """Debian's ``prometheus`` scraping one target, on 127.0.0.1 at a free port, its data and
    configuration in `workdir`. Use as a context manager; :meth:`query` asks its HTTP API."""

    def __init__(self, workdir: Path, target: str, user: str, password: str, rules: Optional[str] = None,
                 binary: Optional[str] = None, start_timeout: float = 30.0):
        self.workdir = Path(workdir)
        self.binary = binary or find_tool("prometheus")
        if self.binary is None:
            raise RuntimeError("prometheus not found ($P4S_PROMETHEUS, PATH, /usr/bin; Debian package prometheus)")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.start_timeout = start_timeout
        self.workdir.mkdir(parents=True, exist_ok=True)
        secret = self.workdir / "password"
        secret.write_text(password)
        secret.chmod(0o600)
        rule_files = []
        if rules is not None:
            rule_files.append(self.workdir / "p4slice.rules.yml")
            rule_files[0].write_text(rules)
        self.config = self.workdir / "prometheus.yml"
        self.config.write_text(yaml.safe_dump(scrape_config(target, user, secret, rule_files), sort_keys=False))
        self.log = self.workdir / "prometheus.log"
        self.proc: Optional[subprocess.Popen] = None

    def command(self) -> List[str]:
        return [self.binary, f"--config.file={self.config}", f"--storage.tsdb.path={self.workdir / 'data'}",
                f"--web.listen-address=127.0.0.1:{self.port}", "--storage.tsdb.retention.time=1h",
                "--log.level=info"]

    def __enter__(self) -> "PrometheusServer":
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(self.command(), stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, cwd=self.workdir)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"prometheus exited with {self.proc.returncode}: {self.log_tail()}")
            try:
                with urllib.request.urlopen(self.base + "/-/ready", timeout=2) as r:
                    if r.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"prometheus not ready after {self.start_timeout:.0f} s: {self.log_tail()}")

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def api(self, path: str, **params) -> dict:
        url = self.base + "/api/v1/" + path + ("?" + urllib.parse.urlencode(params) if params else "")
        with urllib.request.urlopen(url, timeout=10) as r:
            body = json.loads(r.read())
        assert body.get("status") == "success", body
        return body["data"]

    def query(self, promql: str) -> List[dict]:
        """The instant vector of an expression: [{"metric": {...}, "value": [t, "v"]}, ...]."""
        return self.api("query", query=promql)["result"]

    def targets(self) -> List[dict]:
        return self.api("targets")["activeTargets"]

    def alerts(self) -> List[dict]:
        return self.api("alerts")["alerts"]
