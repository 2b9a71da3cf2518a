"""Start and stop ``simple_switch_grpc`` (bmv2 with P4Runtime) inside a network namespace.

Reaching the P4Runtime server: the switch runs inside its own namespace, whose loopback the test
process (in the root namespace) cannot reach. Instead of running the client inside the namespace
too, the server listens on a **Unix domain socket** (``--grpc-server-addr unix:<path>``): a
path-based Unix socket is a file, visible from every network namespace, so the client connects
with the gRPC target ``unix:<path>`` from anywhere, with no port allocation and no collisions
between parallel runs. Pass ``grpc_addr="127.0.0.1:<port>"`` (with ``netns=None``) to get TCP
instead, e.g. for a switch in the root namespace.

Command line built (target options after ``--``, as simple_switch_grpc expects)::

    ip netns exec <ns> simple_switch_grpc --device-id N -i 1@s1-eth1 -i 2@s1-eth2 ... \\
        --notifications-addr ipc://<workdir>/s1-notifications.ipc \\
        [--thrift-port P] [--log-file <workdir>/s1.log --log-level L --log-flush] [--pcap DIR] --no-p4 \\
        -- --grpc-server-addr unix:<workdir>/s1.grpc --cpu-port 255

Scheduling. The switch runs in a *session* of its own (a Ctrl-C at the terminal reaches only the
harness, which stops the switches in order). With ``kernel.sched_autogroup_enabled=1`` (the
default of desktop kernels) the CPU is shared first between sessions and only then by ``nice``
within one, so the switch is a scheduling group of its own: other users' work cannot crowd it out
inside one group (:mod:`p4slice_harness.net.sessions`: a group as heavy as the harness's own).
The traffic generators are in sessions of their own too
(:mod:`p4slice_harness.net.iperf`): a ``nice -n 19`` build started from the harness's shell then
shares that session with nothing of the testbed's (with iperf3 there, it rode on their weight and
took whole CPUs from the switches). ``own_session=False`` keeps the switch in the caller's session
(a process group of its own), the layout ``make bench-busy --compare`` measures beside it; docs
in ``docs/benchmarks.md`` ("On a busy machine").

bmv2 writes its log to ``<workdir>/s1.log.txt`` (its logger appends ``.txt``; ``log_path``).
``--no-p4``: the pipeline is pushed later with SetForwardingPipelineConfig. The notifications
socket is moved into the work directory because bmv2's default (``/tmp/bmv2-<device-id>-...``)
would be shared by parallel runs. Thrift keeps its default port 9090, which is per namespace.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Dict, List, Mapping, Optional

import grpc

from ..errors import SwitchError
from .names import check_ifname
from .netns import NetNamespace
from .sessions import popen_own_session

SEARCH_DIRS = ("/opt/p4tools/bin", "/opt/p4tools/install/bin", "/usr/local/bin")
LOG_LEVELS = ("trace", "debug", "info", "warn", "error", "off")


def find_simple_switch_grpc() -> Optional[str]:
    """Path of simple_switch_grpc: $P4S_SIMPLE_SWITCH_GRPC, then PATH, then /opt/p4tools/bin."""
    env = os.environ.get("P4S_SIMPLE_SWITCH_GRPC")
    if env:
        return env if os.access(env, os.X_OK) else None
    found = shutil.which("simple_switch_grpc")
    if found:
        return found
    for d in SEARCH_DIRS:
        p = Path(d) / "simple_switch_grpc"
        if os.access(p, os.X_OK):
            return str(p)
    return None


class Bmv2Switch:
    """One simple_switch_grpc process. Use as a context manager or call start()/stop().

    ports: {bmv2 port number: interface name inside ``netns``}.
    netns: where the process runs — a :class:`~p4slice_harness.net.netns.NetNamespace`, any object whose
    ``cmd(*argv)`` returns the command line running ``argv`` there (the Mininet switch of
    :mod:`p4slice_harness.mn` passes one that prefixes ``mnexec -a <pid>``), or None (here).
    """

    def __init__(self, name: str, ports: Mapping[int, str], netns: Optional[NetNamespace], workdir,
                 device_id: int = 1, cpu_port: int = 255, grpc_addr: Optional[str] = None,
                 thrift_port: Optional[int] = None, log_level: Optional[str] = None, pcap_dir=None,
                 binary: Optional[str] = None, extra_args: Optional[List[str]] = None,
                 own_session: bool = True):
        self.name = name
        self.own_session = own_session
        self.ports: Dict[int, str] = {int(p): check_ifname(i) for p, i in ports.items()}
        self.netns = netns
        self.workdir = Path(workdir)
        self.device_id = device_id
        self.cpu_port = cpu_port
        if grpc_addr is None:
            sock = self.workdir / f"{name}.grpc"
            if len(str(sock)) > 100:
                raise SwitchError(f"unix socket path too long ({len(str(sock))} > 100): {sock}")
            grpc_addr = f"unix:{sock}"
        self.grpc_addr = grpc_addr
        self.thrift_port = thrift_port
        if log_level is not None and log_level not in LOG_LEVELS:
            raise SwitchError(f"log_level must be one of {', '.join(LOG_LEVELS)}, got {log_level!r}")
        self.log_level = log_level
        self.pcap_dir = pcap_dir
        self.binary = binary or find_simple_switch_grpc()
        self.extra_args = list(extra_args or [])
        self.stdout_path = self.workdir / f"{name}.stdout"
        # --log-file argument; bmv2's logger (an spdlog rotating file sink) appends ".txt" to it
        self.log_arg = self.workdir / f"{name}.log"
        self.log_path = self.workdir / f"{name}.log.txt"
        self.proc: Optional[subprocess.Popen] = None

    @property
    def address(self) -> str:
        """gRPC target for P4RuntimeClient."""
        return self.grpc_addr

    @property
    def socket_path(self) -> Optional[Path]:
        return Path(self.grpc_addr[len("unix:"):]) if self.grpc_addr.startswith("unix:") else None

    def command(self) -> List[str]:
        if not self.binary:
            raise SwitchError("simple_switch_grpc not found (PATH, /opt/p4tools/bin, $P4S_SIMPLE_SWITCH_GRPC)")
        argv = [self.binary, "--device-id", str(self.device_id)]
        for port, ifname in sorted(self.ports.items()):
            argv += ["-i", f"{port}@{ifname}"]
        # default is ipc:///tmp/bmv2-<device-id>-notifications.ipc: shared by every switch with that id
        argv += ["--notifications-addr", f"ipc://{self.workdir / (self.name + '-notifications.ipc')}"]
        if self.thrift_port is not None:
            argv += ["--thrift-port", str(self.thrift_port)]
        if self.log_level is not None:
            argv += ["--log-file", str(self.log_arg), "--log-level", self.log_level, "--log-flush"]
        if self.pcap_dir is not None:
            argv += ["--pcap", str(self.pcap_dir)]
        argv += self.extra_args
        argv += ["--no-p4", "--", "--grpc-server-addr", self.grpc_addr, "--cpu-port", str(self.cpu_port)]
        return self.netns.cmd(*argv) if self.netns is not None else argv

    # -- lifecycle -----------------------------------------------------------------------------
    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def start(self, timeout: float = 30.0) -> "Bmv2Switch":
        """Start the process and wait (bounded) until its gRPC server accepts connections."""
        if self.proc is not None:
            raise SwitchError(f"{self.name}: already started")
        self.workdir.mkdir(parents=True, exist_ok=True)
        sock = self.socket_path
        if sock is not None and sock.exists():
            sock.unlink()
        cmd = self.command()
        out = open(self.stdout_path, "wb")
        try:
            # see "Scheduling" above: a session (and autogroup) of its own, or the caller's session
            io = {"stdout": out, "stderr": subprocess.STDOUT, "stdin": subprocess.DEVNULL}
            self.proc = popen_own_session(cmd, **io) if self.own_session \
                else subprocess.Popen(cmd, process_group=0, **io)
        finally:
            out.close()
        try:
            self.wait_ready(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        sock = self.socket_path
        while sock is not None and not sock.exists():
            self._check_alive()
            if time.monotonic() > deadline:
                raise SwitchError(f"{self.name}: gRPC socket {sock} not created within {timeout:.0f}s\n{self.tail()}")
            time.sleep(0.1)
        channel = grpc.insecure_channel(self.grpc_addr)
        try:
            while True:
                self._check_alive()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise SwitchError(f"{self.name}: gRPC server at {self.grpc_addr} not ready within "
                                      f"{timeout:.0f}s\n{self.tail()}")
                try:
                    grpc.channel_ready_future(channel).result(timeout=min(1.0, remaining))
                    return
                except grpc.FutureTimeoutError:
                    continue
        finally:
            channel.close()

    def _check_alive(self) -> None:
        if self.proc is None:
            raise SwitchError(f"{self.name}: not started")
        rc = self.proc.poll()
        if rc is not None:
            raise SwitchError(f"{self.name}: simple_switch_grpc exited with {rc}\n"
                              f"command: {' '.join(self.command())}\n{self.tail()}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self, timeout: float = 5.0) -> Optional[int]:
        """SIGTERM, then SIGKILL after ``timeout`` s; returns the exit status (None if never started)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return None
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=timeout)
        sock = self.socket_path
        if sock is not None and sock.exists():
            sock.unlink()
        return proc.returncode

    def tail(self, lines: int = 30) -> str:
        """Last lines of the switch's stdout/stderr and log file, for error messages."""
        parts = []
        for p in (self.stdout_path, self.log_path):
            if p.exists():
                text = p.read_text(errors="replace").splitlines()[-lines:]
                parts.append(f"--- {p} (last {len(text)} lines) ---\n" + "\n".join(text))
        return "\n".join(parts) or "(no output captured)"
