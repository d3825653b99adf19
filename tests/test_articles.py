"""Reading a corpus: HTML to text with offsets back into the source, metadata the text states, near-duplicate
articles, and clear errors."""
from __future__ import annotations

from pathlib import Path

import pytest

from evacmap.corpus.articles import find_duplicates, load_corpus, sample_path
from evacmap.corpus.config import CorpusError
from evacmap.corpus.htmltext import html_to_text
from evacmap.corpus.metadata import detect_dateline, detect_outlet, detect_title
from evacmap.corpus.sentences import split_sentences

HTML = ("<html><head><title>Buses &amp; ambulances leave Aleppo</title>"
        "<meta property='og:site_name' content='Example News'><style>p {color: red}</style></head>"
        "<body><h1>Buses &amp; ambulances</h1><p>About 300 people left\n   eastern Aleppo.</p>"
        "<script>var hidden = 'Damascus';</script><p>Caf&eacute; owners in Idlib&#8217;s centre waited.</p></body></html>")


def test_html_text_keeps_an_offset_into_the_source_for_every_character():
    extracted = html_to_text(HTML)
    assert "Damascus" not in extracted.text and "color" not in extracted.text
    assert "About 300 people left eastern Aleppo." in extracted.text  # whitespace folded
    assert "Café owners in Idlib’s centre" in extracted.text  # entities decoded
    assert len(extracted.offsets) == len(extracted.text)
    for ch, off in zip(extracted.text, extracted.offsets, strict=False):
        if ch.isalnum() and ch.isascii():
            assert HTML[off] == ch
    start = extracted.text.index("eastern Aleppo")
    assert HTML[extracted.offsets[start]:].startswith("eastern Aleppo")
    assert extracted.title == "Buses & ambulances leave Aleppo"
    assert extracted.meta["og:site_name"] == "Example News"


def test_outlet_dateline_and_headline_detected_from_the_text():
    texts = {a.id[:3]: a.text for a in load_corpus(sample_path()).articles}
    assert detect_outlet(texts["003"]) == "CNN"  # "(CNN)" dateline, "told CNN"
    assert detect_outlet(texts["004"]) == "Al Jazeera"  # "told Al Jazeera"
    assert detect_outlet(texts["000"]) is None  # "told the Reuters news agency" is a source, not the outlet
    assert detect_dateline(texts["002"]) == "BEIRUT"
    assert detect_title(texts["001"]).startswith("President Assad claims")
    assert detect_title(texts["000"]) is None  # a first sentence is not a headline


def test_config_wins_and_detected_fields_are_marked(tmp_path):
    (tmp_path / "articles").mkdir()
    (tmp_path / "articles" / "a.txt").write_text("(CNN) Buses left Aleppo on Thursday.\n")
    (tmp_path / "articles" / "b.txt").write_text("(CNN) Buses left Aleppo on Thursday.\n")
    (tmp_path / "evacmap.toml").write_text('[articles.b]\noutlet = "CNN International"\npublished = "2016-12-15"\n')
    corpus = load_corpus(tmp_path)
    a, b = corpus.articles
    assert (a.outlet, "outlet" in a.detected) == ("CNN", True)
    assert (b.outlet, "outlet" in b.detected, str(b.published)) == ("CNN International", False, "2016-12-15")


def test_near_duplicate_articles_are_recognised(tmp_path):
    (tmp_path / "articles").mkdir()
    wire = (sample_path() / "articles" / "002_42f7b2695aa7c251.txt").read_text()
    (tmp_path / "articles" / "globe.txt").write_text(wire)
    (tmp_path / "articles" / "nyt.txt").write_text(wire.replace("BEIRUT —", "BEIRUT, Lebanon —") + "\nAdditional reporting.\n")
    (tmp_path / "articles" / "cnn.txt").write_text((sample_path() / "articles" / "003_4bc8ad44158da2af.txt").read_text())
    corpus = load_corpus(tmp_path)
    assert [(d.first, d.second) for d in corpus.duplicates] == [("globe", "nyt")]
    assert corpus.duplicates[0].similarity > 0.9
    assert find_duplicates(list(load_corpus(sample_path()).articles)) == []  # the five reports are distinct


@pytest.mark.parametrize("text", ['He said U.N. envoy Dr. Smith left at 2 a.m. on Thursday. "Yes," he said. Next.',
                                  "The U.S. envoy met Mr. Lavrov. Talks ended at 5 p.m. local time."])
def test_sentences_survive_abbreviations_and_keep_offsets(text):
    sentences = split_sentences(text)
    assert all(text[s.start:s.end] == s.text for s in sentences)
    assert not any(s.text.endswith(("U.N.", "Dr.", "Mr.", "U.S.")) for s in sentences)
    assert len(sentences) in (2, 3)


def test_not_utf8_names_file_and_line(tmp_path):
    (tmp_path / "a.txt").write_bytes(b"Line one\nAleppo caf\xe9\n")
    with pytest.raises(CorpusError, match=r"a\.txt:2: not UTF-8"):
        load_corpus(tmp_path)


def test_markdown_article_is_read(tmp_path):
    (tmp_path / "story.md").write_text("# Convoy reaches Idlib\n\nAbout 20 buses reached Idlib on Thursday.\n")
    corpus = load_corpus(Path(tmp_path))
    assert corpus.articles[0].title == "Convoy reaches Idlib"
