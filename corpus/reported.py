"""Reported speech that runs on past its own verb of saying: which later sentences of a paragraph are still
the speaker's (a pronoun for what was reported, an addition in the backshifted tense, a quotation with no
attribution of its own). Used by corpus.attribution once each sentence's own speaker is known."""
from __future__ import annotations

import re

__all__ = ["quotes_inherit", "reported_inherit"]

_REPORTED = re.compile(r"\b(?:said|says|told \w+|added|explained)(?::|\s+(?:that\s+)?(?!\W))", re.I)  # "he said: 22,800 ..."
# ... or adds to what was reported: "Another 300 arrived overnight", "A further 40 were flown out".
_CONTINUES = re.compile(r"^\W*(?:(?:most|some|many|all|few|half|none|each|both|several|the rest) of "
                        r"(?:them|those|these)|they|these|those)\b|^\W*(?:another|a further)\s+(?=\d|hundreds|thousands|"
                        r"dozens)", re.I)


# Reported speech going on in its backshifted tense, adding to what was said: "..., she said. The agency had also
# sent 300 ambulances." (the past perfect with "also", right after a credited sentence of the paragraph).
_BACKSHIFT_ALSO = re.compile(r"^\W*[^,;:]{1,60}?\bhad\s+also\s+(?:been\s+)?\w+", re.I)


def reported_inherit(masked, sentences, paras, speakers):
    """Reported speech runs on: "He said the operation included ... Most of them were bound for X." The
    second sentence, in the same paragraph and opening with a pronoun for what was reported, is still his;
    and so is one that adds to it in the backshifted tense ("X had also sent ...")."""
    out = list(speakers)
    for i in range(1, len(sentences)):
        s, prev = sentences[i], sentences[i - 1]
        if out[i] or not out[i - 1] or paras[i] != paras[i - 1]:
            continue
        if (_REPORTED.search(masked[prev.start:prev.end]) and _CONTINUES.match(masked[s.start:s.end])) \
                or _BACKSHIFT_ALSO.match(masked[s.start:s.end]):
            out[i] = out[i - 1]
    return out


def quotes_inherit(text, masked, sentences, paras, speakers):
    """A quotation with no attribution of its own takes its neighbour's speaker."""
    out = list(speakers)
    quoted = [masked[s.start:s.end] != text[s.start:s.end] for s in sentences]
    beyond = _past_quotation(speakers, quoted, paras)
    for i, s in enumerate(sentences):
        if out[i] or not quoted[i]:
            continue
        j = beyond[i]  # forward in the paragraph, through the rest of the quotation
        if j < len(sentences) and paras[j] == paras[i] and out[j] and quoted[j]:
            out[i] = out[j]
            continue
        k = i - 1
        if k >= 0 and (paras[k] == paras[i] or (masked[s.start:s.start + 1].isspace()
                       and paras[k] == paras[i] - 1)) and out[k]:
            out[i] = out[k]
            continue
        if j < len(sentences) and paras[j] == paras[i] + 1 and out[j] and quoted[j] \
                and not masked[sentences[j].start:sentences[j].start + 1].strip():
            out[i] = out[j]
    return out


def _past_quotation(speakers, quoted, paras) -> list[int]:
    """For each sentence, the first later one that is not an unattributed quoted sentence of its paragraph,
    computed backwards in one pass (a walk forward from every sentence is quadratic in a paragraph that is
    one long open quotation)."""
    n = len(speakers)
    beyond = [n] * n
    for i in range(n - 2, -1, -1):
        j = i + 1
        beyond[i] = beyond[j] if paras[j] == paras[i] and not speakers[j] and quoted[j] else j
    if n:
        beyond[n - 1] = n
    return beyond
