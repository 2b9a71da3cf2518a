"""report.py: JSON written and round-tripped, environment captured, PNG plots valid and non-trivial."""

import json
import math
import os
import re
import struct
import subprocess

import pytest

from p4slice_harness.paths import REPO_DIR
from p4slice_harness.report import Report, percentile
from p4slice_harness.report_data import ReportError, environment, load_report, to_jsonable
from p4slice_harness.stats import Summary, summarize

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_info(path):
    """(width, height) from the IHDR chunk; asserts the signature."""
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC, f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def distinct_colours(path):
    from PIL import Image
    with Image.open(path) as im:
        im.load()
        return len(im.convert("RGB").getcolors(maxcolors=1 << 20))


@pytest.fixture
def fake_bmv2(tmp_path):
    exe = tmp_path / "simple_switch_grpc"
    exe.write_text("#!/bin/sh\necho '1.15.5-testbuild'\n")
    exe.chmod(0o755)
    return str(exe)


def test_environment(fake_bmv2, tmp_path):
    env = environment(REPO_DIR, binary=fake_bmv2)
    assert env["bmv2_version"] == "1.15.5-testbuild"
    assert env["bmv2_binary"] == fake_bmv2
    head = subprocess.run(["git", "-C", str(REPO_DIR), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode == 0:
        assert env["git_commit"] == head.stdout.strip()
        assert isinstance(env["git_dirty"], bool)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", env["timestamp"])
    assert env["host"] and env["kernel"] and env["python"].count(".") == 2
    # outside a repository and without a binary: unknown, not an error
    bare = environment(tmp_path, binary=None)
    assert bare["git_commit"] is None and bare["git_dirty"] is None and bare["bmv2_version"] is None
    # a binary that fails: version unknown
    broken = tmp_path / "broken"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    assert environment(tmp_path, binary=str(broken))["bmv2_version"] is None


def test_json_round_trip(tmp_path, fake_bmv2):
    rep = Report("run1", tmp_path / "out", binary=fake_bmv2)
    s = rep.summary("rate (Mbit/s)", [7.9, 8.0, 8.1])
    rep.add("quota_bps", {"lab-a": 8_000_000, 10: 4})
    rep.add("one", summarize([1.0]))
    rep.add("nested", {"a": [1, 2.5, None, True, "x"], "t": (1, 2)})
    path = rep.write()
    assert path == tmp_path / "out" / "run1.json"
    doc = load_report(path)
    assert doc["name"] == "run1"
    assert doc["environment"]["bmv2_version"] == "1.15.5-testbuild"
    assert Summary.from_dict(doc["results"]["rate (Mbit/s)"]) == s
    assert doc["results"]["quota_bps"] == {"lab-a": 8_000_000, "10": 4}  # keys become strings
    assert doc["results"]["one"]["sd"] is None and doc["results"]["one"]["ci95"] is None
    assert doc["results"]["nested"] == {"a": [1, 2.5, None, True, "x"], "t": [1, 2]}
    assert doc["plots"] == {}
    # what was written is exactly what to_dict gives (JSON-stable), and a second write keeps the environment
    assert json.loads(json.dumps(rep.to_dict())) == doc
    assert load_report(rep.write())["environment"] == doc["environment"]
    assert not list((tmp_path / "out").glob("*.tmp"))


@pytest.mark.parametrize("value,match", [
    (float("nan"), r"x: nan cannot be stored"),
    ({"a": [1, float("inf")]}, r"x\.a\[1\]: inf cannot be stored"),
    (object(), r"x: cannot store object"),
    ({(1, 2): 3}, r"key \(1, 2\)"),
])
def test_unstorable_results_are_refused(value, match, tmp_path):
    rep = Report("r", tmp_path, binary=None)
    with pytest.raises(ReportError, match=match):
        rep.add("x", value)
    assert rep.results == {}


def test_duplicates_and_bad_names(tmp_path):
    rep = Report("r", tmp_path, binary=None)
    rep.add("a", 1)
    with pytest.raises(ReportError, match="already added"):
        rep.add("a", 2)
    for bad in ("", "../x", ".hidden"):
        with pytest.raises(ReportError):
            Report(bad, tmp_path)


def test_numpy_values_are_stored_as_plain_numbers():
    np = pytest.importorskip("numpy")
    assert to_jsonable({"a": np.float64(1.5), "b": np.arange(3)}) == {"a": 1.5, "b": [0, 1, 2]}


def test_percentile_nearest_rank():
    vals = [15, 20, 35, 40, 50]
    # nearest rank: ceil(q/100 * 5): p30 -> rank 2 -> 20; p40 -> 2 -> 20; p50 -> 3 -> 35; p100 -> 5 -> 50
    assert [percentile(vals, q) for q in (0, 30, 40, 50, 100)] == [15, 20, 20, 35, 50]
    with pytest.raises(ReportError):
        percentile([], 50)


def throughput_series():
    ts = [0.5 * i for i in range(21)]
    series = {}
    for k, (name, quota) in enumerate((("lab-a", 8e6), ("lab-b", 8e6), ("lab-c", 10e6), ("lab-d", 10e6))):
        series[name] = (ts, [quota * (0.97 + 0.02 * math.sin(t + k)) if t > 0 else 0.0 for t in ts])
    return series, {"lab-a": 8e6, "lab-b": 8e6, "lab-c": 10e6, "lab-d": 10e6}


def test_plots_are_valid_pngs_and_recorded(tmp_path):
    rep = Report("fair", tmp_path, binary=None)
    series, quotas = throughput_series()
    p1 = rep.plot_throughput("throughput", series, quotas=quotas)
    runs = [{"lab-a": 0.99 + 0.004 * i, "lab-b": 1.01 - 0.003 * i, "lab-c": 0.98, "lab-d": 1.0 + 0.002 * i}
            for i in range(5)]
    p2 = rep.plot_fairness("fairness", runs, title="4 slices, 2 switches")
    lat = {"p4slice": [0.40 + 0.001 * (i % 97) for i in range(500)],
           "plain forwarding": [0.35 + 0.0008 * (i % 89) for i in range(500)]}
    p3 = rep.plot_latency_cdf("latency", lat, unit="ms")
    for p in (p1, p2, p3):
        assert p.parent == tmp_path and p.name.startswith("fair-")
        assert png_info(p) == (800, 450)
        assert p.stat().st_size > 15_000  # lines, text and antialiasing: far more than a blank canvas
        assert distinct_colours(p) > 50
    doc = load_report(rep.write())
    assert doc["plots"] == {"throughput": "fair-throughput.png", "fairness": "fair-fairness.png",
                            "latency": "fair-latency.png"}
    # the numbers behind the plots are in the JSON
    assert doc["results"]["throughput"]["quota_bps"]["lab-c"] == 10e6
    assert len(doc["results"]["throughput"]["series"]["lab-a"]["rate_bps"]) == 21
    fair = doc["results"]["fairness"]
    assert fair["per_slice"]["lab-c"]["mean"] == pytest.approx(0.98)
    assert fair["per_slice"]["lab-c"]["sd"] == pytest.approx(0.0)
    assert fair["jain"]["n"] == 5 and 0.999 < fair["jain"]["mean"] <= 1.0
    # run 0: shares 0.99 1.01 0.98 1.00, mean 0.995, population sigma sqrt((25+225+225+25)e-6/4) = 0.011180
    assert fair["runs"][0] == {"lab-a": 0.99, "lab-b": 1.01, "lab-c": 0.98, "lab-d": 1.0}
    cv0 = math.sqrt((0.005 ** 2 + 0.015 ** 2 + 0.015 ** 2 + 0.005 ** 2) / 4) / 0.995
    assert cv0 == pytest.approx(0.011236, abs=1e-6)

    def pop_cv(xs):
        m = sum(xs) / len(xs)
        return math.sqrt(sum((x - m) ** 2 for x in xs) / len(xs)) / m

    per_run = [pop_cv(list(r.values())) for r in runs]
    assert per_run[0] == pytest.approx(cv0)
    assert fair["cv"]["n"] == 5
    assert fair["cv"]["mean"] == pytest.approx(sum(per_run) / 5)
    assert (fair["cv"]["min"], fair["cv"]["max"]) == pytest.approx((min(per_run), max(per_run)))
    lat_doc = doc["results"]["latency"]["configurations"]["p4slice"]
    assert lat_doc["summary"]["n"] == 500 and lat_doc["p50"] <= lat_doc["p90"] <= lat_doc["p99"]


def test_fairness_with_one_run_has_no_error_bars_but_plots(tmp_path):
    rep = Report("one", tmp_path, binary=None)
    p = rep.plot_fairness("fairness", [{"a": 0.9, "b": 1.1}])
    assert png_info(p) == (800, 450)
    r = rep.results["fairness"]
    assert r["per_slice"]["a"]["ci95"] is None and r["jain"]["sd"] is None
    # Jain of 0.9, 1.1 = 2^2 / (2 * (0.81 + 1.21)) = 4 / 4.04 = 0.990099
    assert r["jain"]["mean"] == pytest.approx(4 / 4.04)


@pytest.mark.parametrize("call,match", [
    (lambda r: r.plot_throughput("t", {}), "no series"),
    (lambda r: r.plot_throughput("t", {"a": ([0, 1], [1])}), "as many times as rates"),
    (lambda r: r.plot_throughput("t", {"a": ([0], [1])}, quotas={"b": 1}), r"unknown slice\(s\) \['b'\]"),
    (lambda r: r.plot_fairness("f", []), "no runs"),
    (lambda r: r.plot_fairness("f", [{"a": 1, "b": 1}, {"a": 1}]), "run 1 has slices"),
    (lambda r: r.plot_fairness("f", [{"a": 0, "b": 0}]), "every value is 0"),
    (lambda r: r.plot_latency_cdf("l", {"x": []}), "no samples"),
    (lambda r: r.plot_latency_cdf("a/b", {"x": [1]}), "plain name"),
])
def test_bad_plot_data_is_refused_before_any_file(call, match, tmp_path):
    rep = Report("bad", tmp_path / "o", binary=None)
    with pytest.raises(ReportError, match=match):
        call(rep)
    assert not (tmp_path / "o").exists() or not os.listdir(tmp_path / "o")
    assert rep.plots == {} and rep.results == {}


def test_same_plot_key_twice_is_refused(tmp_path):
    rep = Report("twice", tmp_path, binary=None)
    rep.plot_latency_cdf("lat", {"x": [1.0, 2.0]})
    with pytest.raises(ReportError, match="already written"):
        rep.plot_latency_cdf("lat", {"x": [1.0, 2.0]})
