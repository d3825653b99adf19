"""Who one sentence credits: "said Marianne Gasser, head of the ICRC in Syria" -> "Marianne Gasser (ICRC)".

Speakers are read from the sentence outside its quotations (a quotation's words are the speaker's,
not the attribution), in three shapes: "according to X", "X said/told/warned/reported ..." (with
an apposition either side: "Jan Egeland, the UN humanitarian adviser for Syria, said") and the
inverted "..., said X". Well-known organisations are normalised (ICRC, WHO, UN, SARC, SOHR,
"Syrian state TV"), and a person keeps the organisation the text ties them to. What an article's
earlier sentences settle ("Kerry said", "he said", "its embassy said") is corpus.speakers'.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from evacmap.corpus.firstchars import quick
from evacmap.corpus.folding import fast
from evacmap.corpus.organisations import named_state_media, org_in, org_name, state_media
from evacmap.corpus.seated import unplaced as _unplaced
from evacmap.corpus.source_words import LOCAL_TITLE, ORG_WORDS, PLACE_WORDS, ROLES, SOURCE_NOUNS, geo_word

__all__ = ["DOCUMENTS", "ORG_WORDS", "PLACE_WORDS", "ROLES", "Attribution", "find_attribution", "geo_word",
           "mask_quotes", "org_in", "org_name", "speaker_from_np"]

_VERBS = (r"said|says|say|told|tells|warned|warns|reported|added|adds|explained|claimed|"
          r"claims|claim|stated|announced|confirmed|estimated|estimates|noted|insisted|wrote|expected|expects|expect|"
          # "officials estimate that ...", not the noun ("its latest estimate", "their best estimate")
          r"(?<!\bits )(?<!\btheir )(?<!\bhis )(?<!\bher )(?<!\bour )(?<!\blatest )(?<!\bbest )(?<!\bnew )"
          r"(?<!\bofficial )(?<!\bfirst )(?<!\binitial )(?<!\brough )(?<!\bconservative )(?<!\brevised )estimate|"
          r"predicted|predicts|predict|projected|anticipated|"
          r"tweeted|spoke of|speaks of|(?:had |has )?(?:put|puts|gave|gives|set|sets) (?:the|a|its|their) (?:[\w-]+ )?"
          r"(?:figure|number|toll|total|count|tally)|(?:put|puts) (?:the|its|their|his|her) (?:[\w'’-]+ ){0,3}"
          r"(?:deaths|dead|toll|casualties|losses)(?= at\b)|listed|saying|"
          # "An official revised Wednesday's figures: 361 ...", "the ministry updated its toll to 10,022"
          r"(?:revised|revises|updated|updates|corrected|corrects) (?:the|its|their|his|her|[\w-]+['’]s) (?:[\w-]+ )?"
          r"(?:figures?|numbers?|toll|total|count|tally)|"
          # "It put the other nationals at 35", "the ministry put the first group at 122": a count given by the subject
          r"(?:put|puts)\s+(?:the|its|their|his|her)\s+(?:[\w'’-]+\s+){0,3}?[\w'’-]+(?=\s+at\s+(?:about\s+|some\s+|around\s+|"
          r"more\s+than\s+|nearly\s+|roughly\s+|almost\s+|over\s+)?\d)|"
          # a body that counts, as the source of its count: "the IOM recorded 22,224 people displaced"
          r"(?:recorded|counted|registered|tallied|logged)(?= (?:(?:at least|more than|about|some|nearly|almost|over|"
          r"around|roughly|a total of) )?\d[\d,.]*(?![\d,.]| ?(?:mm|cm|m|km|ft|in|inches|feet|metres|meters|millimet|"
          r"centimet|degrees|°|mph|km/h|knots|magnitude)\b))")
# not a participle after a determiner ("an estimated 1.2 million", "the reported figure"),
# nor a comparison ("as expected", "more than estimated")
_VERB = re.compile(rf"(?<!\b[Aa] )(?<!\b[Aa]n )(?<!\b[Tt]he )(?<!\b[Aa]s )(?<!\bthan )\b(?:has |have |had )?({_VERBS})\b")
_PASSIVE = re.compile(r"\b(?:was|were|been|is|are|be|being)$")  # then spaces to the verb: see _passive


def _passive(left: str) -> bool:
    """Whether `left` ends in "was|were|been|is|are|be|being" and spaces. The auxiliary is found where the
    trailing spaces begin, in a window of its own length, rather than by a search through all of `left`."""
    k = len(left.rstrip())
    return k < len(left) and _PASSIVE.search(left, max(0, k - 5), k) is not None
_ACCORDING = re.compile(r"\baccording to\s+", re.I)
# a name whose capitalised words run on through "and" ("Department of Social Welfare and Development"), up to the
# first word that is neither capitalised nor a joining word
_ONE_NAME_WITH_AND = re.compile(r"(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:of|for|and|on|the)?\s*[A-Z][\w'’.-]*)*"
                                r"\s+and\s+[A-Z][\w'’.-]*(?:\s+(?:of|for|and|on|the)?\s*[A-Z][\w'’.-]*)*")
#: "OCHA cited the Libyan Red Crescent as saying ...", "it cited the WHO instead: ...": the figures are the cited body's
_CITED = re.compile(r"\bcit(?:ed|es|ing)\s+(?P<who>(?:the\s+)?[A-Z][^,;:]{1,80}?)\s+(?:as\s+(?:saying|reporting)\b|"
                    r"(?:instead\s*)?:)")
# The passive of a verb of telling names its source after "by".
_BY_SOURCE = re.compile(r"\b(?:announced|reported|released|issued|published|declared|proclaimed)\s+by\s+", re.I)
_RECORDS = frozenset({"figures", "data", "statistics", "records", "tallies", "counts"})
_NAME_TOKEN = re.compile(r"^(?:[A-Z][\w'’.-]*|al-\w+|el-\w+|de|bin|ibn|abu|van|von|la|du)$")
_PRONOUN = re.compile(r"^(?:he|she|they|it|he's|she's)\b", re.I)
_LEADING = re.compile(r"^(?:(?:but|and|meanwhile|however|then|also|earlier|later|now|so|separately|instead|likewise|"
                      r"similarly|elsewhere|still|yet|again|additionally|moreover|in addition|in a separate statement)"
                      r"\b,?\s*)+", re.I)
# "the sheriff's office had last put the figure at 24": adverbs between the subject and its verb
_TRAILING = re.compile(r"(?:\s+(?:also|has|had|have|last|already|previously|initially|first|now|since|then|later|again|"
                       r"earlier|subsequently|separately|on \w+day|"
                       r"early \w+day|earlier \w+day|\w+day|in a statement|on twitter|publicly))+$", re.I)
# A document stands for its author: "a passenger breakdown published in Saudi media", "figures from the UN
# refugee agency", "a report from the state commission": the speaker is who published it.
_DOCUMENT = re.compile(r"^(?:(?:a|an|the|its|their|new|latest|official|preliminary|final)\s+)*(?:[\w-]+\s+){0,2}?"
                       r"(?:figures|data|numbers|statistics|tally|count|breakdown|report|list|estimates?|"
                       r"statement|bulletin|update|assessment)\s+(?:(?:published|released|issued|compiled|"
                       r"given|provided|shared|posted|broadcast)\s+)?(?:in|by|from|of|on)\s+(?=\S)", re.I)
# A document named by its author as a modifier: "a police statement", "a ministry report released on Friday".
_AUTHORED = re.compile(r"^(?:a|an|the|its|their|new|latest|official)\s+((?:[\w'’-]+\s+){1,3}?)(?:statement|report|"
                       r"bulletin|update|press release|communiqu[eé])(?:\s+(?:issued|released|published|posted|put out|"
                       r"circulated)\b.*)?$", re.I)
# A document named only by its kind ("the statement said", "the report added"): it stands for whoever the text
# said issued it; corpus/speakers.py looks back for that.
DOCUMENTS = ("statement", "report", "bulletin", "update", "communique", "communiqué", "press release")
_DOCUMENT_REF = re.compile(rf"^(?:the|that|this|its|their)\s+({'|'.join(DOCUMENTS)})$", re.I)
_NOT_AUTHORS = frozenset({"joint", "brief", "written", "short", "new", "latest", "final", "daily", "weekly", "separate",
                          "earlier", "later", "first", "second", "previous", "situation", "press"})
# Pictures as evidence: "Videos shared online showed hundreds of cars", "Satellite images taken on Monday show
# ...": what a sentence reports comes from them, and a reader must know it was seen on a video, not counted.
_SHOWN = re.compile(r"^\W*((?:(?:new|recent|drone|satellite|aerial|amateur|verified)\s+)?(?:videos?|footage|images|"
                    r"photos|photographs|pictures)(?:\s+(?:shared|posted|published|broadcast|aired|circulating|taken|"
                    r"filmed)\b[^,;.]{0,40}?)?)\s+(?:showed|shows|show|appeared to show|appear to show)\b", re.I)


@dataclass(frozen=True)
class Attribution:
    """The source a sentence names. `speaker` is normalised ("Marianne Gasser (ICRC)"); `pronoun`
    is set instead when the sentence credits "he"/"she" (resolved by `attribute`)."""

    speaker: str | None
    cue: str
    pronoun: str | None = None
    person: bool = False


# "a deadline the United Nations said was impossible": a verb of saying right before a finite verb with no subject
# of its own is a clause on one noun (who said it of the deadline), not the source of the sentence
_CONTACT = re.compile(r"\s+(?:was|were|is|are|would\s+be|had\s+been|has\s+been|could|might)\b")
_QUOTE_MARKS = re.compile("[\n\"\u201c\u201d\u2018\u2019]")


def mask_quotes(text: str) -> str:
    """`text` with quoted passages (and their marks) blanked, same length; a quotation left
    open at the end of a paragraph runs to the paragraph's end, as news style continues it."""
    return _masked(text)


