"""Message classes of the protos the Tofino stand-in needs and no Python package ships: Stratum's
``bf.proto`` (``BfPipelineConfig``, what a Stratum Tofino agent parses) and openconfig's gNMI.

They are compiled when needed, never committed: ``protoc`` (Debian's ``protobuf-compiler``)
writes a descriptor set of the ``.proto`` files taken from the projects' own sources, and the
classes are built from it in a private descriptor pool (so they never clash with the P4Runtime
classes of PyPI's ``p4runtime``). Sources, each a source tree or a bare git repository (read at
its ``HEAD``), e.g. ``git clone --bare https://github.com/stratum/stratum /opt/src/stratum``:

- ``$P4S_STRATUM_SRC`` (default ``/opt/src/stratum``):
  ``stratum/hal/lib/barefoot/bf.proto``;
- ``$P4S_P4RUNTIME_SRC`` (default ``/opt/src/p4runtime``): ``proto/p4/...``, which
  ``bf.proto`` imports;
- ``$P4S_GNMI_SRC`` (default ``/opt/src/gnmi``): ``proto/gnmi/gnmi.proto``,
  ``proto/gnmi_ext/gnmi_ext.proto``.

:func:`problem` says what is missing, for skip reasons.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Tuple

from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

from ..errors import HarnessError

WELL_KNOWN = Path("/usr/include")   # google/protobuf/*.proto of Debian's libprotobuf-dev

# (env variable, default, [(path in the source, path under the include root)])
SOURCES = {
    "stratum": ("P4S_STRATUM_SRC", "/opt/src/stratum",
                [("stratum/hal/lib/barefoot/bf.proto", "stratum/hal/lib/barefoot/bf.proto")]),
    "p4runtime": ("P4S_P4RUNTIME_SRC", "/opt/src/p4runtime",
                  [("proto/p4/config/v1/p4info.proto", "p4/config/v1/p4info.proto"),
                   ("proto/p4/config/v1/p4types.proto", "p4/config/v1/p4types.proto")]),
    "gnmi": ("P4S_GNMI_SRC", "/opt/src/gnmi",
             [("proto/gnmi/gnmi.proto", "github.com/openconfig/gnmi/proto/gnmi/gnmi.proto"),
              ("proto/gnmi_ext/gnmi_ext.proto", "github.com/openconfig/gnmi/proto/gnmi_ext/gnmi_ext.proto")]),
}
BF_PROTO = "stratum/hal/lib/barefoot/bf.proto"
GNMI_PROTO = "github.com/openconfig/gnmi/proto/gnmi/gnmi.proto"


class ProtoError(HarnessError):
    """A proto source, protoc or the compilation is missing or failed."""


def _root(name: str, env: Mapping[str, str]) -> Path:
    var, default, _ = SOURCES[name]
    return Path(env.get(var) or default)


def _is_bare_git(path: Path) -> bool:
    return (path / "HEAD").is_file() and (path / "objects").is_dir()


def _read(root: Path, path: str) -> bytes:
    if _is_bare_git(root):
        cp = subprocess.run(["git", f"--git-dir={root}", "show", f"HEAD:{path}"], capture_output=True, timeout=60)
        if cp.returncode != 0:
            raise ProtoError(f"{root} (git) has no {path} at HEAD: {cp.stderr.decode(errors='replace').strip()}")
        return cp.stdout
    try:
        return (root / path).read_bytes()
    except OSError as e:
        raise ProtoError(f"cannot read {root / path}: {e}") from None


def problem(names=("stratum", "p4runtime", "gnmi"), env: Mapping[str, str] = os.environ) -> Optional[str]:
    """Why the protos cannot be compiled here (first missing thing), or None."""
    if shutil.which("protoc") is None:
        return "protoc not found (Debian package protobuf-compiler)"
    if not (WELL_KNOWN / "google" / "protobuf" / "any.proto").is_file():
        return f"protobuf's well-known .proto files not found under {WELL_KNOWN} (Debian package libprotobuf-dev)"
    for name in names:
        var, _, files = SOURCES[name]
        root = _root(name, env)
        if not (_is_bare_git(root) or root.is_dir()):
            return (f"{name} sources not found at {root} (set ${var} to a checkout or a bare clone; "
                    f"see mininet-tests/README.md, \"What each tier needs\")")
        if _is_bare_git(root) and shutil.which("git") is None:
            return f"{root} is a git repository and git is not installed"
    return None


def compile_protos(names, env: Mapping[str, str] = os.environ) -> descriptor_pb2.FileDescriptorSet:
    """The descriptor set (imports included) of the named sources' files, compiled by protoc."""
    reason = problem(names, env)
    if reason:
        raise ProtoError(reason)
    with tempfile.TemporaryDirectory(prefix="p4s-protos-") as tmp:
        include = Path(tmp) / "include"
        targets: List[str] = []
        for name in names:
            root = _root(name, env)
            for src, dst in SOURCES[name][2]:
                out = include / dst
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_bytes(_read(root, src))
                targets.append(dst)
        descriptor = Path(tmp) / "set.pb"
        cp = subprocess.run(["protoc", f"-I{include}", f"-I{WELL_KNOWN}", "--include_imports",
                             f"--descriptor_set_out={descriptor}", *targets],
                            capture_output=True, text=True, timeout=120)
        if cp.returncode != 0:
            raise ProtoError(f"protoc failed: {cp.stderr.strip()}")
        return descriptor_pb2.FileDescriptorSet.FromString(descriptor.read_bytes())


def message_classes(names, env: Mapping[str, str] = os.environ) -> Dict[str, type]:
    """{full message name: class} of the named sources, from a private descriptor pool."""
    files = compile_protos(names, env)
    pool = descriptor_pool.DescriptorPool()
    for f in files.file:
        pool.Add(f)
    get_class = getattr(message_factory, "GetMessageClass", None)   # protobuf >= 4.21
    if get_class is None:
        get_class = message_factory.MessageFactory(pool).GetPrototype
    classes: Dict[str, type] = {}
    for f in files.file:
        fd = pool.FindFileByName(f.name)
        for name, desc in _all_messages(fd.message_types_by_name.values()):
            classes[name] = get_class(desc)
    return classes


def _all_messages(descs) -> List[Tuple[str, object]]:
    out = []
    for d in descs:
        out.append((d.full_name, d))
        out.extend(_all_messages(d.nested_types))
    return out


def bf_pipeline_config_class(env: Mapping[str, str] = os.environ) -> type:
    """``stratum.hal.barefoot.BfPipelineConfig``, from Stratum's own ``bf.proto``."""
    return message_classes(("stratum", "p4runtime"), env)["stratum.hal.barefoot.BfPipelineConfig"]


def gnmi_classes(env: Mapping[str, str] = os.environ) -> Dict[str, type]:
    """gNMI's messages by short name (``GetRequest``, ``Notification`` ...)."""
    return {k.split(".", 1)[1]: v for k, v in message_classes(("gnmi",), env).items() if k.startswith("gnmi.")}
