"""An ONOS 2.7.0 installation in the layout of ONOS's release tarball, run with Karaf's own scripts.

::

    $P4S_ONOS_ROOT (default /opt/onos-2.7.0)       ONOS's onos-2.7.0/ as its release tarball unpacks
      apache-karaf-4.2.9/bin/start, stop, status, client   Karaf's scripts: all the harness runs
      apache-karaf-4.2.9/data/                     Karaf's state (bundles, ONOS's stores, log/karaf.log)
      apache-karaf-4.2.9/etc/users.properties      Karaf's users (onos/rocks in ONOS's stock file)
      apps/                                        ONOS's applications (``<app>/active`` marks one active)
      config/cluster.json                          a cluster node's metadata (the cluster lab writes it)
      run/                                         the harness's own files: the lab lock, the stock
                                                   apps snapshot (apps.stock.tar), Karaf's output (karaf.out)

ONOS 2.7 runs on Java 11: the scripts get ``JAVA_HOME`` = ``$P4S_ONOS_JAVA_HOME``, else ``$JAVA_HOME``,
else the Java home of ``java`` on ``PATH``; :func:`java_problem` refuses one whose ``release`` file
names another version. A clean start (:func:`clean`) removes ``data/`` and puts ``apps/`` back as it
was the first time the harness saw it (``run/apps.stock.tar``, taken then without ``org.p4slice``
and without any app's ``active`` mark), then marks the boot applications active (:data:`BOOT_APPS`, ``$P4S_ONOS_BOOT_APPS``), as ONOS's own
``bin/onos-service`` does with ``$ONOS_APPS``. The running Karaf is found in ``/proc`` by its
``-Dkaraf.home=`` (:func:`karaf_pid`): each installation, and each cluster node's copy, has its own.
"""

from __future__ import annotations

import os
import re
import shutil
import tarfile
from pathlib import Path
from typing import Iterable, Mapping, Optional, Tuple

DEFAULT_ROOT = "/opt/onos-2.7.0"
KARAF_SUBDIR = Path("apache-karaf-4.2.9")
SCRIPTS = ("bin/start", "bin/stop", "bin/status", "bin/client")
RUN_SUBDIR = Path("run")
STOCK_APPS = "apps.stock.tar"
APP_UNDER_TEST = "org.p4slice"
# the drivers ONOS's onos-service always activates (its SYS_APPS) and the classic GUI (the L3 GUI
# tests use it; gui2, ONOS 2.7's default, shares its /onos/ui and is not marked)
BOOT_APPS = ("org.onosproject.drivers", "org.onosproject.gui")
README_HINT = "see mininet-tests/README.md, \"What each tier needs\""


def find_root(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get("P4S_ONOS_ROOT") or DEFAULT_ROOT)


def root_problem(root: Path) -> Optional[str]:
    """Why ``root`` is not an ONOS 2.7.0 installation the harness can run, or None."""
    missing = [s for s in SCRIPTS if not os.access(root / KARAF_SUBDIR / s, os.X_OK)]
    if missing:
        return (f"ONOS 2.7.0 not found at {root} (no executable {KARAF_SUBDIR}/{', '.join(missing)}): unpack "
                f"ONOS 2.7.0's release tarball there or set $P4S_ONOS_ROOT to its onos-2.7.0 directory; "
                f"{README_HINT}")
    if not (root / "apps").is_dir():
        return f"ONOS installation {root} has no apps/ directory (not ONOS's release layout); {README_HINT}"
    return None


def java_home(env: Mapping[str, str] = os.environ, which=shutil.which) -> Optional[Path]:
    """The Java home ONOS is started with: $P4S_ONOS_JAVA_HOME, $JAVA_HOME, or java's on PATH."""
    for var in ("P4S_ONOS_JAVA_HOME", "JAVA_HOME"):
        if env.get(var):
            return Path(env[var])
    java = which("java")
    return Path(os.path.realpath(java)).parent.parent if java else None


def java_version(home: Path) -> Optional[str]:
    """JAVA_VERSION of a Java home's ``release`` file (e.g. "11.0.13"), or None."""
    try:
        text = (home / "release").read_text(errors="replace")
    except OSError:
        return None
    m = re.search(r'^JAVA_VERSION="([^"]+)"', text, re.M)
    return m.group(1) if m else None


