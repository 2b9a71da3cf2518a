"""The REST API against hostile input and across tenants, through the dev server (the real web
application, codecs and services over ONOS's test adapters) on 127.0.0.1 and a free port.

- Two tenants (itb: alice, ui: bob, both holding only ONOS's viewer role), a viewer of no tenant (carol)
  and the operator named by netcfg (onos/rocks): what each sees and may do (the two-tenant walk-through
  of the README, as HTTP requests).
- Bad slice requests built by the harness's one builder (which checks nothing): the server's status
  and message, and no slice changed.
- Schemathesis fuzzes every operation of the generated swagger document (web/target/swagger.json, which
  the dev server serves at /apidoc/swagger.json), as the operator and as a tenant's user, bounded in
  examples and time: no answer may be a 5xx, and every error must be a JSON body with a "message".
  The figures (requests sent, statuses) are printed and written to reports/rest-fuzz-<user>.json.
- What a schema-driven fuzzer does not send: bodies nested 1 to 100,000 levels deep and numbers far
  beyond 64 bits (or a double) in every numeric field of every body, path and query parameter, and the
  same bodies as tenant portal events: a 4xx with a JSON "message" each, nothing changed.

Skipped (with the reason) only where Java or the built dev server is missing; a missing fuzzer is a
failure (`make venv-fuzz` installs it)."""

import json
import os
import subprocess
import urllib.error
import urllib.request
from base64 import b64encode
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from p4slice_harness import devserver
from p4slice_harness.onos.rest import slice_request
from p4slice_harness.paths import HARNESS_DIR, report_dir

SCHEMATHESIS = Path(os.environ.get("P4S_SCHEMATHESIS", HARNESS_DIR / ".venv-fuzz/bin/schemathesis"))
MAX_EXAMPLES = int(os.environ.get("P4S_FUZZ_EXAMPLES", "20"))
MAX_SECONDS = int(os.environ.get("P4S_FUZZ_SECONDS", "60"))
REPORTS = report_dir()

TENANTS = {
    "itb": {"name": "ITB", "maxSlices": 4, "maxBps": 40000000, "maxBookingHours": 48,
            "maxLeadDays": 90},
    "ui": {"name": "UI", "maxSlices": 2, "maxBps": 20000000, "maxBookingHours": 24,
           "maxLeadDays": 30},
}
OPERATORS = {"users": ["onos"]}
USERS = ["carol:carolpw"]
# tenants' users are p4slice's own (no ONOS account)
TENANT_USERS = ["itb:alice:alicepw", "ui:bob:bobpw"]
PASSWORDS = {"onos": "rocks", "alice": "alicepw", "bob": "bobpw", "carol": "carolpw"}
S1 = "device:bmv2:s1"


def start_server(tmp_path_factory):
    reason = devserver.skip_reason()
    if reason:
        pytest.skip(reason)
    netcfg = {"apps": {"org.p4slice": {"tenants": TENANTS, "operators": OPERATORS}}}
    return devserver.DevServer(users=USERS, tenant_users=TENANT_USERS, netcfg=netcfg,
                               workdir=tmp_path_factory.mktemp("devserver"))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = start_server(tmp_path_factory)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def fresh_server(tmp_path_factory):
    """A server of its own, whatever the fuzzing left on the other one (slices, the tenants' caps used)."""
    s = start_server(tmp_path_factory)
    yield s
    s.stop()


def call(server, who, method, path, body=None):
    """(status, parsed JSON body) of one request as ``who``."""
    r = server.rest(who, PASSWORDS[who]).call(method, path, body)
    return r.status, r.body


def on_s1(name, tenant, port, quota=8000000):
    """A slice request of one access port of s1."""
    return slice_request(name, tenant, quota, [(S1, port)])


# What the harness's builder no longer checks, refused by the server (which is the only judge)
BAD_REQUESTS = {
    "zero quota": (slice_request("a", "itb", 0, [(S1, 1)]), "quotaBps must be > 0, got 0"),
    "fractional quota": (slice_request("a", "itb", 4.1e6, [(S1, 1)]), '"quotaBps" must be an integer, got 4100000.0'),
    "boolean quota": (slice_request("a", "itb", True, [(S1, 1)]), '"quotaBps" must be an integer, got true'),
    "quota as text": (slice_request("a", "itb", "8000000", [(S1, 1)]),
                      '"quotaBps" must be an integer, got "8000000"'),
    "no tenant": (slice_request("a", "", 1000000, [(S1, 1)]), "tenant must not be empty"),
    "no name": (slice_request("", "itb", 1000000, [(S1, 1)]), "slice name must not be empty"),
    "no endpoint": (slice_request("a", "itb", 1000000, []), "a slice needs at least one endpoint"),
    "unknown mode": (slice_request("a", "itb", 1000000, [(S1, 1)], mode="tagged"),
                     'endpoint mode must be "access" or "trunk", got "tagged"'),
    "port as text": (slice_request("a", "itb", 1000000, [(S1, "1")]), '"port" must be an integer, got "1"'),
}


