#!/bin/sh
# Compiles the stored types of a p4slice release (its slicing api and its StoreSerializers) into the
# jar the upgrade test reads what that release wrote with
# (apps/slicing/src/test/resources/org/p4slice/slicing/impl/store/previous-release.jar).
# Usage: scripts/previous-release-jar.sh REVISION   (e.g. the commit of the release before this one)
set -eu
rev=${1:?usage: $0 REVISION}
top=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$top"
for f in $(git ls-tree -r --name-only "$rev" apps/slicing/src/main/java/org/p4slice/slicing/api) \
         apps/slicing/src/main/java/org/p4slice/slicing/impl/store/StoreSerializers.java; do
    mkdir -p "$work/src/$(dirname "$f")"
    git show "$rev:$f" > "$work/src/$f"
done
mvn -B -o -q dependency:build-classpath -pl apps/slicing -Dmdep.includeScope=compile \
    -Dmdep.outputFile="$work/cp.txt"
mkdir "$work/classes"
javac -nowarn --release 11 -proc:none -d "$work/classes" -cp "$(cat "$work/cp.txt")" \
    $(find "$work/src" -name '*.java')
out=apps/slicing/src/test/resources/org/p4slice/slicing/impl/store/previous-release.jar
mkdir -p "$(dirname "$out")"
(cd "$work/classes" && jar cf "$top/$out" org)
echo "$rev $(git rev-parse "$rev")" > "$out.source"
echo "wrote $out from $rev"
