"""Name normalisation: one key for every common English spelling of an Arabic place name.

Two keys, from strict to loose:
- `name_key` folds case, diacritics, the Arabic article (al-/el-/as-/ar-… leading the name; el- inside it as al-),
  hyphens and apostrophes, ou→u,
  ee→i, doubled letters, word-final -ah/-eh, and Kafr/Kfar/Kefr. Exact matching over text uses it.
- `skeleton` keeps the first letter and the consonants: the key the bounded fuzzy step compares on, because
  transliterations of Arabic disagree mostly about vowels (Kafriya / Kefreia / Kfraya all give "kfr").
"""
from __future__ import annotations

import functools
import re
import unicodedata

ARTICLES = frozenset({"al", "el", "as", "ar", "ad", "an", "at", "az", "ash", "ath", "adh", "ed", "es", "et", "ul"})

#: the article's spellings with e, read as al- inside a name (not "es"/"et"/"ed", words of other languages too)
_ARTICLE_E = frozenset({"el", "ul"})
_APOSTROPHES = re.compile(r"['’‘`ʿʾʻʼ´]")
_SEPARATORS = re.compile(r"[-‐‑‒–—_./,()]+")
_NON_WORD = re.compile(r"[^0-9a-z\u0600-\u06ff ]+")
_DOUBLED = re.compile(r"([a-z])\1+")
_KAFR_SPELLINGS = frozenset({"kafr", "kfar", "kefr", "kfr", "kafar", "kefar"})
_ARABIC_DIACRITICS = re.compile(r"[\u064b-\u065f\u0670\u0640]")  # harakat, dagger alef, tatweel
_ARABIC_FOLD = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ى": "ي"})


def fold(text: str) -> str:
    """Lowercase and strip Latin diacritics (é→e, ı→i); Arabic script is kept, with its own folding."""
    if text.isascii():  # most words of an English article: nothing to decompose
        return text.lower()
    text = text.replace("ı", "i").replace("İ", "I")
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = _ARABIC_DIACRITICS.sub("", stripped).translate(_ARABIC_FOLD)
    return stripped.lower()


@functools.lru_cache(maxsize=131_072)
def _token_key(token: str) -> str:
    if token in _KAFR_SPELLINGS:
        return "kafr"
    token = token.replace("ou", "u").replace("oo", "u").replace("ee", "i")
    if _DOUBLED.search(token) is not None:  # most tokens have no doubled letter: skip sub's template work
        token = _DOUBLED.sub(r"\1", token)
    if len(token) > 3 and token.endswith(("ah", "eh")):
        token = token[:-2] + "a"
    return token


def tokens(name: str) -> list[str]:
    """The folded tokens of a name, with apostrophes removed and separators turned into spaces."""
    if name.isascii() and name.replace(" ", "").isalpha():  # most names: plain words
        return name.lower().split()
    return fold(name).translate(_TOKEN_CHARS).split()


class _TokenChars(dict):
    """The table `tokens` translates a folded name with, in one pass: an apostrophe is dropped, a character of
    a word (a-z, 0-9, Arabic) kept, anything else (separators, punctuation) made a space. The same as removing
    `_APOSTROPHES`, then turning `_SEPARATORS` and `_NON_WORD` runs into spaces, but about three times faster
    on the world layer's names; each character's entry is worked out the first time it is met."""

    def __missing__(self, code: int) -> int | None:
        ch = chr(code)
        if _APOSTROPHES.fullmatch(ch):
            out = None
        else:
            out = ord(" ") if _SEPARATORS.fullmatch(ch) or _NON_WORD.fullmatch(ch) else code
        self[code] = out
        return out


_TOKEN_CHARS = _TokenChars()


@functools.lru_cache(maxsize=65_536)
def name_key(name: str) -> str:
    """The strict matching key: "Al-Foua" → "fua", "al-Fu'ah" → "fua", "Ramouseh" → "ramusa"."""
    toks = tokens(name)
    while len(toks) > 1 and toks[0] in ARTICLES:
        toks = toks[1:]
    toks = [t[2:] if t.startswith("ال") and len(t) > 3 else t for t in toks]  # Arabic article
    # inside a name the article is written al- or el- ("Deir al-Balah", "Deir el-Balah"): one key for both
    toks = [toks[0], *("al" if t in _ARTICLE_E else t for t in toks[1:])] if len(toks) > 2 else toks
    return " ".join(_token_key(t) for t in toks)


def skeleton(name: str) -> str:
    """First letter plus consonants of the strict key: the coarse key for fuzzy candidates. Qaf is written
    q or k (Saraqib / Sarakib), so q folds to k here."""
    out = []
    for word in name_key(name).replace("q", "k").split():
        out.append(word[0] + re.sub(r"[aeiouyw]", "", word[1:]).rstrip("h"))
    return " ".join(out)


def respellings(key: str) -> tuple[str, ...]:
    """The strict keys a one-word name has in English when a French or Italian spelling of an Arabic name
    writes its final vowel as a silent -e: "Sousse" is Susa (Libya's as much as Tunisia's), "Derne" Derna.
    Only a name whose own spelling finds no place in the story's country is tried in these forms."""
    if len(key) >= 4 and key.isalpha() and key.endswith("e") and not key.endswith("ie"):
        return (key[:-1] + "a", key[:-1])
    return ()


_TWO_WORDS = re.compile(r"([A-Z][a-z]{2,})-([A-Z][a-z]{2,})")


def joined_forms(names) -> list[str]:
    """The one-word forms of names made of two capitalised words joined by a hyphen: news often write
    GeoNames' "Minami-Soma" as "Minamisoma". (Two capitalised words only: "Port-au-Prince" is not written
    "Portauprince", and a lowercase second word is a particle.)"""
    return [m[1] + m[2].lower() for n in names if (m := _TWO_WORDS.fullmatch(n)) is not None]
