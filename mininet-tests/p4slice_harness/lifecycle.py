"""One context-manager rule for the harness's long-lived resources (ONOS lab, browser): ``with`` calls
``start()``; a failing start is cleaned up by ``close()`` before the error propagates; leaving the block
calls ``close()``; :func:`timed_step` is how they time and report each step of their start."""

import time
from typing import Callable, Dict


class Started:
    """Mixin: subclasses define ``start()`` and ``close()`` (``close`` must cope with a partial start)."""

    def start(self) -> None:  # pragma: no cover - defined by subclasses
        raise NotImplementedError

    def close(self) -> None:  # pragma: no cover - defined by subclasses
        raise NotImplementedError

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def timed_step(timings: Dict[str, float], tag: str, out: Callable[[str], None], what: str, fn, *args, **kw):
    """Runs ``fn(*args, **kw)``, records its seconds in ``timings[what]``, reports ``[tag] what: N s``."""
    t0 = time.monotonic()
    value = fn(*args, **kw)
    timings[what] = round(time.monotonic() - t0, 2)
    out(f"[{tag}] {what}: {timings[what]} s")
    return value
