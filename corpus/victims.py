"""Who a count counts when the words say more than a noun: the killed or the wounded ("killing 12 people"),
a named group killed or wounded ("192 of its soldiers had been killed and 512 wounded"), and the kinds a list
counts ("101 women, men and children"). Read by corpus.quantities for each number."""
from __future__ import annotations

import re

from evacmap.corpus.counted import NOUNS
from evacmap.corpus.model import Quantity

__all__ = ["LISTABLE", "listed", "role_of", "victims"]

_KILL_BEFORE = re.compile(r"\b(?:kill(?:ed|ing|s)?|shot dead|shooting(?: dead)?|massacred|massacring|"
                          r"executed|executing)\s+$", re.I)
_WOUND_BEFORE = re.compile(r"\b(?:wound(?:ed|ing|s)?|injur(?:ed|ing|es)?)\s+$", re.I)
_KILL_AFTER = re.compile(r"^\s*(?:others?\s+|more\s+)?(?:(?:were|was|have been|had been|are)\s+)?"
                         r"(?:(?:shot and )?killed|shot dead|died|dead)\b", re.I)
_WOUND_AFTER = re.compile(r"^\s*(?:others?\s+|more\s+)?(?:(?:were|was|have been|had been|are)\s+)?"
                          r"(?:wounded|injured|hurt)\b", re.I)

# A later object of the same verb: "killed four soldiers and nine civilians" (nine civilians killed too).
_OBJECT_ON = r"\s+(?:(?:at least|about|some|nearly|more than)\s+)?\d[^.;:]{0,40}?(?:,\s*|,?\s*and\s+)$"
# ... unless the later count has a verb of its own ("killed 5 people and 40 children were evacuated")
_OWN_VERB = re.compile(r"^\s*(?:were|was|are|is|have|has|had|will|would|left|fled|arrived|\w+ed)\b", re.I)
_KILL_LIST = re.compile(rf"\b(?:killed|killing|kills|shot dead){_OBJECT_ON}", re.I)
_WOUND_LIST = re.compile(rf"\b(?:wounded|wounding|injured|injuring){_OBJECT_ON}", re.I)


def role_of(text: str, qstart: int, nend: int, counts: str | None) -> str | None:
    """Killed or wounded when a verb around the count says so ('killing one person')."""
    before, after = text[:qstart], text[nend:]
    if counts not in (None, "people", "civilians", "volunteers", "workers", "children", "fighters",
                      "soldiers", "rebels", "residents", "men", "women"):
        return counts
    listed = not _OWN_VERB.match(after)
    if _KILL_BEFORE.search(before) or _KILL_AFTER.match(after) or (listed and _KILL_LIST.search(before)):
        return "killed"
    if _WOUND_BEFORE.search(before) or _WOUND_AFTER.match(after) or (listed and _WOUND_LIST.search(before)):
        return "wounded"
    return counts


def victims(text: str, m: re.Match, noun: str | None, role: str, *, last: Quantity | None,
            bare: bool) -> tuple[str, ...]:
    """Who the killed or wounded are when the words say more than people: "192 of its soldiers had been
    killed" counts soldiers killed, (role, noun); and so does an elided count coordinated with such a one
    ("... killed and 512 wounded": soldiers wounded). () when they are just people."""
    if noun not in (None, "people", role):
        return role, str(noun)
    if noun in (None, role) and last is not None and len(last.kinds) == 2 and last.kinds[0] in ("killed", "wounded") \
            and re.search(r"(?:,|\band)\s+$", text[:m.start()]) and bare:
        return role, last.kinds[1]
    return ()


LISTABLE = frozenset({"women", "men", "children", "civilians", "fighters", "rebels", "families", "elderly",
                       "patients", "wounded", "soldiers", "residents", "people"})
_LIST_TAIL = re.compile(r"(\s*,\s*|\s*,?\s+(?:and|or)\s+)(?:the\s+|their\s+)?([A-Za-z][A-Za-z'’-]*)")


def listed(text: str, nend: int, counts: str) -> tuple[tuple[str, ...], int]:
    """Every kind a number counts when its noun heads a list: "101 women, men and children" counts three
    kinds of people. A run of nouns not closed by "and"/"or" is no list. Returns (kinds, end)."""
    kinds, pos = [counts], nend
    while True:
        m = _LIST_TAIL.match(text, pos)
        if not m or NOUNS.get(m.group(2).lower()) not in LISTABLE:
            return (counts,), nend
        kinds.append(NOUNS[m.group(2).lower()])
        pos = m.end()
        if re.search(r"\b(?:and|or)\b", m.group(1)):
            return tuple(dict.fromkeys(kinds)), pos
