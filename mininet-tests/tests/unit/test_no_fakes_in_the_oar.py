"""No module of the .oar carries test support in its main code: the fakes of ONOS's services and the slicing
stack wired over them (org.p4slice.testbed) are test code (the slicing module's test jar), never a bundle's.

Read from the sources and poms (no build needed): the .oar's modules are the p4slice artifacts app/pom.xml
packs; a module's main sources must not declare a fake (Fake*, Recording*, Stub*, *Adapter, *Testbed) nor
import the test support, JUnit or ONOS's test adapters, and its pom must not take a test artifact (a
``tests`` classifier or a ``test-jar``) outside the test scope. The built .oar, when there is one, is read too.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from p4slice_harness.paths import OAR, REPO_DIR

POM_NS = {"m": "http://maven.apache.org/POM/4.0.0"}
FAKE_CLASS = re.compile(r"^(?:public\s+|final\s+|abstract\s+)*(?:class|interface|enum)\s+"
                        r"(Fake\w*|Recording\w*|Stub\w*|\w+Adapter|\w*Testbed)\b", re.M)
TEST_IMPORT = re.compile(r"^import\s+(?:static\s+)?(org\.p4slice\.testbed\.|org\.junit\.|org\.easymock\.|"
                         r"org\.onosproject\.\S*(?:Adapter|TestStorageService|TestServiceDirectory)\b)", re.M)
FAKE_ENTRY = re.compile(r"(^|/)(org/p4slice/testbed/|(Fake|Recording|Stub)\w*\.class$|\w+Adapter\.class$)")


def oar_modules() -> dict[str, Path]:
    """artifactId -> module folder of every p4slice bundle app/pom.xml packs into the .oar."""
    packed = {d.findtext("m:artifactId", namespaces=POM_NS)
              for d in ET.parse(REPO_DIR / "app" / "pom.xml").getroot().iterfind("m:dependencies/m:dependency", POM_NS)
              if d.findtext("m:groupId", namespaces=POM_NS) == "org.p4slice"}
    modules = {}
    for pom in REPO_DIR.glob("**/pom.xml"):
        if any(part in ("target", "node_modules", ".venv") for part in pom.parts):
            continue
        artifact = ET.parse(pom).getroot().findtext("m:artifactId", namespaces=POM_NS)
        if artifact in packed:
            modules[artifact] = pom.parent
    assert set(modules) == packed, f"modules not found for {packed - set(modules)}"
    return modules


def fakes_in_sources(main: Path) -> list[str]:
    found = []
    for src in sorted(main.rglob("*.java")):
        text = src.read_text(encoding="utf-8")
        rel = src.relative_to(main)
        found += [f"{rel}: declares {m.group(1)}" for m in FAKE_CLASS.finditer(text)]
        found += [f"{rel}: imports {m.group(1)}" for m in TEST_IMPORT.finditer(text)]
    return found


def test_artifacts_outside_test_scope(pom: Path) -> list[str]:
    found = []
    for d in ET.parse(pom).getroot().iterfind("m:dependencies/m:dependency", POM_NS):
        test_artifact = (d.findtext("m:classifier", namespaces=POM_NS) == "tests"
                         or d.findtext("m:type", namespaces=POM_NS) == "test-jar")
        if test_artifact and d.findtext("m:scope", namespaces=POM_NS) != "test":
            found.append(f"{pom.relative_to(REPO_DIR)}: {d.findtext('m:artifactId', namespaces=POM_NS)}")
    return found


test_artifacts_outside_test_scope.__test__ = False  # a helper, not a test


def test_the_oar_is_five_modules():
    assert sorted(oar_modules()) == ["p4slice-cli", "p4slice-fairness", "p4slice-pipeconf", "p4slice-slicing",
                                     "p4slice-web"]


def test_no_main_source_of_the_oar_contains_a_fake():
    found = []
    for module in oar_modules().values():
        main = module / "src" / "main" / "java"
        assert main.is_dir(), main
        found += fakes_in_sources(main)
        found += test_artifacts_outside_test_scope(module / "pom.xml")
    assert found == []


def test_the_test_support_is_test_code():
    """The fakes live in the slicing module's test tree; no module builds them as main code."""
    slicing = oar_modules()["p4slice-slicing"]
    assert (slicing / "src" / "test" / "java" / "org" / "p4slice" / "testbed" / "FakeDeviceService.java").is_file()
    mains = [p.relative_to(REPO_DIR) for p in REPO_DIR.glob("**/src/main/java/org/p4slice/testbed")
             if "target" not in p.parts]
    assert mains == []


def test_the_check_sees_a_fake(tmp_path):
    """The source check finds a fake class and an import of the test support (this guards the tests above)."""
    java = tmp_path / "org" / "p4slice" / "x"
    java.mkdir(parents=True)
    (java / "A.java").write_text("package org.p4slice.x;\nimport org.p4slice.testbed.SlicingTestbed;\n"
                                 "public final class FakeDeviceService {}\n", encoding="utf-8")
    (java / "B.java").write_text("package org.p4slice.x;\nimport org.onosproject.net.device.DeviceServiceAdapter;\n"
                                 "class HostServiceAdapter {}\n", encoding="utf-8")
    found = fakes_in_sources(tmp_path)
    assert len(found) == 4, found


def test_no_bundle_of_the_built_oar_holds_a_fake():
    if not OAR.exists():
        pytest.skip(f"{OAR} not built (mvn -B verify builds it)")
    found = []
    with zipfile.ZipFile(OAR) as oar:
        for name in (n for n in oar.namelist() if n.endswith(".jar")):
            with zipfile.ZipFile(io.BytesIO(oar.read(name))) as jar:
                found += [f"{Path(name).name}: {e}" for e in jar.namelist() if FAKE_ENTRY.search(e)]
    assert found == []
