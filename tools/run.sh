#!/bin/sh
# p4slice tools (the tools/ Maven module: a plain jar, never in the .oar), from the repository root:
#
#   tools/run.sh devserver [--scenario FILE] [--with-slices] [--traffic SPEC] [--port N] [--host ADDRESS]
#                          [--user NAME:PASSWORD[:admin]]... [--netcfg FILE]
#       the REST API, the GUI page and the fairness app over ONOS's test adapters (docs/northbound.md)
#   tools/run.sh plan-export SCENARIO.json [-o PLAN.json]
#       what the slicing app makes ONOS write for a scenario's slices, as a bmv2 harness plan
#   tools/run.sh fairness-replay [--window N] [--threshold X] [--counter-bits B] [--all] FILE
#       recorded per-slice counters through the fairness app's arithmetic
#   tools/run.sh fairness-figures < VALUES.json
#       CV, Jain's index and maximum deviation (FairnessMath) of a JSON list of numbers, or of each
#       list of a JSON object of named lists; undefined figures are null with the reason
#   tools/run.sh scenario-json SCENARIO.json|-
#       the scenario as the scenario reader validated it, defaults resolved, as JSON (or its error)
#
# Builds the tools module and what it needs (tests not run) when a source changed since the last
# build. MVN_FLAGS is passed to Maven (e.g. MVN_FLAGS=-o to stay offline).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
MVN=${MVN:-mvn}
JAR=tools/target/p4slice-tools-1.0.0-SNAPSHOT.jar

case "${1:-}" in
    devserver) MAIN=org.p4slice.tools.devserver.DevServerCommand ;;
    plan-export) MAIN=org.p4slice.tools.plan.PlanExport ;;
    fairness-replay) MAIN=org.p4slice.tools.fairness.FairnessReplay ;;
    fairness-figures) MAIN=org.p4slice.tools.fairness.FairnessFigures ;;
    scenario-json) MAIN=org.p4slice.tools.scenario.ScenarioJson ;;
    *) echo "usage: tools/run.sh devserver|plan-export|fairness-replay|fairness-figures|scenario-json [ARGS...]" >&2
       exit 2 ;;
esac
shift

if [ ! -s "$JAR" ] || [ -n "$(find pom.xml pipeconf/src pipeconf/pom.xml apps devserver/src devserver/pom.xml web/src web/pom.xml tools/src \
        tools/pom.xml -type f -newer "$JAR" 2>/dev/null | head -n 1)" ]; then
    echo "tools: building the tools module and what it needs (tests not run) ..." >&2
    # shellcheck disable=SC2086
    $MVN -B -q -Dstyle.color=never $MVN_FLAGS -pl tools -am package -DskipTests -Dcheckstyle.skip >&2
fi

# Kryo (the slice store's serializer, as in ONOS) reflects into the JDK on Java 17 (same flags as the tests)
OPENS=""
for p in java.lang java.lang.invoke java.lang.reflect java.math java.net java.nio java.text java.time \
         java.util java.util.concurrent java.util.concurrent.atomic java.util.concurrent.locks java.util.regex; do
    OPENS="$OPENS --add-opens java.base/$p=ALL-UNNAMED"
done

# shellcheck disable=SC2086
exec java $OPENS -cp "$JAR:tools/target/lib/*" "$MAIN" "$@"
