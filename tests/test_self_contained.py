"""The repository stands alone: nothing in it names a path outside the checkout, every link in
its documents resolves inside it, and the examples the docs promise are there."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache",
                ".hypothesis"}

# Written in pieces so that this file does not match itself.
OUTSIDE = [
    (re.compile(r"\.\.[/\\]" + "shared"), "the reference folder beside the checkout"),
    (re.compile("/" + "work" + "/"), "an absolute path of a development machine"),
    (re.compile("/" + "home" + "/"), "an absolute home path"),
    (re.compile("/" + "root" + "/"), "an absolute home path"),
    (re.compile(r"\b(?:RULES|SCENARIOS|DESIGN)" + r"\.md\b"),
     "a reference document that is not in the repository (cite docs/rules.md or "
     "docs/scenario-format.md)"),
]
PARENTS_INDEX = re.compile(r"\bparents\[(\d+)\]")
PARENT_CHAIN = re.compile(r"__file__\)(?:\.resolve\(\))?((?:\.parent\b)+)")


def tracked_files() -> list[Path]:
    """The files of the checkout: git's list when this is a git checkout, else a walk."""
    if shutil.which("git") and (ROOT / ".git").exists():
        proc = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
        if proc.returncode == 0:
            return [ROOT / name for name in proc.stdout.decode().split("\0")
                    if name and (ROOT / name).is_file()]
    return [path for path in ROOT.rglob("*") if path.is_file()
            and not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)]


def text_of(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None                          # binary files (icons, screenshots)


def outside_references(relative: str, text: str) -> list[str]:
    """``file:line: what`` for every reference to a path outside the checkout in ``text``."""
    depth = len(Path(relative).parts) - 1    # folders between the repository root and the file
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for pattern, what in OUTSIDE:
            if pattern.search(line):
                found.append(f"{relative}:{number}: {what}: {line.strip()}")
        for match in PARENTS_INDEX.finditer(line):
            if int(match.group(1)) > depth:  # parents[depth] is the repository root
                found.append(f"{relative}:{number}: parents[{match.group(1)}] climbs out of "
                             f"the checkout: {line.strip()}")
        for match in PARENT_CHAIN.finditer(line):
            if match.group(1).count(".parent") - 1 > depth:
                found.append(f"{relative}:{number}: .parent chain climbs out of the checkout: "
                             f"{line.strip()}")
    return found


def test_nothing_names_a_path_outside_the_checkout():
    files = tracked_files()
    assert len(files) > 50
    problems = []
    for path in files:
        text = text_of(path)
        if text is not None:
            problems += outside_references(path.relative_to(ROOT).as_posix(), text)
    assert not problems, ("files name paths outside the repository (a fresh clone has only "
                          "the repository):\n" + "\n".join(problems))


UP = "Path(__file__" + ").resolve()"      # in pieces, so that the examples don't match themselves


@pytest.mark.parametrize("line, depth_file, bad", [
    (f'SHARED = {UP}.parents[' + '3] / "shared"', "tests/ui/test_x.py", True),
    (f"ROOT = {UP}.parents[" + "2]", "tests/ui/test_x.py", False),
    (f"ROOT = {UP}.parents[" + "1]", "packaging/build.py", False),
    (f"ROOT = {UP}.parents[" + "2]", "packaging/build.py", True),
    (f"HERE = {UP}.parent.parent", "packaging/x.py", False),
    (f"OUT = {UP}.parent.parent.parent", "packaging/x.py", True),
    ('p = "..' + '/shared/notes.md"', "README.md", True),
    ("(see RULES" + ".md §4)", "combatassist/x.py", True),
    ("(see docs/rules.md §4, docs/scenario-format.md)", "combatassist/x.py", False),
    ('open("/' + 'work/shared/x")', "ui/x.py", True),
    ('open("/' + 'home/me/x")', "ui/x.py", True),
    ("the shared libraries Qt needs", "README.md", False),
])
def test_the_scan_finds_what_it_should(line, depth_file, bad):
    assert bool(outside_references(depth_file, line)) == bad


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def heading_anchors(text: str) -> set[str]:
    """GitHub's anchors for a Markdown file's headings (lowercase, punctuation dropped)."""
    anchors = set()
    for line in text.splitlines():
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match:
            title = match.group(1).strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def test_every_document_link_resolves_inside_the_repository():
    documents = [p for p in tracked_files() if p.suffix == ".md"]
    assert ROOT / "README.md" in documents and ROOT / "docs" / "rules.md" in documents
    broken = []
    for document in documents:
        text = document.read_text(encoding="utf-8")
        for match in LINK.finditer(text):
            target = match.group(1) or match.group(2)
            if re.match(r"[a-z]+:", target):          # https:, mailto: — not a file
                continue
            file_part, _, anchor = target.partition("#")
            resolved = (document.parent / file_part).resolve() if file_part else document
            where = f"{document.relative_to(ROOT)}: {target}"
            if ROOT != resolved and ROOT not in resolved.parents:
                broken.append(f"{where}: outside the repository")
            elif not resolved.exists():
                broken.append(f"{where}: no such file")
            elif anchor and resolved.suffix == ".md" and \
                    anchor not in heading_anchors(resolved.read_text(encoding="utf-8")):
                broken.append(f"{where}: no heading #{anchor}")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_every_ruleset_has_an_example():
    from combatassist.data import list_examples
    from combatassist.scenario import load_scenario

    examples = list_examples()
    from combatassist import rulesets

    assert {e.ruleset for e in examples} == set(rulesets.names())
    for example in examples:
        assert load_scenario(example.path).ruleset == example.ruleset
        assert example.title != example.path.stem, f"{example.path.name} has no title"
        # each example says in its own comments what it is
        assert example.path.read_text(encoding="utf-8").startswith("# "), example.path.name
    listed = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    for example in examples:
        assert f"`{example.path.name}`" in listed, f"examples/README.md omits {example.path.name}"
