"""ONOS applications over REST only: state, activation with retries, ``.oar`` installation. Used by the
ONOS installation this harness runs (:class:`.assembly.OnosL3`) and by the acceptance run against an
operator's ONOS, which the harness only reaches over REST (:mod:`p4slice_harness.acceptance`).

Activating ``org.onosproject.drivers.bmv2`` (it pulls in ``protocols.grpc``) restarts parts of the core,
so REST answers 503/404 for a few seconds: activation is retried until the app reads ACTIVE. The app
archive is copied to a temporary file before the upload, so a rebuild running at the same time cannot
change it under the upload.
"""

from __future__ import annotations

import shutil
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Optional
from xml.etree import ElementTree

from ..errors import HarnessError
from .rest import APPLICATIONS, OnosError
from .wait import wait_app_active, wait_for

APP = "org.p4slice"


def oar_problem(oar: Path) -> Optional[str]:
    if not Path(oar).is_file():
        return f"p4slice .oar not found: {oar} (build it with 'mvn install -DskipTests', or set $P4S_OAR)"
    return None


def oar_version(oar: Path) -> str:
    """The ``version`` of the app the ``.oar`` holds (its ``app.xml``); HarnessError if it cannot be read."""
    try:
        with zipfile.ZipFile(oar) as z:
            root = ElementTree.fromstring(z.read("app.xml"))
    except (OSError, KeyError, zipfile.BadZipFile, ElementTree.ParseError) as e:
        raise HarnessError(f"{oar}: no readable app.xml ({e})") from None
    version = root.get("version")
    if not version:
        raise HarnessError(f"{oar}: app.xml names no version")
    return version


def app_state(rest, name: str) -> Optional[str]:
    """The app's state (``ACTIVE``, ``INSTALLED``), or None when ONOS does not know it."""
    r = rest.call("GET", f"{APPLICATIONS}/{name}")
    return r.body.get("state") if r.status == 200 and isinstance(r.body, dict) else None


def activate(rest, name: str, timeout: float = 120.0) -> None:
    """POST .../active until the app reads ACTIVE (503/404 while the core restarts are retried)."""
    def probe():
        state = app_state(rest, name)
        if state != "ACTIVE":
            rest.call("POST", f"{APPLICATIONS}/{name}/active")
        return state
    wait_for(probe, lambda s: s == "ACTIVE", timeout, f"application {name} ACTIVE", interval=3.0,
             tolerate=(OnosError, OSError))


def install_oar(rest, oar, timeout: float = 180.0, error=HarnessError) -> dict:
    """Upload the .oar (a private copy) with ``?activate=true``; wait until the app is ACTIVE."""
    oar = Path(oar)
    problem = oar_problem(oar)
    if problem:
        raise error(problem)
    with tempfile.TemporaryDirectory(prefix="p4s-oar-") as tmp:
        copy = Path(tmp) / oar.name
        shutil.copyfile(oar, copy)
        data = copy.read_bytes()
    deadline = time.monotonic() + timeout
    failed = []    # attempts that failed: ONOS may have installed the app all the same (a lost answer, a 5xx)

    def upload():
        try:
            r = rest.call("POST", f"{APPLICATIONS}?activate=true", data=data,
                          content_type="application/octet-stream", timeout=120)
        except (OnosError, OSError):
            failed.append("no answer")
            raise
        if r.status == 409 and failed:
            # the earlier attempt that seemed to fail (a busy ONOS: no answer, a 5xx) did install it
            return {"name": APP, "installedBy": "an earlier attempt"}
        if r.status == 409:
            raise error(f"install {oar.name}: HTTP 409: {r.message()}")
        if r.status not in (200, 201):
            failed.append(f"HTTP {r.status}")
            raise OnosError(f"install {oar.name}: HTTP {r.status}: {r.message()}")
        return r.body

    body = wait_for(upload, lambda b: True, timeout / 2, f"upload of {oar.name}", interval=3.0,
                    tolerate=(OnosError, OSError))
    left = max(10.0, deadline - time.monotonic())
    if isinstance(body, dict) and body.get("installedBy"):
        activate(rest, APP, left)
    else:
        wait_app_active(rest, APP, left, interval=1.0)
    return body