@functools.lru_cache(maxsize=4)
def _masked(text: str) -> str:
    """mask_quotes, remembered: claims and legs mask the same article (a 5 MB one takes a while). Only the
    quotation marks and newlines are visited, in one pass; the blanked spans are then joined in."""
    spans: list[tuple[int, int]] = []
    open_at = None
    for m in _QUOTE_MARKS.finditer(text):
        i, ch = m.start(), m.group()
        if ch == "\n":
            if open_at is not None:
                spans.append((open_at, i))
            open_at = None
            continue
        closing = ch == "”" or (ch == '"' and open_at is not None) or (
            ch == "’" and text[i + 1:i + 2] == "’" and open_at is not None)
        if open_at is not None and closing:
            spans.append((open_at, min(i + (2 if ch == "’" else 1), len(text))))
            open_at = None
        elif open_at is None and (ch in "“\"" or (ch == "‘" and (i == 0 or not text[i - 1].isalnum()))):
            open_at = i
        elif open_at is not None and text[open_at] == "‘" and ch == "’" and not text[i + 1:i + 2].isalpha():
            spans.append((open_at, i + 1))
            open_at = None
    if open_at is not None:
        spans.append((open_at, len(text)))
    parts, done = [], 0
    for start, end in spans:  # in order and disjoint: each opens after the previous one closed
        parts.append(text[done:start])
        parts.append(" " * (end - start))
        done = end
    parts.append(text[done:])
    return "".join(parts)


