"""Exception hierarchy of the harness. Every error the harness raises on purpose is a HarnessError."""


class HarnessError(Exception):
    """Base class of all errors raised by p4slice_harness."""


class EncodingError(HarnessError, ValueError):
    """A value cannot be encoded for a field of the given bit width (or is not a valid value)."""


class P4InfoError(HarnessError, LookupError):
    """A name or id could not be resolved in the P4Info, or an entity does not fit it."""


class PlanError(HarnessError, ValueError):
    """A plan document is malformed or does not match the pipeline's P4Info."""


class P4RuntimeError(HarnessError):
    """A P4Runtime RPC failed. ``code`` is the gRPC status name (e.g. "NOT_FOUND", None if no RPC
    status applies); ``errors`` holds (update index, code name, message) per failed update."""

    def __init__(self, message, errors=(), code=None):
        super().__init__(message)
        self.errors = list(errors)
        self.code = code


class NetnsError(HarnessError):
    """Creating or configuring a namespace / veth pair failed."""


class SwitchError(HarnessError):
    """simple_switch_grpc could not be started, did not come up in time, or died."""
