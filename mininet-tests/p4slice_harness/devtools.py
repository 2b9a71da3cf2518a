"""Headless Chromium driven over the DevTools protocol (``websocket-client``), for the GUI tests:
start a private browser (own profile, free debugging port), navigate, evaluate JavaScript, wait
for a DOM condition with a deadline, type, click, press keys, save screenshots. Every wait is
bounded; nothing sleeps for a fixed time except the short poll of :meth:`Chromium.wait_for`."""

import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, List, Optional

from .errors import HarnessError
from .lifecycle import Started

# key -> (DOM code, Windows virtual key code) of the keys the tests press
KEYS = {"ArrowRight": ("ArrowRight", 39), "ArrowLeft": ("ArrowLeft", 37), "Escape": ("Escape", 27),
        "0": ("Digit0", 48), "H": ("KeyH", 72)}


def chromium_binary() -> Optional[str]:
    """``$P4S_CHROMIUM``, else Debian's ``chromium`` on PATH (None if absent)."""
    return os.environ.get("P4S_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JsError(HarnessError):
    """A JavaScript expression threw."""


class Chromium(Started):
    """One headless Chromium with one page. Use as a context manager."""

    def __init__(self, width: int = 1400, height: int = 1000, binary: Optional[str] = None,
                 start_timeout: float = 30.0):
        import websocket  # websocket-client (requirements.txt)
        self._websocket = websocket
        self.binary = binary or chromium_binary()
        if not self.binary:
            raise HarnessError("chromium is missing (apt-get install chromium, or set P4S_CHROMIUM)")
        self.width, self.height, self.start_timeout = width, height, start_timeout
        self.profile = None
        self.proc = None
        self.ws = None
        self._id = 0
        self.console_errors: List[str] = []

    def start(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="p4s-chromium-")
        port = _free_port()
        self.proc = subprocess.Popen(
            [self.binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", f"--user-data-dir={self.profile}",
             f"--remote-debugging-port={port}", "--remote-allow-origins=*",
             f"--window-size={self.width},{self.height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + self.start_timeout
        ws_url, last = None, None
        while ws_url is None:
            if self.proc.poll() is not None:
                raise HarnessError(f"chromium exited at start (code {self.proc.returncode})")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=2) as r:
                    pages = [t for t in json.load(r) if t.get("type") == "page"]
                if pages:
                    ws_url = pages[0]["webSocketDebuggerUrl"]
            except OSError as e:
                last = e
            if ws_url is None:
                if time.monotonic() > deadline:
                    raise HarnessError(f"chromium's DevTools did not answer within {self.start_timeout} s: {last}")
                time.sleep(0.1)
        self.ws = self._websocket.create_connection(ws_url, timeout=60)
        self.cmd("Page.enable")
        self.cmd("Runtime.enable")
        self.cmd("Emulation.setDeviceMetricsOverride", width=self.width, height=self.height,
                 deviceScaleFactor=1, mobile=False)

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except Exception:
                pass
            self.ws = None
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def cmd(self, method: str, **params) -> dict:
        """One DevTools command; its result (events received meanwhile are noted, then dropped)."""
        self._id += 1
        mid = self._id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            m = json.loads(self.ws.recv())
            if m.get("id") == mid:
                if "error" in m:
                    raise HarnessError(f"{method}: {m['error']}")
                return m.get("result", {})
            if m.get("method") == "Runtime.exceptionThrown":
                d = m["params"]["exceptionDetails"]
                self.console_errors.append(d.get("exception", {}).get("description") or d.get("text", ""))

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression (promises awaited); JsError if it throws."""
        r = self.cmd("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise JsError(f"{expression}: {d.get('exception', {}).get('description') or d.get('text')}")
        return r.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float, what: Optional[str] = None) -> Any:
        """Polls an expression until it is truthy (its value returned); HarnessError at the deadline."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                value = self.evaluate(expression)
                if value:
                    return value
                last = value
            except JsError as e:
                last = e
            if time.monotonic() > deadline:
                raise HarnessError(f"timed out after {timeout} s waiting for {what or expression} (last: {last})")
            time.sleep(0.2)

    def navigate(self, url: str) -> None:
        self.cmd("Page.navigate", url=url)

    def type(self, selector: str, text: str) -> None:
        """Sets an input's value as a person would have typed it (input and change events fired)."""
        self.evaluate(f"(function () {{ var e = document.querySelector({json.dumps(selector)});"
                      f" e.focus(); e.value = {json.dumps(text)};"
                      f" e.dispatchEvent(new Event('input', {{bubbles: true}}));"
                      f" e.dispatchEvent(new Event('change', {{bubbles: true}})); return true; }})()")

    def click(self, selector: str) -> None:
        self.evaluate(f"document.querySelector({json.dumps(selector)}).click()")

    def press(self, key: str) -> None:
        """A key press on the focused page (keydown + keyup) as the keyboard sends it."""
        code, vk = KEYS[key]
        for kind in ("rawKeyDown", "keyUp"):
            self.cmd("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=vk,
                     nativeVirtualKeyCode=vk)

    def screenshot(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = self.cmd("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path