def _name_run(np: str) -> tuple[str | None, str]:
    """The person's name at the end of a noun phrase, and the descriptor before it."""
    tokens = np.split()
    i = len(tokens)
    while i > 0 and _NAME_TOKEN.match(tokens[i - 1]) and tokens[i - 1].lower() not in ROLES:
        i -= 1
    run = tokens[i:]
    if run and i > 0 and tokens[i - 1].lower() in ("for", "of", "in", "to") and len(run) > 1:
        i, run = i + 1, run[1:]  # "envoy for Syria Staffan de Mistura"
    while run and run[0].lower() in ("de", "bin", "ibn", "abu", "van", "von", "la", "du"):
        i, run = i + 1, run[1:]
    if not run:
        return None, np
    return " ".join(run), " ".join(tokens[:i])


def _bare(word: str) -> str:
    """A word without its possessive: "France's" -> "france"."""
    return re.sub(r"['’]s?$", "", word.lower())


_NP_SMALL = {"of", "for", "the", "and", "in", "to", "a", "an", "on"}


def _np_like(words: list[str]) -> bool:
    """A noun phrase of names and roles, not a clause that happens to end in a capital."""
    loose = [w for w in words if not (w[:1].isupper() or w.lower() in ROLES or w.lower() in _NP_SMALL
                                      or _bare(w) in ORG_WORDS)]
    return len(loose) <= 1