@pytest.mark.parametrize("who", ["alice", "onos"])
@pytest.mark.parametrize("case", sorted(BAD_REQUESTS))
def test_a_bad_slice_request_gets_the_servers_message_and_changes_nothing(server, who, case):
    body, message = BAD_REQUESTS[case]
    before = call(server, "onos", "GET", "/slices")
    assert call(server, who, "POST", "/slices", body) == (400, {"code": 400, "message": message})
    assert call(server, "onos", "GET", "/slices") == before


def test_tenants_see_and_touch_only_their_own(server):
    status, itb = call(server, "alice", "POST", "/slices", on_s1("itb-lab1", "itb", 1))
    assert status == 201, itb
    status, ui = call(server, "bob", "POST", "/slices", on_s1("ui-lab1", "ui", 2))
    assert status == 201, ui
    # each tenant lists its own; the operator all; a user of no tenant nothing
    assert [s["id"] for s in call(server, "alice", "GET", "/slices")[1]["slices"]] == [itb["id"]]
    assert [s["id"] for s in call(server, "bob", "GET", "/slices")[1]["slices"]] == [ui["id"]]
    assert {s["id"] for s in call(server, "onos", "GET", "/slices")[1]["slices"]} >= {itb["id"], ui["id"]}
    assert call(server, "carol", "GET", "/slices")[1] == {"slices": [], "total": 0, "offset": 0, "limit": 100,
                                                          "nextOffset": None}
    # a viewer of no tenant changes nothing
    status, body = call(server, "carol", "DELETE", f"/slices/{itb['id']}")
    assert (status, body) == (403, {"code": 403, "message": "user carol is neither a p4slice operator nor a "
                                                            "tenant's user and may not change anything"})
    # another tenant's slice does not exist for bob; naming another tenant is forbidden
    status, body = call(server, "bob", "DELETE", f"/slices/{itb['id']}")
    assert (status, body) == (404, {"code": 404, "message": f"no slice with id {itb['id']}"})
    status, body = call(server, "bob", "PUT", f"/slices/{itb['id']}", on_s1("itb-lab1", "ui", 1))
    assert status == 404, body
    status, body = call(server, "alice", "PUT", f"/slices/{itb['id']}", on_s1("itb-lab1", "ui", 1))
    assert status == 403 and "may not" in body["message"], body
    assert call(server, "bob", "GET", "/slices?tenant=itb")[0] == 403
    # caps: ui may hold 20 Mbit/s in total
    status, body = call(server, "bob", "POST", "/slices", on_s1("ui-lab2", "ui", 3, quota=15000000))
    assert status == 409 and "at most 20000000 bit/s" in body["message"], body
    # the slice is still there, unchanged
    status, body = call(server, "alice", "GET", f"/slices/{itb['id']}")
    assert status == 200 and body["quotaBps"] == 8000000 and body["tenant"] == "itb"
    # the audit log: operators only; it has the refusals too
    assert call(server, "alice", "GET", "/audit")[0] == 403
    status, audit = call(server, "onos", "GET", "/audit")
    assert status == 200
    results = [(e["user"], e["action"], e["result"].split(":")[0]) for e in audit["entries"]]
    assert ("bob", "slice.remove", "NOT_FOUND") in results
    assert ("bob", "slice.create", "CONFLICT") in results
    assert ("alice", "slice.create", "OK") in results
    # bookings have a horizon: 400 with the range for a time the store cannot hold
    booking = {"tenant": "itb", "start": "+999999999-01-01T00:00:00Z", "end": "+999999999-01-01T01:00:00Z",
               "slice": on_s1("slot", "itb", 4)}
    status, body = call(server, "alice", "POST", "/reservations", booking)
    assert status == 400 and "from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z" in body["message"], body
    for sid, who in ((itb["id"], "alice"), (ui["id"], "bob")):
        assert call(server, who, "DELETE", f"/slices/{sid}")[0] in (202, 204)


def har_entries(path):
    with open(path) as f:
        return json.load(f)["log"]["entries"]


