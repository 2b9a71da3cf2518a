"""The ``p4_device_config`` of a ``SetForwardingPipelineConfig``, read as each Tofino agent reads
it, and compared with the compiled files the pipeconf packages.

- Stratum (``BfrtNode::SaveForwardingPipelineConfig``): a ``BfPipelineConfig`` parsed with the
  class built from Stratum's own ``bf.proto`` (:mod:`.protos`); anything else is refused with
  Stratum's message "Unknown format for p4_device_config".
- P4Studio's ``bf_switchd`` (PI's ``_pi_update_device_start``): five little-endian 32-bit
  length-prefixed chunks -- program name (at most 100 bytes), tofino.bin, context.json, pipeline
  name (at most 100 bytes; 0: nothing follows), bf-rt.json. PI does not check that a length stays
  inside the buffer; here running past the end is refused, naming the chunk.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

from ..errors import HarnessError
from ..paths import TOFINO_OUT

STRATUM = "stratum"
BF_SWITCHD = "bf_switchd"
PI_MAX_NAME = 100


class DeviceConfigError(HarnessError):
    """The agent would refuse the device configuration."""


@dataclass(frozen=True)
class TofinoConfig:
    """What an agent takes from a device configuration."""
    program: str
    bf_rt: bytes
    pipeline: str
    context: bytes
    binary: bytes
    pipe_scope: tuple   # () for PI: it loads every pipe


def read_stratum(data: bytes, bf_pipeline_config_class) -> TofinoConfig:
    config = bf_pipeline_config_class()
    try:
        config.ParseFromString(data)
    except Exception as e:   # protobuf's DecodeError and friends
        raise DeviceConfigError(f"Unknown format for p4_device_config: {e}") from None
    if not config.p4_name or len(config.profiles) != 1:
        raise DeviceConfigError(f"BfPipelineConfig with p4_name {config.p4_name!r} and "
                                f"{len(config.profiles)} profiles; p4slice sends one named program, one profile")
    profile = config.profiles[0]
    return TofinoConfig(config.p4_name, bytes(config.bfruntime_info), profile.profile_name, bytes(profile.context),
                        bytes(profile.binary), tuple(profile.pipe_scope))


def read_bf_switchd(data: bytes) -> TofinoConfig:
    chunks: List[bytes] = []
    offset = 0
    names = ("program name", "tofino.bin", "context.json", "pipeline name", "bf-rt.json")
    for name in names:
        if offset + 4 > len(data):
            raise DeviceConfigError(f"device config ends before the length of its {name} "
                                    f"(byte {offset} of {len(data)}): PI would read past the buffer")
        (length,) = struct.unpack_from("<I", data, offset)
        offset += 4
        if name.endswith("name") and length > PI_MAX_NAME:
            raise DeviceConfigError(f"{name} of {length} bytes: PI accepts at most {PI_MAX_NAME}")
        if offset + length > len(data):
            raise DeviceConfigError(f"{name} of {length} bytes runs past the end of the device config")
        chunks.append(data[offset:offset + length])
        offset += length
        if name == "pipeline name" and length == 0:
            raise DeviceConfigError("no pipeline name: PI would load no BF-RT info (bf-rt.json)")
    if offset != len(data):
        raise DeviceConfigError(f"{len(data) - offset} bytes after bf-rt.json")
    return TofinoConfig(chunks[0].decode(), chunks[4], chunks[3].decode(), chunks[2], chunks[1], ())


def read(agent: str, data: bytes, bf_pipeline_config_class=None) -> TofinoConfig:
    if agent == STRATUM:
        return read_stratum(data, bf_pipeline_config_class)
    if agent == BF_SWITCHD:
        return read_bf_switchd(data)
    raise HarnessError(f"unknown Tofino agent {agent!r} (expected {STRATUM} or {BF_SWITCHD})")


def differences(config: TofinoConfig, profile: str, pipes: Optional[tuple], out_dir: Path = TOFINO_OUT) -> List[str]:
    """How ``config`` differs from the committed outputs of ``profile``; empty if it is them."""
    problems = []
    files = {"tofino.bin": config.binary, "context.json": config.context, "bf-rt.json": config.bf_rt}
    for name, data in files.items():
        committed = (out_dir / profile / name).read_bytes()
        if data != committed:
            problems.append(f"{name}: {len(data)} bytes, not the committed {profile}/{name} ({len(committed)} bytes)")
    if config.program != "p4slice":
        problems.append(f"program name {config.program!r}, expected 'p4slice'")
    if config.pipeline != "pipe":
        problems.append(f"pipeline name {config.pipeline!r}, expected 'pipe' (the TNA program's)")
    if pipes is not None and config.pipe_scope != tuple(pipes):
        problems.append(f"pipe scope {config.pipe_scope}, expected {tuple(pipes)}")
    return problems
