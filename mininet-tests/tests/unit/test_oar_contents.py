"""The .oar carries the application only: no command-line entry point, no scenario, plan-export,
replay or dev-server code in any of its bundles (those live in the tools/ module's plain jar)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from p4slice_harness.java_tools import TOOLS_JAR
from p4slice_harness.paths import OAR

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


def tools_classes():
    """Every class of the tools jar (scenario reader, plan exporter, replay, dev server...)."""
    if not TOOLS_JAR.exists():
        pytest.skip(f"{TOOLS_JAR} not built (mvn -B verify builds it)")
    with zipfile.ZipFile(TOOLS_JAR) as jar:
        return {n for n in jar.namelist() if n.endswith(".class") and not n.endswith("package-info.class")}


def test_no_tooling_and_no_main_in_any_bundle():
    tools = tools_classes()
    assert any(n.endswith("/PlanExport.class") for n in tools)
    tooling, mains, count = [], [], 0
    for bundle, entry, code in bundle_classes():
        count += 1
        if entry in tools:
            tooling.append(f"{bundle}: {entry}")
        if declares_main(code):
            mains.append(f"{bundle}: {entry}")
    assert count > 100
    assert tooling == []
    assert mains == []


def test_the_check_sees_a_main():
    """The detector finds main(String[]) in a class file that has one (this guards the test above)."""
    if not TOOLS_JAR.exists():
        pytest.skip(f"{TOOLS_JAR} not built (mvn -B verify builds it)")
    with zipfile.ZipFile(TOOLS_JAR) as jar:
        code = jar.read("org/p4slice/tools/plan/PlanExport.class")
    assert declares_main(code)
