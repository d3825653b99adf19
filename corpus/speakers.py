"""The speaker of each sentence of an article: corpus.attribution reads one sentence; here a bare surname
("Kerry said") becomes the full name seen earlier in the article, "he said" the last person named, "it said"
the organisation last credited, "the agency said" the agency last named (corpus.body_refs), "its embassy" the
state last named, and a quotation with no attribution of its own takes the speaker of the neighbouring sentence
that closes or opens it.
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Sequence

from evacmap.corpus import body_refs
from evacmap.corpus.attribution import (
    DOCUMENTS,
    ORG_WORDS,
    PLACE_WORDS,
    ROLES,
    Attribution,
    find_attribution,
    geo_word,
    mask_quotes,
    org_in,
)
from evacmap.corpus.model import Mention, Sentence
from evacmap.corpus.reported import quotes_inherit, reported_inherit

__all__ = ["attribute", "people_named", "place_words"]


def _surname(name: str) -> str:
    return _ARTICLE.sub("", name.split(" (", maxsplit=1)[0].rsplit(maxsplit=1)[-1].lower())


# compiled once: asked for every sentence, and every word of every run of capitalised words
_ARTICLE, _POSSESSIVE, _PARENTHESIS = re.compile(r"^(?:al|el)-"), re.compile(r"['’]s$"), re.compile(r"\([^()\n]{0,60}\)")
_NOT_A_FIRST_NAME = re.compile(r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|The|If|But|"
                               r"When|As|In|On|Editor)$")
_PERSON_RUN = re.compile(r"(?:[A-Z][a-z][\w'’-]*|al-[A-Z][\w-]*|de|bin|Abu|Al)"
                         r"(?:\s+(?:[A-Z][a-z][\w'’-]*|al-[A-Z][\w-]*|de|bin|Abu|Al))+")


def people_named(text: str) -> list[str]:
    """Person-like names in a sentence (for 'he said' and bare surnames later)."""
    out = []
    for m in _PERSON_RUN.finditer(text):
        words = [_POSSESSIVE.sub("", w) for w in m.group(0).split()]  # "Haid Haid's sister"
        while words and (words[0].lower() in ROLES or geo_word(words[0])):
            words = words[1:]
        if len(words) < 2 or any(w.lower() in ORG_WORDS or geo_word(w) or w.lower() in ROLES
                                 for w in words):
            continue
        if _NOT_A_FIRST_NAME.match(words[0]):
            continue
        out.append(" ".join(words))
    return out


def _paragraphs(text: str, sentences: list[Sentence]) -> list[int]:
    """Each sentence's paragraph number, by bisection over the newline offsets (linear in the article)."""
    newlines = [m.start() for m in re.finditer("\n", text)]
    return [bisect_left(newlines, s.start) for s in sentences]


def place_words(mentions: Sequence[Mention]) -> frozenset[str]:
    """The one-word place names the gazetteer found in an article, lower-cased: never part of a person's name
    ("Aleppo", "Gyumri")."""
    return frozenset(m.surface.lower() for m in mentions if m.place_id and " " not in m.surface.strip())


def attribute(text: str, sentences: list[Sentence], place_words: frozenset[str] = frozenset()) -> list[str | None]:
    """The speaker of each sentence of an article (None where nothing credits anyone). `place_words` are the
    lower-cased words of the place names the article mentions: they are never part of a person's name.
    Remembered for the last few articles: the claims and the movement legs of an article both ask."""
    return list(_attributed(text, tuple(sentences), frozenset(place_words)))


@functools.lru_cache(maxsize=2)
def _attributed(text: str, sentences: tuple[Sentence, ...], place_words: frozenset[str]) -> tuple[str | None, ...]:
    token = PLACE_WORDS.set(place_words)
    try:
        return tuple(_attribute(text, list(sentences)))
    finally:
        PLACE_WORDS.reset(token)