def speaker_from_np(np: str) -> Attribution | None:
    """Normalise a subject/object noun phrase to a speaker, or None if it is not a source."""
    return _speaker_of(np, PLACE_WORDS.get())  # remembered per phrase and the place words (all it reads)


@functools.lru_cache(maxsize=4096)
def _speaker_of(np: str, _place_words: frozenset[str]) -> Attribution | None:
    np = _TRAILING.sub("", _LEADING.sub("", np.strip(" ,;:—-"))).strip(" ,")
    if not np or len(np.split()) > 16 or re.search(r"\d", np):
        return None
    np = _DOCUMENT.sub("", np)
    authored = _AUTHORED.match(np)  # "a police statement (issued on Friday)": the police
    np = authored.group(1).strip() if authored and not _NOT_AUTHORS.issuperset(authored.group(1).lower().split()) \
        else np
    if _PRONOUN.match(np):
        return Attribution(None, "", pronoun=np.split()[0].lower().rstrip("'’s"))
    if (document := _DOCUMENT_REF.match(np)) is not None:  # "the statement said": whoever issued it (speakers.py)
        return Attribution(None, "", pronoun=document.group(1).lower())
    # an office before a bare name: "the governor of Homs" is the governor, not "Homs"
    return (_named_source(np) or _common_body(np) or _body_by_name(np) or _titled_person(np) or _official_of_body(np)
            or _office(np) or _described_source(np))


def _body_by_name(np: str) -> Attribution | None:
    """A body described, then named: "the national statistics institute INE", "the volcanic emergency committee
    Pevolca" -> the name (the description's words may be lower case or a place's, ending in a body's noun)."""
    words = np.split()
    if len(words) < 3 or len(words) > 10 or words[0].lower() != "the":
        return None
    name, desc = _name_run(np)
    if not name or len(name.split()) > 3 or not desc or _bare(desc.split()[-1]) not in ORG_WORDS \
            or not all(w.isalpha() for w in desc.split()):
        return None
    return Attribution(org_name(name) or name, "")


# A person named only by office: "the governor", "the city's mayor", "Ukraine's deputy prime minister", "the
# head of the regional military administration" -> the office as written (without its article).
_OFFICES = frozenset({"governor", "mayor", "sheriff", "minister", "president", "premier", "chancellor", "chief",
                      "commander", "head", "spokesperson", "administrator", "manager", "director", "ambassador",
                      "envoy", "coordinator", "commissioner", "secretary", "chairman", "chairwoman", "marshal",
                      "superintendent", "councillor", "councilor", "prosecutor", "general"})


def _office(np: str) -> Attribution | None:
    words = re.sub(r"^(?:the|a|an)\s+", "", np, flags=re.I).split()
    cut = next((k for k, w in enumerate(words) if w == "of"), len(words))
    office, of = words[:cut], words[cut + 1:]
    if not office or office[-1].lower() not in _OFFICES or len(office) > 5 or len(of) > 6:
        return None
    # lower-case words, or a possessive before them ("Ukraine's deputy prime minister"): not a name
    if not all(w.islower() or w.endswith(("'s", "’s")) for w in office):
        return None
    return Attribution(" ".join(words), "", person=True)


