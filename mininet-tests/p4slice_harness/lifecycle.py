"""One context-manager rule for the harness's long-lived resources (ONOS lab, browser): ``with`` calls
``start()``; a failing start is cleaned up by ``close()`` before the error propagates; leaving the block
calls ``close()``."""


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