def bad_error(entry):
    """Why an error answer is not a JSON body with a message, or None."""
    response = entry["response"]
    text = response.get("content", {}).get("text") or ""
    try:
        body = json.loads(text)
    except ValueError:
        return f"not JSON: {text[:200]!r}"
    if not isinstance(body, dict) or not isinstance(body.get("message"), str) or not body["message"]:
        return f"no message: {text[:200]!r}"
    return None


@pytest.mark.parametrize("who", ["onos", "alice"])
def test_fuzzing_finds_no_server_error(server, who, tmp_path):
    assert SCHEMATHESIS.exists(), f"{SCHEMATHESIS} is missing: run `make -C mininet-tests venv-fuzz`"
    har = tmp_path / "fuzz.har"
    cmd = [str(SCHEMATHESIS), "run", server.swagger_url, "--url", server.base,
           "--auth", f"{who}:{PASSWORDS[who]}", "--checks", "not_a_server_error",
           "--max-examples", str(MAX_EXAMPLES), "--max-time", str(MAX_SECONDS), "--workers", "1",
           "--request-timeout", "20", "--seed", "14", "--no-color",
           "--report", "har", "--report-har-path", str(har)]
    env = dict(os.environ, NO_PROXY="127.0.0.1", no_proxy="127.0.0.1", SCHEMATHESIS_TELEMETRY="false")
    run = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=MAX_SECONDS + 240)
    output = run.stdout[-6000:] + run.stderr[-2000:]
    assert har.exists(), f"no HAR report; schemathesis said:\n{output}"
    entries = har_entries(har)
    statuses = Counter(e["response"]["status"] for e in entries)
    server_errors = [e for e in entries if e["response"]["status"] >= 500]
    bad = [(e["request"]["method"], e["request"]["url"], e["response"]["status"], bad_error(e))
           for e in entries if e["response"]["status"] >= 400 and bad_error(e)]
    summary = {"user": who, "requests": len(entries), "serverErrors": len(server_errors),
               "errorsWithoutJsonMessage": len(bad), "statuses": {str(k): v for k, v in sorted(statuses.items())},
               "maxExamples": MAX_EXAMPLES, "maxSeconds": MAX_SECONDS, "exitCode": run.returncode}
    REPORTS.mkdir(exist_ok=True)
    (REPORTS / f"rest-fuzz-{who}.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"\nschemathesis as {who}: {len(entries)} requests, statuses {dict(sorted(statuses.items()))}, "
          f"5xx: {len(server_errors)}, errors without a JSON message: {len(bad)}")
    assert entries, f"schemathesis sent nothing:\n{output}"
    assert not server_errors, [(e["request"]["method"], e["request"]["url"], e["response"]["status"],
                                e["response"].get("content", {}).get("text", "")[:300]) for e in server_errors[:10]]
    assert not bad, bad[:10]
    assert run.returncode == 0, output
    assert "Traceback" not in server.log(), server.log()[-3000:]


# -- hostile input a schema-driven fuzzer does not send: deep nesting, numbers beyond 64 bits -------------

BIG_NUMBERS = ["9" * 30, "-" + "9" * 30, "1" + "0" * 400, "1e400", "-1e400", "1.7976931348623157e309",
               "4294967296", "18446744073709551616", "9223372036854775808", "-9223372036854775809", "1e-400"]
DEPTHS = [2, 31, 32, 33, 100, 1000, 100000]
NUMBER = "@@number@@"


def raw_call(server, who, method, path, text, content_type="application/json"):
    """A request with a raw body; returns (status, body text, content type)."""
    req = urllib.request.Request(server.base + path, data=text.encode(), method=method)
    req.add_header("Authorization", "Basic " + b64encode(f"{who}:{PASSWORDS[who]}".encode()).decode())
    req.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers.get("Content-Type", "")