def java_problem(env: Mapping[str, str] = os.environ, which=shutil.which) -> Optional[str]:
    """Why no Java 11 runtime can start ONOS 2.7 here, or None."""
    home = java_home(env, which)
    if home is None:
        return f"no Java runtime for ONOS 2.7 (it needs Java 11): set $P4S_ONOS_JAVA_HOME; {README_HINT}"
    if not os.access(home / "bin" / "java", os.X_OK):
        return f"no executable bin/java in the Java home {home} (set $P4S_ONOS_JAVA_HOME); {README_HINT}"
    version = java_version(home)
    if version is not None and version.split(".")[0] != "11":
        return (f"ONOS 2.7 runs on Java 11, {home} is Java {version}: set $P4S_ONOS_JAVA_HOME to a Java 11 "
                f"home; {README_HINT}")
    return None


def karaf_pid(karaf: Path, proc: Path = Path("/proc")) -> Optional[int]:
    """The pid of the JVM running the Karaf at ``karaf`` (its ``-Dkaraf.home=``), or None."""
    want = os.path.realpath(karaf)
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"org.apache.karaf.main.Main" not in args:
            continue
        for a in args:
            if a.startswith(b"-Dkaraf.home=") and os.path.realpath(a[13:].decode(errors="replace")) == want:
                if not _zombie(entry):
                    return int(entry.name)
    return None


def _zombie(entry: Path) -> bool:
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


def script_env(java: Optional[Path], redirect: Path, java_opts: Optional[str] = None,
               base: Mapping[str, str] = os.environ) -> dict:
    """The environment Karaf's scripts run with: JAVA_HOME, KARAF_REDIRECT (bin/start's output) and,
    for a cluster node, JAVA_OPTS."""
    env = dict(base)
    if java is not None:
        env["JAVA_HOME"] = str(java)
    env["KARAF_REDIRECT"] = str(redirect)
    if java_opts is not None:
        env["JAVA_OPTS"] = java_opts
    return env


def snapshot_stock_apps(root: Path) -> Path:
    """``run/apps.stock.tar``: apps/ as it is now without the app under test (taken once)."""
    snap = root / RUN_SUBDIR / STOCK_APPS
    if snap.exists():
        return snap
    snap.parent.mkdir(parents=True, exist_ok=True)
    tmp = snap.with_suffix(".tmp")
    with tarfile.open(tmp, "w") as tar:
        for entry in sorted((root / "apps").iterdir()):
            if entry.name != APP_UNDER_TEST:
                tar.add(entry, arcname=entry.name, filter=_without_marks)
    os.replace(tmp, snap)
    return snap


def _without_marks(info: tarfile.TarInfo) -> Optional[tarfile.TarInfo]:
    """No ``<app>/active`` in the snapshot: which apps boot active is :func:`restore_stock_apps`'s."""
    return None if Path(info.name).name == "active" else info


def restore_stock_apps(root: Path, boot_apps: Iterable[str] = BOOT_APPS) -> None:
    """apps/ as in the snapshot (no app marked active), then the boot applications marked active."""
    snap = snapshot_stock_apps(root)
    apps = root / "apps"
    shutil.rmtree(apps)
    apps.mkdir()
    with tarfile.open(snap) as tar:
        tar.extractall(apps)
    for app in boot_apps:
        if not (apps / app).is_dir():
            raise FileNotFoundError(f"boot application {app} is not in {apps} ($P4S_ONOS_BOOT_APPS)")
        (apps / app / "active").touch()


def clean(root: Path, boot_apps: Iterable[str] = BOOT_APPS) -> None:
    """Karaf's state removed (``data/``), ONOS's stock apps dir restored: ONOS starts as installed."""
    shutil.rmtree(root / KARAF_SUBDIR / "data", ignore_errors=True)
    restore_stock_apps(root, boot_apps)


def boot_apps(env: Mapping[str, str] = os.environ) -> Tuple[str, ...]:
    """$P4S_ONOS_BOOT_APPS (comma-separated; short names get org.onosproject.) or :data:`BOOT_APPS`."""
    raw = env.get("P4S_ONOS_BOOT_APPS")
    if raw is None:
        return BOOT_APPS
    names = [a.strip() for a in raw.split(",") if a.strip()]
    return tuple(a if "." in a else f"org.onosproject.{a}" for a in names)