def _common_body(np: str) -> Attribution | None:
    """A body described in common nouns: "the regional health office", "the city's fire service", "the interior
    ministry of the eastern government" (whose it is, after "of")."""
    head, of, whose = np.partition(" of ")
    words = head.split() if of and 1 <= len(whose.split()) <= 5 and all(w.isalpha() for w in whose.split()) \
        else np.split()
    if 2 <= len(words) <= 5 and words[0].lower() == "the" and _bare(words[-1]) in ORG_WORDS \
            and all(w.isalpha() or w[-2:] in ("'s", "’s") for w in words):
        return Attribution(org_in(np) or " ".join(np.split()[1:]), "")
    return None


def _named_source(np: str) -> Attribution | None:
    """A source the phrase names outright: a country's state media, a known organisation (or several), or a
    person "of" an organisation."""
    org = state_media(np) or org_name(np) or named_state_media(np)
    if org:
        return Attribution(org, "")
    parts = [p for p in re.split(r",?\s+and\s+(?=(?:the\s+)?[A-Z])", np) if p]
    if len(parts) > 1 and all(org_name(p) or org_in(p) for p in parts):
        return Attribution("; ".join(org_name(p) or org_in(p) or p for p in parts), "")
    m = re.match(r"^(.+?) (?:of|from) (?:the )?([A-Z].+)$", np)  # "Ibrahim Abu Allaith of the ..."
    if m and _name_run(m.group(1))[1] == "" and len(m.group(1).split()) >= 2 \
            and not any(w.lower() in ORG_WORDS for w in m.group(1).split()):
        return Attribution(f"{m.group(1)} ({org_name(m.group(2)) or m.group(2)})", "", person=True)
    return None


def _titled_person(np: str) -> Attribution | None:
    """A person after a title that may name a body: "UNHCR press officer Jo Roe" -> "Jo Roe
    (UNHCR)", "Defence Minister Jane Roe" -> "Jane Roe", "Sheriff X" -> "X (Sheriff)"."""
    if not _np_like(np.split()):
        return None
    name, desc = _name_run(np)
    if not (name and len(name.split()) >= 2 and desc and desc.split()[-1].lower() in ROLES) \
            or any(geo_word(w) or _bare(w) in ORG_WORDS for w in name.split()):
        return None
    org = org_in(desc)
    title = desc.strip() if not org and LOCAL_TITLE.search(desc) else org
    return Attribution(f"{name} ({title})" if title else name, "", person=True)


# "an official in the special relief commissioner's office", "a spokesman for the disaster management ministry":
# an unnamed official and the body that employs them, however long the body's name.
_OFFICIAL_OF_BODY = re.compile(
    r"^(?:(?:the|a|an|one)\s+)?(?:(?:senior|top|local|state|district|government)\s+)?"
    r"(officials?|spokes(?:man|woman|person))\s+(?:in|at|of|from|for|with)\s+(?:the\s+)?"
    r"((?:[\w'’-]+\s+){0,4}(?:office|ministry|department|commission|agency|authority|administration|"
    r"directorate|secretariat|council|embassy|railways?))$", re.I)


# "a spokesman of the Ministry of External Affairs", "an official at the Department of Foreign Affairs": the body
# named in capitals, whatever its last word (not the last capitalised word alone, as if it were a name).
_OFFICIAL_OF_NAMED = re.compile(
    r"^(?:(?:the|a|an|one)\s+)?(?:(?:senior|top|local|state|district|government)\s+)?"
    r"(officials?|spokes(?:man|woman|person))\s+(?:in|at|of|from|for|with)\s+(?:the\s+)?"
    r"([A-Z][^,;:]{0,80})$")