def number_paths(node, path=()):
    """The paths of the integers in a JSON template."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield from number_paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from number_paths(v, path + (i,))
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path


def with_number(template, path, number):
    """The template as JSON text with the integer at `path` replaced by the raw number text."""
    doc = json.loads(json.dumps(template))
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = NUMBER
    return json.dumps(doc).replace(json.dumps(NUMBER), number)


def nested(text, depth, kind):
    """`text` inside `depth` arrays or objects ("open": arrays never closed)."""
    if kind == "array":
        return "[" * depth + text + "]" * depth
    if kind == "object":
        return '{"x": ' * depth + text + "}" * depth
    return "[" * depth


def hostile_requests(slice_id, reservation_id):
    """(who, method, path, body text) of every hostile request: per body, each integer replaced by each big
    number, and the body nested at each depth; numbers in paths and queries; the same as portal events."""
    start = "2999-01-01T00:00:00Z"
    slice_body = {"name": "hostile", "tenant": "itb", "quotaBps": 1000000, "burstBytes": 65536, "vlan": 3000,
                  "id": 3000, "endpoints": [{"device": "device:bmv2:s1", "port": 4, "mode": "access"}]}
    bodies = [("POST", "/slices", slice_body), ("PUT", f"/slices/{slice_id}", slice_body),
              ("POST", "/reservations", {"tenant": "itb", "start": start, "end": "2999-01-01T01:00:00Z",
                                         "slice": slice_body}),
              ("PUT", f"/reservations/{reservation_id}", {"end": "2999-01-01T02:00:00Z"})]
    out = []
    for method, path, template in bodies:
        for p in number_paths(template):
            out += [(method, path, with_number(template, p, n)) for n in BIG_NUMBERS]
        for depth in DEPTHS:
            out += [(method, path, nested(json.dumps(template), depth, k)) for k in ("array", "object", "open")]
    create = json.dumps({"event": "p4sliceCreate", "payload": {"request": NUMBER}})
    for p in number_paths(slice_body):
        out += [("POST", "/ui/events", create.replace(json.dumps(NUMBER), with_number(slice_body, p, n)))
                for n in BIG_NUMBERS]
    for depth in DEPTHS:
        out += [("POST", "/ui/events", create.replace(json.dumps(NUMBER), nested(json.dumps(slice_body), depth, k)))
                for k in ("array", "object", "open")]
    for n in BIG_NUMBERS:
        out += [("GET", f"/slices/{n}", ""), ("DELETE", f"/slices/{n}", ""), ("GET", f"/reservations/{n}", ""),
                ("GET", f"/slices/{n}/stats", ""), ("GET", f"/audit?limit={n}", ""),
                ("POST", "/ui/events", json.dumps({"event": "p4sliceRelease", "payload": {"id": NUMBER}})
                 .replace(json.dumps(NUMBER), n))]
    return out


@pytest.mark.parametrize("who", ["onos", "alice"])
def test_deep_nesting_and_huge_numbers_are_refused_with_a_message(fresh_server, who):
    server = fresh_server
    s2 = "device:bmv2:s2"
    status, own = call(server, "alice", "POST", "/slices", slice_request("hostile-base", "itb", 1, [(s2, 1)]))
    assert status == 201, own
    day = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=20)
    status, booking = call(server, "alice", "POST", "/reservations",
                           {"tenant": "itb", "start": day.isoformat().replace("+00:00", "Z"),
                            "end": (day + timedelta(hours=1)).isoformat().replace("+00:00", "Z"),
                            "slice": slice_request("hostile-slot", "itb", 1, [(s2, 2)])})
    try:
        assert status == 201, booking
        check_hostile_requests(server, who, own["id"], booking["id"])
    finally:
        if status == 201:
            call(server, "alice", "DELETE", f"/reservations/{booking['id']}")
        call(server, "alice", "DELETE", f"/slices/{own['id']}")


def check_hostile_requests(server, who, slice_id, reservation_id):
    before = (call(server, "onos", "GET", "/slices")[1], call(server, "onos", "GET", "/reservations")[1])
    statuses, problems, accepted = Counter(), [], []
    requests = hostile_requests(slice_id, reservation_id)
    for method, path, text in requests:
        status, body, ctype = raw_call(server, who, method, path, text)
        statuses[status] += 1
        if status >= 500 or (status >= 400 and bad_error({"response": {"content": {"text": body}}})):
            problems.append((method, path, text[:120], status, body[:200]))
        elif status < 300 and path == "/ui/events":
            # the portal answers the view's messages; a change's result carries the REST API's status
            for m in json.loads(body):
                result = m["payload"]
                if m["event"] != "p4sliceActionResult" or result.get("ok") or not 400 <= result["code"] < 500 \
                        or not result.get("message"):
                    problems.append((method, path, text[:120], status, body[:200]))
        elif status < 300 and method != "GET":
            accepted.append((method, path, text[:120], status))
    print(f"\n{len(requests)} hostile requests as {who}: statuses {dict(sorted(statuses.items()))}; "
          f"accepted changes: {accepted}")
    assert not problems, problems[:10]
    assert not accepted, accepted[:10]
    after = (call(server, "onos", "GET", "/slices")[1], call(server, "onos", "GET", "/reservations")[1])
    assert after == before
    assert "Traceback" not in server.log() and "StackOverflowError" not in server.log(), server.log()[-3000:]
