"""Sentences with character offsets (pysbd), so every claim can point back into its article."""
from __future__ import annotations

import functools

import pysbd

from evacmap.corpus.model import Sentence


@functools.lru_cache(maxsize=1)
def _segmenter() -> pysbd.Segmenter:
    return pysbd.Segmenter(language="en", clean=False, char_span=True)


def split_sentences(text: str) -> list[Sentence]:
    """Split on paragraphs first (news text puts one thought per line), then pysbd inside each.

    Offsets are exact: text[s.start:s.end] == s.text, with surrounding whitespace trimmed.
    """
    out: list[Sentence] = []
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            for span in _segmenter().segment(para):
                start, end = pos + span.start, pos + span.end
                while start < end and text[start].isspace():
                    start += 1
                while end > start and text[end - 1].isspace():
                    end -= 1
                if end > start:
                    out.append(Sentence(start, end, text[start:end]))
        pos += len(para) + 1
    return out