_CAPITALISED_NAME = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:(?:of|for|and)\s+(?:the\s+)?)?[A-Z][\w'’-]*){0,6}")


def _official_of_body(np: str) -> Attribution | None:
    body = _OFFICIAL_OF_BODY.match(np.strip())
    if body:
        return Attribution(f"{body.group(1).lower()} ({body.group(2)})", "")
    named = _OFFICIAL_OF_NAMED.match(np.strip())
    if named and (org := org_name(named.group(2)) or
                  (named.group(2) if _CAPITALISED_NAME.fullmatch(named.group(2))
                   and any(_bare(w) in ORG_WORDS for w in named.group(2).split()) else None)):
        return Attribution(f"{named.group(1).lower()} ({org})", "")
    return None


def _described_source(np: str) -> Attribution | None:
    """A source the phrase describes: "activists", "ministry spokesman X", "Austria's foreign ministry",
    "Lee County Sheriff X", "Jan Egeland"."""
    words = np.split()
    low = [w.lower().strip(",") for w in words]
    heads = [k for k, w in enumerate(low) if w in SOURCE_NOUNS]
    if heads and len(words) <= 6:  # "critics", "activists and local medical officials", "CNN sources on the ground"
        tail = words[heads[-1] + 1:]
        if len(tail) >= 2 and all(_NAME_TOKEN.match(w) for w in tail):  # "ministry spokesman Arindam Bagchi"
            org = org_in(" ".join(words[: heads[-1] + 1]))
            return Attribution(" ".join(tail) + (f" ({org})" if org else ""), "", person=True)
        # "official figures", "official data": the documents, not a person called an official
        head = " ".join(words[: heads[-1] + 1 + (len(tail) == 1 and tail[0].lower() in _RECORDS)])
        return Attribution(re.sub(r"^(?:the|a|an|one)\s+", "", head, flags=re.I), "")
    if not _np_like(words) and not (_np_like(_unplaced(words)) and any(_bare(w) in ORG_WORDS for w in _unplaced(words))):
        return None
    if any(_bare(w) in ORG_WORDS for w in words) and (words[0][:1].isupper() or words[0].lower() == "the"
                                                     or (len(words) <= 3 and _bare(words[-1]) in ORG_WORDS)):
        return Attribution(org_in(np) or re.sub(r"^the\s+", "", np, flags=re.I), "")
    name, desc = _name_run(np)
    if not name:
        return None
    org = org_in(desc) if desc else None
    person = len(name.split()) >= 2 and not any(geo_word(w) for w in name.split())
    if person and not org and desc and LOCAL_TITLE.search(desc):  # "Lee County Sheriff Carmine Marceno"
        return Attribution(f"{name} ({desc.strip()})", "", person=True)
    if len(name.split()) == 1 or person:
        return Attribution(f"{name} ({org})" if org and person else name, "", person=person)
    return None


# "On Tuesday Turkish sources put ...", "By noon it gave ...": a time adverbial before the subject.
_TIME_LEAD = re.compile(r"^(?:(?:(?:a|an|one|two|three|four|five|six|\d+|a few|several)\s+(?:days?|weeks?|months?)\s+ago|"
                        r"(?:last|earlier this|late last|early last)\s+(?:week|month|year|night))\s+|"
                        r"(?:(?:late|early|earlier|later)\s+)?(?:on|by|at|since)\s+(?:\w+day|noon|midday|midnight|dawn|"
                        r"\d{1,2}(?:[:.]\d\d)?\s*(?:a\.m\.|p\.m\.|am|pm)|the (?:morning|evening|afternoon|night)|"
                        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.? \d{1,2})"
                        r"(?:\s+(?:morning|afternoon|evening|night))?\s+)", re.I)


# "In a statement on Saturday AFAD said ...", "In a televised address the president said ...": the statement, speech or
# interview a source spoke in, fronted before the subject, is not part of the subject (at the sentence's start only:
# "Erdogan, in a televised address Thursday, said" is an aside after the subject).
_MEDIUM_LEAD = re.compile(r"^(?:in|during)\s+(?:a|an|its|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:statement|interview|"
                          r"address|briefing|message|post|letter|speech|tweet|update|bulletin|(?:news|press)\s+conference)"
                          r"\s+(?=\S)", re.I)


