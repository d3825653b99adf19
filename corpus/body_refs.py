""""The agency said", "the ministry said": a body referred to by its kind is the body of that kind the text
named last, a few sentences back ("... UNHCR's new camp ..., the agency said"; "citing Iraq's Ministry of
Migration and Displacement. ... the ministry said"). News text names a body in full, then by its kind; a
reader takes the nearest one. When no body of that kind is named nearby, the speaker stays as written.

Only kinds of body that are named in capitals are read this way ("agency", "ministry", "commission", ...);
"the army" or "the government" is a party the text may not have named at all, and stays as written.

>>> resolve("ministry", "Iraq's Ministry of Migration and Displacement counted them. 600 left, the ministry said.", 78)
"Iraq's Ministry of Migration and Displacement"
>>> resolve("agency", "The Red Cross said 40 left; the agency said.", 44) is None
True
"""
from __future__ import annotations

import re

from evacmap.corpus.organisations import ORGS, orgs_named

__all__ = ["resolve"]

# the kinds of body a text names in capitals and then calls "the <kind>"
_KINDS = ("agency", "ministry", "department", "commission", "authority", "committee", "council", "office",
          "organisation", "organization", "charity", "society", "service", "administration", "board", "body",
          "group", "mission")
_DESCRIPTOR = re.compile(r"^(?:[a-z][\w-]*\s+){0,2}(?:" + "|".join(_KINDS) + r")$")
_KIND_WORDS = "|".join(k.capitalize() for k in _KINDS)
# "the Ministry of Migration and Displacement", "Egypt's Foreign Ministry", "the Rural Fire Service"
# a capitalised word that owns no body (an article, a day, a month) and a small word that is no body's description
_NOT_OWNER = (r"(?:A|An|The|For|In|On|At|By|Earlier|Later|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|"
              r"January|February|March|April|May|June|July|August|September|October|November|December)")
_SMALL = r"(?:the|a|an|of|on|in|at|for|and|to|by|from|with|its|their|his|her)"
# or, in lower case after a capitalised owner, "Russia's emergencies ministry", "the Russian emergencies ministry"
_NAMED = re.compile(rf"(?:[A-Z][\w'’-]*\s+){{0,4}}(?:{_KIND_WORDS})"
                    r"(?:\s+(?:of|for)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:and\s+)?[A-Z][\w'’-]*){0,4})?|"
                    rf"(?:(?!{_NOT_OWNER} )[A-Z][\w'’-]* +){{1,3}}(?:(?!{_SMALL} )[a-z][\w-]* +){{1,2}}"
                    rf"(?:{'|'.join(_KINDS)})\b")
# what any organisation may be called ("the agency said" of the Red Cross), not only one so named; not "the group"
# (a group of residents or of tourists is no organisation credited before)
_ANY_BODY = frozenset({"agency", "organisation", "organization", "charity"})
_LOOK_BACK = 1500  # characters: about the last three or four sentences of news text


def _words(name: str) -> set[str]:
    return set(re.findall(r"[a-z]+", name.lower().replace(".", "")))


def _of_kind(words: set[str], names: tuple[str, ...]) -> bool:
    return any(words <= _words(n) for n in names)


def _trimmed(text: str, start: int, name: str) -> str:
    """A name less a sentence's first word, which is capitalised whatever it is ("Citing Iraq's Ministry of
    ..."), unless it is a possessor ("Egypt's Foreign Ministry")."""
    first, _, rest = name.partition(" ")
    opens = start == 0 or text[:start].rstrip(" \"'“‘(").endswith((".", "\n", "!", "?", ":")) or \
        not text[:start].strip()
    if first in ("A", "An", "The") and rest:  # "A State Department-chartered plane": the State Department
        return rest
    return rest if rest and opens and not re.search(r"['’]s$", first) else name


def resolve(descriptor: str, text: str, end: int, credited: str | None = None) -> str | None:
    """The body "the <descriptor>" refers to: the last one named in `text` before `end` (within the last
    ~1,500 characters) whose name or a known alias has every word of the descriptor; else the organisation
    last `credited`, if it is of that kind ("Saudi Arabia's foreign ministry said ... the ministry said") or the
    kind is one any body may be called ("the agency", "the group"); None when none is."""
    if not _DESCRIPTOR.match(descriptor):
        return None
    want = _words(descriptor)
    start = max(0, end - _LOOK_BACK)
    best: tuple[int, str] | None = None
    for at, name in orgs_named(text, start, end):
        if _of_kind(want, (name, *ORGS[name])) and (best is None or at >= best[0]):
            best = (at, name)
    for m in _NAMED.finditer(text, start, end):
        name = _trimmed(text, m.start(), m.group(0))
        if len(name.split()) >= 2 and want <= _words(name) and (best is None or m.start() > best[0]):
            best = (m.start(), name)
    if best is None and credited and (want <= _words(credited) or descriptor in _ANY_BODY):
        return credited
    return best[1] if best else None
