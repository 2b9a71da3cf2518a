"""The Tofino (TNA) program exposes the P4Info names of the contract, exactly as the v1model one.

p4test type-checks ``p4src/tna/p4slice.p4`` against the public ``tna.p4`` includes (p4c's
``backends/tofino/bf-p4c/p4include``; ``$P4S_TNA_INCLUDE``, default
``/opt/p4tools/share/tna-include``) and writes a P4Info of its tables and actions. p4test's P4Info
serializer does not know TNA's externs (it reports the direct counters as errors and leaves out
counters and meters), so the tables, their match fields and types, and the actions with their
parameters are compared with the committed v1model P4Info; the TNA program's counter and meter
declarations are compared by name in the preprocessed program. Marker ``p4test``: skipped with the reason where
p4test or the includes are absent.
"""

import os
import re
import shutil
import subprocess

import pytest

from p4slice_harness.p4rt.p4info import P4Info
from p4slice_harness.paths import REPO_DIR
from tests.conftest import P4INFO_TXT

pytestmark = [pytest.mark.p4test, pytest.mark.timeout(120)]

TNA_SOURCE = REPO_DIR / "p4src" / "tna" / "p4slice.p4"


def tna_include():
    return os.environ.get("P4S_TNA_INCLUDE", "/opt/p4tools/share/tna-include")


def p4test():
    return shutil.which("p4test") or ("/opt/p4tools/bin/p4test" if os.access("/opt/p4tools/bin/p4test", os.X_OK)
                                      else None)


def run_p4test(*extra):
    return subprocess.run([p4test(), "--std", "p4-16", "-D__TARGET_TOFINO__=1", "-I", tna_include(), *extra,
                           str(TNA_SOURCE.relative_to(REPO_DIR))], cwd=REPO_DIR, capture_output=True, text=True,
                          timeout=60)


@pytest.fixture(scope="module")
def tna_p4info(tmp_path_factory):
    out = tmp_path_factory.mktemp("tna") / "p4info.txt"
    run_p4test("--p4runtime-files", str(out))  # exit status: see the module docstring
    return P4Info.from_file(out)


def test_tna_program_type_checks():
    cp = run_p4test()
    assert cp.returncode == 0, cp.stderr


def shape(info: P4Info):
    tables = {}
    for name in info.table_names:
        t = info.table(name)
        fields = [(f.name, f.match_type, f.bitwidth) for f in t.match_fields]
        tables[name] = (fields, sorted(info.action_by_id(a).name for a in t.action_scopes))
    actions = {name: [(p.name, p.bitwidth) for p in info.action(name).params] for name in info.action_names}
    return tables, actions


def test_tables_and_actions_are_the_contracts(tna_p4info):
    v1_tables, v1_actions = shape(P4Info.from_file(P4INFO_TXT))
    tna_tables, tna_actions = shape(tna_p4info)
    assert tna_tables == v1_tables
    assert tna_actions == v1_actions


def test_counters_and_meter_are_declared_under_the_contracts_names(tmp_path):
    """In the program as p4test reads it (``--pp``: after the preprocessor has expanded the shared
    controls' adapter macros), the TNA externs carry the contract's names."""
    v1 = P4Info.from_file(P4INFO_TXT)
    wanted = {n.split(".", 1)[1] for n in list(v1.counter_names) + list(v1.direct_counter_names) + list(v1.meter_names)}
    program = tmp_path / "tna.pp.p4"
    cp = run_p4test("--pp", str(program))
    assert cp.returncode == 0, cp.stderr
    declared = set(re.findall(r"(?:DirectCounter|Counter|Meter)<[^;]*?>\([^;]*?\)\s+(\w+);", program.read_text()))
    assert declared == wanted
