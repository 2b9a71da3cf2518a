"""P4Runtime RPC failures as harness errors: :func:`decode_rpc_error` turns a gRPC error into a
:class:`~p4slice_harness.errors.P4RuntimeError` whose message has one line per failed update of a
Write (decoded from the ``grpc-status-details-bin`` trailer), labelled by the caller."""

from __future__ import annotations

from typing import Optional, Sequence

import grpc
from google.rpc import code_pb2, status_pb2
from p4.v1 import p4runtime_pb2

from ..errors import P4RuntimeError


def code_name(code: int) -> str:
    """The google.rpc code name of a status code (its number if unknown)."""
    try:
        return code_pb2.Code.Name(code)
    except ValueError:
        return str(code)


def decode_rpc_error(err: grpc.RpcError, what: str, labels: Optional[Sequence[str]] = None) -> P4RuntimeError:
    """Turn a gRPC error into a P4RuntimeError, with one line per failed update of a Write."""
    failures = []
    try:
        trailing = err.trailing_metadata() or ()
    except Exception:  # not every RpcError carries metadata
        trailing = ()
    for key, value in trailing:
        if key != "grpc-status-details-bin":
            continue
        status = status_pb2.Status.FromString(value)
        for i, detail in enumerate(status.details):
            p4err = p4runtime_pb2.Error()
            if detail.Unpack(p4err) and p4err.canonical_code != code_pb2.OK:
                failures.append((i, code_name(p4err.canonical_code), p4err.message))
    lines = [f"{what} failed: {err.code().name}: {err.details()}"]
    for i, code, msg in failures:
        label = labels[i] if labels and i < len(labels) else f"update #{i}"
        lines.append(f"  {label}: {code}: {msg}")
    return P4RuntimeError("\n".join(lines), failures, code=err.code().name)