# "For Dade County the board listed ...", "In Ontario the ministry said ...": a fronted adverbial of place or
# topic before a determiner-led subject is not part of the subject.
_PLACE_LEAD = re.compile(r"^(?i:for|in|at|across|outside)\s+(?:[A-Z][\w'’.-]*\s+)+(?=(?:the|a|an|its|their)\s)")


_PREP_PHRASE = re.compile(r"^(?:from|to|in|into|at|on|for|with|by|near|via|through|toward|towards|out of|off)\s", re.I)


def _appositive(seg: str) -> bool:
    """An apposition describing the name before it: "the UN adviser for Syria", "president of the American Red
    Cross" (a role in lower case opening the phrase), not an organisation named outright."""
    if org_name(seg):
        return False
    words = seg.split()
    if re.match(r"^(?:the|a|an)$", words[0], re.I):
        return True
    # a role in lower case, after up to two lower-case modifiers: "technical director of X", "acting chief of X"
    role = next((k for k, w in enumerate(words[:3]) if w in ROLES), None)
    return role is not None and all(w.islower() for w in words[:role + 1])


def _subject(left: str) -> Attribution | None:
    """The speaker before a speech verb, looking past appositions and relative clauses."""
    segs = [_PLACE_LEAD.sub("", _TIME_LEAD.sub("", _MEDIUM_LEAD.sub("", s.strip()) if not k else s.strip()))
            for k, s in enumerate(re.split(r",|;|—|\s--?\s|\s–\s|:|\s{2,}", left))]
    segs = [s for s in segs if s]
    while segs and re.match(r"^(?:which|who|whose|in|on|at|speaking|earlier|later|adding|also|"
                            r"according|citing|quoting)\b", segs[-1], re.I):
        segs.pop()
    if not segs:
        return None
    # "Jan Egeland, the UN humanitarian adviser for Syria, said"; not "... from Beirut, the Foreign Office said",
    # where the phrase before the comma ends the clause (a preposition's object names no one)
    # (the phrase before names someone: "Residents were evacuated, the committee X said" is a clause, then the source)
    # the apposition is closed by a comma or dash before the verb ("X, the adviser, said"); "..., among them
    # Indians and Britons, mission commander John Smith said" has none: the role and name are the speaker
    closed = re.search(r"(?:,|—|–|\s-)\s*$", left) is not None
    if (len(segs) >= 2 and closed and _appositive(segs[-1]) and not _PREP_PHRASE.match(segs[-2])
            and _np_like(segs[-2].split())):
        prev = speaker_from_np(segs[-2])
        if prev and prev.speaker:
            org = org_in(segs[-1]) if prev.person and "(" not in prev.speaker else None
            return Attribution(f"{prev.speaker} ({org})" if org else prev.speaker, "",
                               person=prev.person)
    last = speaker_from_np(segs[-1])
    if last and last.person and len(segs) >= 2 and re.match(r"^(?:the|a|an)\s", segs[-2], re.I):
        org = org_in(segs[-2])  # "the head of the ICRC in Syria, Marianne Gasser, said"
        if org and "(" not in (last.speaker or ""):
            return Attribution(f"{last.speaker} ({org})", "", person=True)
        if LOCAL_TITLE.search(segs[-2]) and "(" not in (last.speaker or ""):  # "The mayor of Gyumri, X, said"
            title = re.sub(r"^(?:the|a|an)\s+", "", segs[-2], flags=re.I)
            return Attribution(f"{last.speaker} ({title})", "", person=True)
    return last


_INVERTED = re.compile(r"\s*(?:(?:Dr|Mr|Mrs|Ms)\.?\s+)?((?:[A-Z][\w'’.-]*|al-\w+|de|bin|Abu)"
                       r"(?:\s+(?:[A-Z][\w'’.-]*|al-\w+|de|bin|Abu))*)(?=[,.;]|\s*$|\s+(?:in|on|at|"
                       r"earlier|later|after|before|from|during|who|told|of)\b)(?:,\s*([^,]+)|\s+(of\s+[^,.;]+))?")


