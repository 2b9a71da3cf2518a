"""What a report's JSON holds besides the results: :func:`environment` (where and with what a result
was measured: bmv2 ``--version``, host, kernel, Python, CPUs, UTC time, git commit and whether
tracked files were modified), and :func:`to_jsonable`, the one conversion of results to plain JSON
data (numbers, strings, booleans, None, lists/tuples, dicts with string keys,
:class:`~p4slice_harness.stats.Summary`, dataclasses; NaN/infinity refused with the path named).
:func:`load_report` reads a written report back.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import platform
import subprocess
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Optional

from .errors import HarnessError
from .paths import REPO_DIR
from .stats import Summary


class ReportError(HarnessError, ValueError):
    """A result that cannot be stored, a duplicate key, or plot data of the wrong shape."""


# ----------------------------------------------------------------------------------------------
# Environment
# ----------------------------------------------------------------------------------------------
def _run(argv, timeout: float = 10.0) -> Optional[str]:
    try:
        cp = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if cp.returncode != 0:
        return None
    return (cp.stdout.strip() or cp.stderr.strip()) or None


def environment(repo_dir=REPO_DIR, binary: Optional[str] = "auto") -> dict:
    """Where and with what a result was measured. ``binary``: simple_switch_grpc to ask for its
    version (``"auto"``: :func:`~p4slice_harness.net.bmv2.find_simple_switch_grpc`; None: not asked).
    Unknown items are None."""
    if binary == "auto":
        from .net.bmv2 import find_simple_switch_grpc
        binary = find_simple_switch_grpc()
    commit = _run(["git", "-C", str(repo_dir), "rev-parse", "HEAD"])
    dirty = None
    if commit is not None:
        status = _run(["git", "-C", str(repo_dir), "status", "--porcelain", "--untracked-files=no"])
        dirty = bool(status)
    return {
        "timestamp": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": platform.node(),
        "kernel": platform.release(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "bmv2_binary": binary,
        "bmv2_version": _run([binary, "--version"]) if binary else None,
        "git_commit": commit,
        "git_dirty": dirty,
    }


# ----------------------------------------------------------------------------------------------
# JSON
# ----------------------------------------------------------------------------------------------
def to_jsonable(value, path: str = "$"):
    """``value`` as plain JSON data (see the module doc); :class:`ReportError` naming the path."""
    if isinstance(value, Summary):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_jsonable(dataclasses.asdict(value), path)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ReportError(f"{path}: {value} cannot be stored in JSON")
        return value
    if hasattr(value, "item") and callable(value.item) and getattr(value, "shape", None) == ():
        return to_jsonable(value.item(), path)  # numpy scalar
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, (str, int, float, bool)):
                raise ReportError(f"{path}: key {k!r} is not a string or number")
            out[str(k)] = to_jsonable(v, f"{path}.{k}")
        return out
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        seq = value.tolist() if hasattr(value, "tolist") else value
        return [to_jsonable(v, f"{path}[{i}]") for i, v in enumerate(seq)]
    raise ReportError(f"{path}: cannot store {type(value).__name__} {value!r} in JSON")


def load_report(path) -> dict:
    """A report written by :meth:`Report.write`, as a dict."""
    return json.loads(Path(path).read_text())
