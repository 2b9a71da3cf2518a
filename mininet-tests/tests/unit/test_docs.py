"""The documentation's own checks (run by ``make test``): every relative link and anchor of every
tracked Markdown file leads somewhere, the README stays the front door (at most 200 lines), and no
tracked file names a path of a development machine."""

import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
README_MAX_LINES = 200
SKIPPED_DIRS = {".git", ".venv", ".venv-fuzz", "target", "node_modules", "reports", "__pycache__"}
# written in two parts so that this file does not name them itself
MACHINE_PATHS = ("/" + "work/", "shared" + "/tools", "../" + "shared/")
LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def tracked(pattern: str = "*"):
    """Tracked files (``git ls-files``), or every file outside build and venv directories."""
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--", pattern], capture_output=True,
                             check=True, timeout=60).stdout
        return [ROOT / p for p in out.decode().split("\0") if p and (ROOT / p).is_file()]
    except (OSError, subprocess.SubprocessError):
        return [p for p in ROOT.rglob(pattern) if p.is_file() and not SKIPPED_DIRS & set(p.relative_to(ROOT).parts)]


def prose_lines(text: str):
    """(line number, line) outside fenced code blocks, with inline code removed."""
    fenced = False
    for n, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield n, re.sub(r"`+[^`]*`+", "", line)


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading.strip()).lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)          # a link in a heading: its text
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path):
    """The anchors of a Markdown file's headings (outside code blocks), repeated ones numbered."""
    seen, out, fenced = {}, set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1).replace("`", ""))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


def dead_links(md: Path):
    problems = []
    for n, line in prose_lines(md.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):            # http:, https:, mailto:
                continue
            path_part, _, anchor = target.partition("#")
            dest = (md.parent / path_part).resolve() if path_part else md
            where = f"{md.relative_to(ROOT)}:{n}: {target}"
            if not dest.exists():
                problems.append(f"{where}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                problems.append(f"{where}: no heading with anchor #{anchor} in {dest.relative_to(ROOT)}")
    return problems


def test_the_slugs_are_githubs():
    assert slug("Installing into ONOS 2.7 in three steps") == "installing-into-onos-27-in-three-steps"
    assert slug("On a busy machine (make bench-busy, tests/bmv2/test_busy.py)") == \
        "on-a-busy-machine-make-bench-busy-testsbmv2test_busypy"
    assert slug("Tenants: who sees and changes what") == "tenants-who-sees-and-changes-what"


def test_a_dead_link_or_anchor_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    (tmp_path / "a.md").write_text("# Title\n\n## Part two\n\n[ok](b.md#the-end) [self](#part-two) "
                                   "[gone](c.md) [bad anchor](b.md#nope) [web](https://example.org/x)\n"
                                   "```\n[in code](nowhere.md)\n```\n`[inline](nowhere.md)`\n")
    (tmp_path / "b.md").write_text("# B\n\n## The end\n")
    assert dead_links(tmp_path / "a.md") == ["a.md:5: c.md: no such file",
                                            "a.md:5: b.md#nope: no heading with anchor #nope in b.md"]


@pytest.mark.parametrize("md", tracked("*.md"), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_leads_somewhere(md):
    assert dead_links(md) == []


def test_the_readme_is_the_front_door():
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines (at most {README_MAX_LINES}: move details to docs/)"


def test_no_tracked_file_names_a_development_machines_path():
    hits = []
    for f in tracked():
        try:
            text = f.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), start=1):
            for p in MACHINE_PATHS:
                if p in line:
                    hits.append(f"{f.relative_to(ROOT)}:{n}: {p}")
    assert hits == []