def _inverted(verb: str, left: str, right: str) -> Attribution | None:
    """'..., said Dr. Zaher Sahloul, a senior adviser to the SAMS': the name after the verb."""
    if verb not in ("said", "says", "added", "explained", "warned", "wrote") or \
            (left.strip() and not re.search(r"[,]\s*$|\s{2,}$", left)):
        return None
    m = _INVERTED.match(right)
    a = speaker_from_np(m.group(1)) if m else None
    if not a or not a.speaker:
        return None
    org = org_in(m.group(2) or m.group(3) or "") if a.person and m else None
    return Attribution(f"{a.speaker} ({org})" if org else a.speaker, verb, person=a.person)


def _cited(masked: str) -> list[tuple[int, Attribution]]:
    """The bodies a sentence cites for its figures (_CITED), each at its offset."""
    return [(m.start(), Attribution(cited.speaker, "cited", person=cited.person)) for m in _CITED.finditer(masked)
            if (cited := speaker_from_np(m.group("who"))) is not None and cited.speaker]


def find_attribution(text: str, masked: str | None = None) -> Attribution | None:
    """The first attribution in one sentence; `masked` is the sentence with quotations blanked."""
    masked = mask_quotes(text) if masked is None else masked
    found: list[tuple[int, Attribution]] = []
    shown = _SHOWN.match(masked)
    if shown:
        found.append((shown.start(1), Attribution(_TRAILING.sub("", shown.group(1)).strip(), "showed")))
    for m in _ACCORDING.finditer(masked):
        rest = re.sub(r",\s*(?:which|who)\b[^,.;]*", "", masked[m.end():])
        pieces = re.split(r"(,\s*and\s+|\s+and\s+|,\s*|\.\s*$)", rest)
        whole = _ONE_NAME_WITH_AND.match(rest)  # "the Department of Social Welfare and Development": one body
        if whole and (a := speaker_from_np(whole.group(0).rstrip("."))) and a.speaker and not a.person \
                and " and " in a.speaker:
            pieces = [whole.group(0).rstrip(".")]
        names = []
        for k in range(0, len(pieces), 2):
            a = speaker_from_np(pieces[k]) if pieces[k].strip() else None
            if a is None or not a.speaker:
                break
            names.append(a)
            if k + 1 >= len(pieces) or "and" not in pieces[k + 1]:
                break
        if names:
            found.append((m.start(), Attribution("; ".join(a.speaker or "" for a in names), "according to",
                                                 person=len(names) == 1 and names[0].person)))
    found.extend(_cited(masked))
    for m in _BY_SOURCE.finditer(masked):  # "a truce announced by the RSF", "figures released by the ministry"
        a = speaker_from_np(re.split(r",|;|\s+and\s+|\s+(?:on|at|in|from|for|to|after|before|as|which|who)\s",
                                     masked[m.end():])[0])
        if a and a.speaker:
            found.append((m.start(), Attribution(a.speaker, "by", person=a.person)))
    for m in _VERB.finditer(masked):
        verb = m.group(1)
        left = masked[:m.start()]
        if _passive(left) or _CONTACT.match(masked, m.end()):
            continue
        if verb == "saying":  # "with activists and local medical officials saying ..."
            w = re.search(r"\bwith\s+([^,]+?)\s*$", left)
            if not w:
                continue
            left = w.group(1)
        inv = _inverted(verb, left, masked[m.end():])
        subj = inv or _subject(left)
        if subj:
            found.append((m.start(), Attribution(subj.speaker, verb, subj.pronoun, subj.person)))
    # "the military expects to fly out 5,000 a day, Taylor told reporters": an intention, reported by the source
    told = [f for f in found if not _INTENDS.match(masked, f[0])]
    return min(told or found, key=lambda x: x[0])[1] if found else None


_INTENDS = re.compile(r"(?:has |have |had )?(?:expects?|expected|predicts?|predicted|anticipated|projected)\s+to\s")


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
_BY_SOURCE = fast(_BY_SOURCE)
_VERB = quick(_VERB)  # case-sensitive, opening with look-behinds: searched in every sentence (firstchars.py)
