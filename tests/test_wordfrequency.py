"""The English word frequencies read straight from wordfreq's file are wordfreq's own, value for value."""
from __future__ import annotations

import pytest

from evacmap.gazetteer.wordfrequency import frequencies, zipf


def test_the_list_read_without_wordfreq_is_wordfreqs_dict():
    from wordfreq import get_frequency_dict

    assert frequencies() == get_frequency_dict("en", "best")


@pytest.mark.parametrize("word", ["of", "most", "aleppo", "christmas", "hunter", "reading", "kafriya", "zzzqx",
                                  "shi’ite", "shi'ite", "don’t", "o’clock", "aleppo’s", "x’y’z", "al-bab", "u.s.",
                                  "homs", "münchen", "washington", "the"])
def test_zipf_is_wordfreqs_zipf_frequency(word):
    from wordfreq import zipf_frequency

    assert zipf(word) == zipf_frequency(word, "en")


def _accented_words() -> list[str]:
    """Lowercase words with letters outside ASCII: every one of wordfreq's English list, and those of the
    project's articles (names such as "báñez" that the list may not hold)."""
    import re

    from tests.helpers import CORPUS_ARTICLES

    words = {w for w in frequencies() if not w.isascii()}
    for path in CORPUS_ARTICLES:
        words.update(w.lower() for w in re.findall(r"[^\W\d_]+", path.read_text(encoding="utf-8")) if not w.isascii())
    words.update(["báñez", "fátima", "straße", "ſeen", "łódź", "şanlıurfa", "ǆemal", "cafe\u0301"])
    return sorted(words)


def test_zipf_of_accented_words_read_from_the_list_is_wordfreqs():
    # zipf reads a lowercase word of accented Latin letters straight from the list (no wordfreq import) only
    # when wordfreq's tokenizer would keep it as one unchanged token; every other word goes to wordfreq
    from wordfreq import zipf_frequency

    from evacmap.gazetteer.wordfrequency import _single_token

    words = _accented_words()
    assert sum(map(_single_token, words)) > 1000  # the fast path is taken for most of them
    wrong = [w for w in words if zipf(w) != zipf_frequency(w, "en")]
    assert not wrong, wrong[:20]


def _words_with_digits() -> list[str]:
    """Lowercase words with digits: those of the project's articles, the years, numbers and the forms news
    writes ("1990s", "19th", "g20", "a406")."""
    import re

    from tests.helpers import CORPUS_ARTICLES

    words = {w.lower() for path in CORPUS_ARTICLES
             for w in re.findall(r"[^\W_]*\d[^\W_]*", path.read_text(encoding="utf-8"))}
    words.update(str(n) for n in range(0, 3000))
    words.update(f"{n}{suffix}" for n in range(0, 2100, 7) for suffix in ("s", "th", "st", "nd", "rd", "km", "m"))
    words.update(f"{letter}{n}" for letter in "abcgmnuvxz" for n in (1, 4, 7, 20, 66, 406, 1000, 2016, 90210))
    words.update(["4x4", "covid19", "mp3", "h1n1", "0", "00", "007", "2o16", "a4b"])
    return sorted(words)


def test_zipf_of_words_with_digits_read_from_the_list_is_wordfreqs():
    # a word of lowercase letters and digits is one token, looked up with its digit runs zeroed and priced as
    # wordfreq prices numbers; zipf computes that itself (no wordfreq import), value for value
    from wordfreq import zipf_frequency

    words = _words_with_digits()
    assert len(words) > 3000
    wrong = [w for w in words if zipf(w) != zipf_frequency(w, "en")]
    assert not wrong, wrong[:20]


def test_accented_and_numbered_words_do_not_import_wordfreq():
    # importing wordfreq (its tokenizer pulls in ftfy, langcodes and regex) cost a third of the time of finding
    # the places of 118 short articles, for one name such as "Báñez" or a road number such as "A406"
    import subprocess
    import sys

    code = ("import sys; from evacmap.gazetteer.wordfrequency import zipf; "
            "[zipf(w) for w in ('báñez', 'fátima', 'łódź', 'a406', '1990s', 'covid19', 'aleppo')]; "
            "print('wordfreq' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
