"""How common an English word is (wordfreq's Zipf scale), read from wordfreq's own English list.

`zipf` is asked about every capitalised word of every article that might be a place. Importing wordfreq costs
more than the lookups of a whole small build (its tokenizer pulls in ftfy, langcodes and `regex`), and a plain
lowercase word needs none of it: its frequency is the centibel bucket it sits in. So the list is read here from
wordfreq's data file (the "cBpack" format: a gzipped msgpack list, a header, then for each centibel from 0 down
the words of that frequency), and wordfreq itself is imported only for a word its tokenizer would split or
change (a hyphen, a full stop, a digit, a letter outside Latin). A lowercase word of Latin letters with
accents ("báñez") is its own single token too, when Unicode normalisation and case folding leave it as it is.
The values are wordfreq's, to the last bit.
"""
from __future__ import annotations

import functools
import gzip
import importlib.util
import math
import re
import unicodedata
from pathlib import Path

__all__ = ["frequencies", "zipf"]

#: lowercase words joined by apostrophes ("shi’ite", "don't"): wordfreq's English tokenizer keeps one token,
#: with the curly apostrophe made straight
_APOSTROPHED = re.compile(r"[a-z]+(?:['’][a-z]+)+")
#: lowercase letters of Latin-1 and Latin Extended-A ("ñ", "á", "ł", "ş"), which Unicode's word breaks never split
_LATIN = re.compile("[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u017f]+")


def _single_token(word: str) -> bool:
    """Is `word` one token of wordfreq's English tokenizer, left as it is: plain lowercase letters, or
    lowercase Latin letters with accents that NFC normalisation and case folding do not change."""
    if word.isascii():
        return word.isalpha() and word.islower()
    return (_LATIN.fullmatch(word) is not None and unicodedata.is_normalized("NFC", word)
            and word.casefold() == word)


@functools.lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """How common a word is in English (wordfreq's Zipf scale: 7 'of', 6 'most', 3.5 'Aleppo')."""
    plain = _single_token(word)
    if plain or _APOSTROPHED.fullmatch(word):
        # A plain lowercase word is its own single token: read the frequency list directly, rounded as
        # zipf_frequency rounds (3 significant digits, then hundredths), without its tokenizer.
        return _rounded_zipf(frequencies().get(word if plain else word.replace("’", "'"), 0.0))
    if _DIGITS.fullmatch(word):  # "a406", "2016": one token too, looked up as wordfreq looks up numbers
        return _rounded_zipf(_digits_frequency(word))
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


def _rounded_zipf(frequency: float) -> float:
    if frequency <= 1e-9:
        return 0.0
    frequency = round(frequency, math.floor(-math.log(frequency, 10)) + 3)
    return round(math.log(frequency, 10) + 9, 2)


#: one token of lowercase ASCII letters and digits with a digit in it (Unicode's word breaks join letters and
#: digits), and its runs of two digits or more, which wordfreq's list holds as zeros ("a000" for "a406")
_DIGITS = re.compile(r"[a-z0-9]*[0-9][a-z0-9]*")
_DIGIT_RUN = re.compile(r"[0-9]{2,}")
# wordfreq.numbers: Benford's law for a number's first digit, and the frequency of a 4-digit run as a year
_FIRST_DIGIT = (0.009, 0.300, 0.175, 0.124, 0.096, 0.078, 0.066, 0.057, 0.050, 0.045)


def _digits_frequency(word: str) -> float:
    """wordfreq's frequency of a one-token word with digits (wordfreq._word_frequency before its rounding):
    the list's frequency of the word with its runs of digits zeroed, times each run's estimated frequency
    (wordfreq.numbers.digit_freq), combined as wordfreq combines the tokens of a word (1 / (1 / f))."""
    smashed = _DIGIT_RUN.sub(lambda m: "0" * len(m.group()), word)
    frequency = frequencies().get(smashed)
    if frequency is None:
        return 0.0
    if smashed != word:
        runs = 1.0
        for run in _DIGIT_RUN.findall(word):
            runs *= _year(run) if len(run) == 4 else _benford(run)
        frequency *= runs
    return 1.0 / (0.0 + 1.0 / frequency)


def _benford(run: str) -> float:
    return _FIRST_DIGIT[int(run[0])] / 10 ** (len(run) - 1)


def _year(run: str) -> float:
    year = int(run)
    if year <= 2019:
        log_frequency = -1.9185 - 0.0083 * (2019 - year)
    elif year <= 2019 + 20:
        log_frequency = -1.9185
    else:
        log_frequency = -1.9185 - 0.2 * (year - (2019 + 20))
    return 10.0 ** log_frequency + 0.1 * _benford(run)


def _english_list() -> Path | None:
    """wordfreq's 'best' English list (the large one), found without importing wordfreq."""
    spec = importlib.util.find_spec("wordfreq")
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(folder) / "data" / "large_en.msgpack.gz"
        if path.is_file():
            return path
    return None


@functools.lru_cache(maxsize=1)
def frequencies() -> dict[str, float]:
    """word -> frequency, as `wordfreq.get_frequency_dict("en", "best")` gives it (the same floats: the word at
    index i of the list has frequency 10 ** (-i / 100)); from wordfreq itself when its file is not where
    this version of wordfreq keeps it or not in the format read here."""
    path = _english_list()
    if path is not None:
        import msgpack

        with gzip.open(path, "rb") as handle:
            data = msgpack.load(handle, raw=False)
        header = data[0] if isinstance(data, list) and data else None
        if isinstance(header, dict) and header.get("format") == "cB" and header.get("version") == 1:
            freqs: dict[str, float] = {}
            for index, bucket in enumerate(data[1:]):
                freqs.update(dict.fromkeys(bucket, 10 ** (-index / 100)))
            return freqs
    from wordfreq import get_frequency_dict

    return get_frequency_dict("en", "best")
