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
