#!/usr/bin/env bash
# p4slice demo (run by `make demo` after the build): the richest path this machine supports.
#  1. the .oar and its bundles
#  2. what the slice manager makes ONOS write for the two-switch, four-slice example scenario (plan exporter)
#  3. real bmv2 (if simple_switch_grpc is installed and we are root): the testbed in a box —
#     two switches, a trunk, eight hosts, four slices from ONOS's translation, isolation checked,
#     traffic at 2 x quota, the statistical summary table, clean teardown (make -C mininet-tests demo)
#  4. the REST API on the dev server: create, list, capacity, stats, delete, book a slot (and a
#     slice refused because it would take the booked port), cancel; /fairness over simulated traffic
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SCENARIO=mininet-tests/scenarios/two-switch-four-slices.json
OAR=app/target/p4slice-app-1.0.0-SNAPSHOT.oar

echo "== 1. application archive: $OAR"
unzip -l "$OAR" | awk '/\.jar$|app.xml|features.xml/ {print "   " $4}'

echo "== 2. plan of $SCENARIO (the slice manager on ONOS's test adapters, ONOS's PI translation)"
PLAN=$(mktemp --suffix=.plan.json)
tools/run.sh plan-export "$SCENARIO" -o "$PLAN" 2>/dev/null
python3 - "$PLAN" <<'PY'
import json, sys, collections
plan = json.load(open(sys.argv[1]))
per = collections.Counter((e["device"], e["table"]) for e in plan["entries"])
for (dev, table), n in sorted(per.items()):
    print(f"   {dev:16} {table:34} {n:3} entries")
print(f"   meters: {len(plan['meters'])} cells, multicast groups: {len(plan['multicastGroups'])}")
PY
rm -f "$PLAN"

echo "== 3. real bmv2"
if command -v simple_switch_grpc >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    make -s -C mininet-tests demo
else
    echo "   skipped: needs simple_switch_grpc on PATH and root (see README, Prerequisites)"
fi

# a port nothing listens on: 8181 is ONOS's, and a running ONOS (with p4slice in it) must never get
# the demo's requests
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "== 4. REST API on the dev server (127.0.0.1:$PORT)"
tools/run.sh devserver --scenario "$SCENARIO" --traffic steady:2 --port "$PORT" > /tmp/p4slice-devserver.log 2>&1 &
DEV=$!
trap 'kill $DEV 2>/dev/null; wait $DEV 2>/dev/null || true' EXIT
API=http://127.0.0.1:$PORT/onos/p4slice
# a start after a source change builds the tools module; give it time, and stop waiting if it died
for _ in $(seq 1 300); do
    curl -sf -u onos:rocks "$API/slices" >/dev/null 2>&1 && break
    kill -0 $DEV 2>/dev/null || { echo "   dev server did not start; see /tmp/p4slice-devserver.log"; exit 1; }
    sleep 1
done
run() { echo "\$ $*"; "$@" || echo "   (curl exit code $?)"; echo; }
run curl -s -u onos:rocks -X POST -H 'Content-Type: application/json' "$API/slices" \
    -d '{"name": "itb-lab1", "tenant": "itb", "quotaBps": 8000000, "endpoints": [{"device": "device:bmv2:s1", "port": 1, "mode": "access"}, {"device": "device:bmv2:s2", "port": 1, "mode": "access"}]}'
run curl -s -u onos:rocks "$API/slices"
run curl -s -u onos:rocks "$API/slices/1/stats"
sleep 3   # three polls of the fairness app over the simulated traffic (2 x quota offered)
run curl -s -u onos:rocks "$API/slices/1/stats"
run curl -s -u onos:rocks -X POST -H 'Content-Type: application/json' "$API/slices" \
    -d '{"name": "too-big", "tenant": "itb", "quotaBps": 39000000, "endpoints": [{"device": "device:bmv2:s1", "port": 2, "mode": "access"}]}'
run curl -s -o /dev/null -w '%{http_code}\n' -u onos:rocks -X DELETE "$API/slices/1"
# a booked slot: admitted over time, protected from slices created meanwhile
START=$(date -u -d '+1 hour' +%Y-%m-%dT%H:00:00Z); END=$(date -u -d '+2 hour' +%Y-%m-%dT%H:00:00Z)
run curl -s -u onos:rocks -X POST -H 'Content-Type: application/json' "$API/reservations" \
    -d "{\"tenant\": \"itb\", \"start\": \"$START\", \"end\": \"$END\", \"slice\": {\"name\": \"itb-booked\", \"quotaBps\": 8000000, \"endpoints\": [{\"device\": \"device:bmv2:s1\", \"port\": 3, \"mode\": \"access\"}]}}"
run curl -s -u onos:rocks -X POST -H 'Content-Type: application/json' "$API/slices" \
    -d '{"name": "ui-adhoc", "tenant": "ui", "quotaBps": 1000000, "endpoints": [{"device": "device:bmv2:s1", "port": 3, "mode": "access"}]}'
run curl -s -o /dev/null -w '%{http_code}\n' -u onos:rocks -X DELETE "$API/reservations/1"
run curl -s -u onos:rocks "$API/fairness"
echo "   (dev server log: /tmp/p4slice-devserver.log)"
