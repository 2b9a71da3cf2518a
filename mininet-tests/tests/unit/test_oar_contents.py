"""The .oar carries the application only: no command-line entry point, no scenario, plan-export,
replay or dev-server code in any of its bundles (those live in the tools/ module's plain jar)."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

REPO_DIR = Path(__file__).resolve().parents[3]
OAR = REPO_DIR / "app" / "target" / "p4slice-app-1.0.0-SNAPSHOT.oar"
TOOLING = re.compile(r"(Scenario|PlanExport|PlanJson|JsonFields|TrunkLinkResolver|Replay|DevServer)[^/]*\.class$")
MAIN_DESCRIPTOR = b"([Ljava/lang/String;)V"


def bundle_classes():
    """(bundle name, class path, class bytes) of every class of every bundle in the .oar."""
    if not OAR.exists():
        pytest.skip(f"{OAR} not built (mvn -B verify builds it)")
    with zipfile.ZipFile(OAR) as oar:
        bundles = [n for n in oar.namelist() if n.endswith(".jar")]
        assert len(bundles) == 5, bundles
        for name in bundles:
            with zipfile.ZipFile(io.BytesIO(oar.read(name))) as jar:
                for entry in jar.namelist():
                    if entry.endswith(".class"):
                        yield Path(name).name, entry, jar.read(entry)


def declares_main(code: bytes) -> bool:
    """Whether a class file's constant pool holds both a method named main and main's descriptor (a
    class calling another's main would too; none of ours does)."""
    return b"\x00\x04main" in code and MAIN_DESCRIPTOR in code


def test_no_tooling_and_no_main_in_any_bundle():
    tooling, mains, count = [], [], 0
    for bundle, entry, code in bundle_classes():
        count += 1
        if TOOLING.search(entry):
            tooling.append(f"{bundle}: {entry}")
        if declares_main(code):
            mains.append(f"{bundle}: {entry}")
    assert count > 100
    assert tooling == []
    assert mains == []


def test_the_check_sees_a_main():
    """The detector finds main(String[]) in a class file that has one (this guards the test above)."""
    tools_jar = REPO_DIR / "tools" / "target" / "p4slice-tools-1.0.0-SNAPSHOT.jar"
    if not tools_jar.exists():
        pytest.skip(f"{tools_jar} not built (mvn -B verify builds it)")
    with zipfile.ZipFile(tools_jar) as jar:
        code = jar.read("org/p4slice/tools/plan/PlanExport.class")
    assert declares_main(code)
