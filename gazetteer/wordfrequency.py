"""How common an English word is (wordfreq's Zipf scale), read from wordfreq's own English list.

`zipf` is asked about every capitalised word of every article that might be a place. Importing wordfreq costs
more than the lookups of a whole small build (its tokenizer pulls in ftfy, langcodes and `regex`), and a plain
lowercase word needs none of it: its frequency is the centibel bucket it sits in. So the list is read here from
wordfreq's data file (the "cBpack" format: a gzipped msgpack list, a header, then for each centibel from 0 down
the words of that frequency), and wordfreq itself is imported only for a word its tokenizer would split or
change (a hyphen, a full stop, a letter outside ASCII). The values are wordfreq's, to the last bit.
"""
from __future__ import annotations

import functools
import gzip
import importlib.util
import math
import re
from pathlib import Path

__all__ = ["frequencies", "zipf"]

#: lowercase words joined by apostrophes ("shi’ite", "don't"): wordfreq's English tokenizer keeps one token,
#: with the curly apostrophe made straight
_APOSTROPHED = re.compile(r"[a-z]+(?:['’][a-z]+)+")


@functools.lru_cache(maxsize=65536)
def zipf(word: str) -> float:
    """How common a word is in English (wordfreq's Zipf scale: 7 'of', 6 'most', 3.5 'Aleppo')."""
    plain = word.isascii() and word.isalpha() and word.islower()
    if plain or _APOSTROPHED.fullmatch(word):
        # A plain lowercase word is its own single token: read the frequency list directly, rounded as
        # zipf_frequency rounds (3 significant digits, then hundredths), without its tokenizer.
        frequency = frequencies().get(word if plain else word.replace("’", "'"), 0.0)
        if frequency <= 1e-9:
            return 0.0
        frequency = round(frequency, math.floor(-math.log(frequency, 10)) + 3)
        return round(math.log(frequency, 10) + 9, 2)
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


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
