#!/bin/sh
# p4slice dev server: the real REST API (/onos/p4slice), codecs, slice manager and store over
# ONOS's test adapters, on http://127.0.0.1:8181 with ONOS's default user onos/rocks.
#
#   web/devserver.sh [--scenario FILE] [--with-slices] [--port N] [--host ADDRESS]
#
# Devices, ports (with speeds) and links come from the scenario (default
# mininet-tests/scenarios/two-switch-four-slices.json); its slices are created only with
# --with-slices. Device programming is logged. Stops on Ctrl-C / SIGTERM.
# Builds apps/slicing (main code) and web (no tests run) first when their sources changed since the last build;
# set MVN_FLAGS= to let Maven download what is missing (default: offline).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
MVN=${MVN:-mvn}
MVN_FLAGS=${MVN_FLAGS--o}
CP_FILE=web/target/devserver.classpath

if [ ! -s "$CP_FILE" ] || [ ! -d web/target/test-classes ] || \
   [ -n "$(find pom.xml web/pom.xml web/src apps/slicing/pom.xml apps/slicing/src -type f -newer "$CP_FILE" | head -n 1)" ]; then
    echo "devserver: building apps/slicing and web (tests not run) ..." >&2
    $MVN -B -q -Dstyle.color=never $MVN_FLAGS -pl apps/slicing install -DskipTests -Dcheckstyle.skip
    $MVN -B -q -Dstyle.color=never $MVN_FLAGS -pl web install -DskipTests -Dcheckstyle.skip
    $MVN -B -q -Dstyle.color=never $MVN_FLAGS -pl web dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$ROOT/$CP_FILE.tmp"
    mv "$CP_FILE.tmp" "$CP_FILE"
fi

# Kryo (the slice store's serializer) reflects into the JDK on Java 17 (same flags as the tests)
OPENS=""
for p in java.lang java.lang.invoke java.lang.reflect java.math java.net java.nio java.text java.time \
         java.util java.util.concurrent java.util.concurrent.atomic java.util.concurrent.locks java.util.regex; do
    OPENS="$OPENS --add-opens java.base/$p=ALL-UNNAMED"
done

exec java $OPENS -cp "web/target/test-classes:web/target/classes:$(cat "$CP_FILE")" \
    org.p4slice.web.DevServer "$@"
