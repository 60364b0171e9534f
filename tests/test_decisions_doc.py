"""docs/decisions.md and docs/rule-topics.md: every citation of a decision or a topic resolves in the project.

Profiles, docs, code and scenarios cite the project's rule decisions as
``decisions P23`` and rule topics as ``topics E``. These tests make sure each
cited number and letter has its anchor, that every decision states its sources,
choice and reasons, and that nothing the project ships cites a document outside
it (the design notes' MATRIX.md and DIGEST.md are not part of the project).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECISIONS = ROOT / "docs" / "decisions.md"
TOPICS = ROOT / "docs" / "rule-topics.md"

DECISION_CITE = re.compile(r"\bdecisions (P\d+(?:, P\d+)*)")
TOPIC_CITE = re.compile(r"\btopics ([A-O](?:, [A-O])*)\b")
OUTSIDE = re.compile(r"MATRIX|DIGEST|shared/rules|§P\b")
"""Citations of the design notes' rule matrix and digest, which are not part of the project."""


def _shipped() -> Iterator[Path]:
    """Every file a user gets or reads: profiles, code, docs, the README, tests and scenarios."""
    yield ROOT / "README.md"
    for pattern in ("variants/*.toml", "canasta/**/*.py", "docs/*.md", "tests/**/*.py", "tests/scenarios/**/*.toml"):
        yield from sorted(ROOT.glob(pattern))


def _cited(pattern: re.Pattern[str]) -> dict[str, list[str]]:
    """Each cited id with the places that cite it."""
    out: dict[str, list[str]] = {}
    for path in _shipped():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                for ident in re.split(r", ", match.group(1)):
                    out.setdefault(ident, []).append(f"{path.relative_to(ROOT)}:{number}")
    return out


def _decisions() -> dict[str, str]:
    """Each decision's id (``P23``) and the text of its section."""
    text = DECISIONS.read_text(encoding="utf-8")
    parts = re.split(r'^<a id="(p\d+)"></a>\n', text, flags=re.M)
    return {anchor.upper(): body for anchor, body in zip(parts[1::2], parts[2::2], strict=True)}


def test_every_decision_has_an_anchor_a_heading_sources_a_decision_and_reasons() -> None:
    decisions = _decisions()
    assert len(decisions) >= 30
    for ident, body in decisions.items():
        assert body.startswith(f"## {ident} · "), f"{ident}: the anchor must sit right above its heading"
        for part in ("**Sources.**", "**Decision.**", "**Why.**"):
            assert part in body, f"{ident} has no {part}"
    numbers = [int(ident[1:]) for ident in decisions]
    assert numbers == list(range(1, len(numbers) + 1)), "decisions are numbered P1, P2, … in order"


def test_the_contents_list_every_decision() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    for ident in _decisions():
        assert f"- [{ident}](#{ident.lower()}) · " in text, ident


def test_every_cited_decision_exists() -> None:
    known = set(_decisions())
    cited = _cited(DECISION_CITE)
    assert cited, "the profiles cite decisions"
    missing = {ident: where[:3] for ident, where in cited.items() if ident not in known}
    assert not missing, f"cited decisions with no section in docs/decisions.md: {missing}"


def test_links_inside_decisions_point_at_decisions() -> None:
    known = {ident.lower() for ident in _decisions()}
    links = re.findall(r"\]\(#(p\d+)\)", DECISIONS.read_text(encoding="utf-8"))
    assert links and set(links) <= known


def test_every_cited_topic_exists() -> None:
    text = TOPICS.read_text(encoding="utf-8")
    cited = _cited(TOPIC_CITE)
    assert cited, "the profiles cite topics"
    for letter, where in cited.items():
        assert f'<a id="{letter.lower()}"></a>\n\n## {letter}. ' in text, f"topic {letter} cited at {where[:3]} has no section"


def test_topic_sections_link_their_decisions() -> None:
    known = {ident.lower() for ident in _decisions()}
    links = re.findall(r"\]\(decisions\.md#(p\d+)\)", TOPICS.read_text(encoding="utf-8"))
    assert links and set(links) <= known


def test_nothing_cites_a_document_outside_the_project() -> None:
    here = Path(__file__).resolve()  # this file names them to forbid them
    outside = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _shipped()
        if path != here
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not outside, (
        f"{len(outside)} lines cite MATRIX.md or DIGEST.md, which are not part of the project; cite docs/decisions.md "
        "(decisions P…) or docs/rule-topics.md (topics …) instead:\n" + "\n".join(outside[:40])
    )