# "Its embassy said ...", "the country's foreign ministry said": a state's organ, of the place last named as a
# sentence's subject or as a possessor ("Norway sent a plane ... Its embassy said"); left as written when none is.
_ITS_ORGAN = re.compile(r"^(?:its|(?:the\s+)?country['’]s)\s+(?=(?:\w+\s+){0,2}(?:embassy|ministry|government|consulate|"
                        r"army|military|navy|air force|foreign office|president|prime minister)\b)", re.I)
_SUBJECT_TAIL = (r"([A-Z][a-z]+)(?:['’]s\s|\s+(?:has|had|have|said|says|sent|is|was|will|would|began|started|closed|"
                 r"evacuated|flew|announced)\b)")
_STATE_SUBJECT = re.compile(rf"(?:^\W*(?:(?:on|by|late|early|earlier)\s+\w+,?\s+)?|\b){_SUBJECT_TAIL}")
# Past a sentence's first character only the second branch (a word boundary, then the name) can match: searched
# without the leading alternation and the boundary, `re` skips ahead to a capital letter instead of trying both
# branches at every position (issue 14); the boundary is checked on each hit.
_SUBJECT_LATER, _WORD_CHAR = re.compile(_SUBJECT_TAIL), re.compile(r"\w")


def _state_subjects(sent: str) -> list[re.Match[str]]:
    """The matches of `_STATE_SUBJECT.finditer(sent)`, with the same starts and groups."""
    first = _STATE_SUBJECT.match(sent)
    found, pos = ([first], first.end()) if first else ([], 1)
    while (m := _SUBJECT_LATER.search(sent, pos)) is not None:
        if m.start() > 0 and _WORD_CHAR.match(sent, m.start() - 1):  # no word boundary before the name
            pos = m.start() + 1
            continue
        found.append(m)
        pos = m.end()
    return found


#: a source named by a person's role, not by name: "he" or "she" after it is that person
_ONE_PERSON = re.compile(r"\b(?:official|spokesman|spokeswoman|spokesperson|diplomat|source)$")
_INITIALISM = re.compile(r"^(?:[Tt]he\s+)?([A-Z]{2,6})$")


# A character no spelt-out name holds (its words, spaces, apostrophes and hyphens): every match of a name's
# pattern, and everything `re` reads to find one, lies in one stretch between two such characters.
_OUTSIDE = re.compile(r"[^\w'’\s-]")


class _SpeltOut:
    """"The RFS said" after "the Rural Fire Service ...": an initialism is the name spelt out earlier in the
    article whose capitalised words' initials it is (news text names a body in full first); else, or when the
    organisations list knows the body by its initials, as written.

    The name is the last match of the initials' pattern in the text before the sentence's end. Each pattern's
    matches over the whole article are found once (asked again for every sentence of a long paragraph, a
    search from the article's start is quadratic: issue 14). Those before the stretch of name characters that
    the sentence's end cuts are the ones a search of the text before that end finds (nothing `re` reads for
    them lies past the stretch's start); the cut stretch alone is searched again, up to the end."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._found: dict[str, tuple[re.Pattern[str], list[int], list[str]]] = {}

    def __call__(self, speaker: str, end: int) -> str:
        m = _INITIALISM.match(speaker)
        if m is None or org_in(m.group(1)):  # a body known by its initials keeps them ("ICRC", "UNHCR")
            return speaker
        rx, starts, names = self._matches(m.group(1))
        text, cut = self._text, end
        while cut > 0 and _OUTSIDE.match(text, cut - 1) is None:  # back to the start of the stretch `end` cuts
            cut -= 1
        tail = [found.group(0) for found in rx.finditer(text, cut, end)]
        if tail:
            return tail[-1]
        before = bisect_left(starts, cut)  # the matches wholly before the cut stretch
        return names[before - 1] if before else speaker

    def _matches(self, letters: str) -> tuple[re.Pattern[str], list[int], list[str]]:
        if letters not in self._found:
            words = r"\s+(?:(?:of|and|for)\s+(?:the\s+)?)?".join(rf"{c}[a-z][\w'’-]*" for c in letters)
            rx = re.compile(rf"\b{words}\b")
            found = list(rx.finditer(self._text))
            self._found[letters] = (rx, [f.start() for f in found], [f.group(0) for f in found])
        return self._found[letters]


_DOCUMENT_WORDS = re.compile(rf"\b({'|'.join(DOCUMENTS)})s?\b", re.I)


def _documents_named(sentence: str) -> set[str]:
    """The kinds of document a sentence names ("said in a statement", "a ministry report"), lower-cased."""
    return {m.group(1).lower() for m in _DOCUMENT_WORDS.finditer(sentence)}


def _pronoun_speaker(pronoun: str, last_person: str | None, last_org: str | None,
                     issued: dict[str, str]) -> str | None:
    """"He said": the person last named; "it said": the organisation last credited; "the statement said": who
    the text last said issued one; "they said": no one."""
    if pronoun in ("he", "she"):
        return last_person
    if pronoun == "it":
        return last_org
    return issued.get(pronoun) if pronoun in DOCUMENTS else None


def _its_organ(a: Attribution, sent: str, here: list[re.Match[str]], state: str | None) -> Attribution:
    """"Its embassy said": the embassy of the state named before this sentence's "its", else of `state`."""
    pos = re.search(r"\b(?:its|country['’]s)\s", sent, re.I)
    its = pos.start() if pos else len(sent)
    owner = next((m.group(1) for m in reversed(here) if m.start() < its), state)
    return Attribution(_ITS_ORGAN.sub(f"{owner}'s ", a.speaker or "", count=1), a.cue) if owner else a


def _attribute(text: str, sentences: list[Sentence]) -> list[str | None]:
    masked = mask_quotes(text)
    paras = _paragraphs(text, sentences)
    spelt_out = _SpeltOut(text)
    known: dict[str, str] = {}
    last_person: str | None = None
    last_org: str | None = None  # "it said" is the organisation last credited, never a person
    speakers: list[str | None] = []
    state: str | None = None  # the place last named as a subject or possessor: what "its embassy" is of
    issued: dict[str, str] = {}  # a kind of document ("statement") -> the speaker of the last sentence naming one
    for s in sentences:
        speaker, sent = None, masked[s.start:s.end]
        a = find_attribution(s.text, sent)
        here = [m for m in _state_subjects(sent) if m.group(1).lower() in PLACE_WORDS.get()]
        if a and a.speaker and _ITS_ORGAN.match(a.speaker):
            a = _its_organ(a, sent, here, state)
        if a and a.pronoun:
            speaker = _pronoun_speaker(a.pronoun, last_person, last_org, issued)
        elif a and a.speaker:
            speaker = spelt_out(a.speaker, s.end)
            if not a.person and (body := body_refs.resolve(speaker, text, s.end, last_org)):  # "the agency said"
                speaker = body
            if speaker != a.speaker:  # a body's initials are no person's name
                a = Attribution(speaker, a.cue)
            if len(speaker.split(" (")[0].split()) == 1 and _surname(speaker) in known:
                speaker = known[_surname(speaker)]
                a = Attribution(speaker, a.cue, person=True)
            if a.person:
                key = _surname(speaker)
                if key not in known or "(" in speaker or "(" not in known[key]:
                    known[key] = speaker
                last_person = speaker
            else:
                last_org = speaker
                if _ONE_PERSON.search(speaker):  # "An Egyptian official revised ...: ... he said": the official
                    last_person = speaker
        # a parenthesis names an outlet or a credit ("BERLIN (Continental Ledger) —"), not a person met in the story
        state = here[-1].group(1) if here else state
        named = people_named(_PARENTHESIS.sub("", masked[s.start:s.end]))
        for name in named:
            known.setdefault(_surname(name), name)
        if not a and named:
            last_person = known.get(_surname(named[0]), named[0])
        if speaker:
            issued.update((kind, speaker) for kind in _documents_named(sent))
        speakers.append(speaker)
    return reported_inherit(masked, sentences, paras, quotes_inherit(text, masked, sentences, paras, speakers))
