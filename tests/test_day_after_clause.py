""""N days after <an event>" dates that event N days before the sentence's own, which stays the story's day ("The
warning came a day after the military told the UN ...", "The crossing opened a day after an air strike ..."); a
bare "a day after" or "a day later" still moves the story on. Written sentences."""
from __future__ import annotations

import datetime as dt

from evacmap.corpus.dates import narrative_dates

DAY = dt.date(2023, 10, 14)


def test_a_day_after_an_event_keeps_the_sentence_on_the_storys_day():
    texts = ["The warning came a day after the military told the UN that people should leave.",
             "The crossing opened a day after an air strike on the camp.",
             "Three days after Israel began its strikes, the roads were full."]
    assert narrative_dates(texts, DAY) == [DAY, DAY, DAY]


def test_a_day_later_or_after_alone_moves_the_story_on():
    assert narrative_dates(["Officials left a day after."], DAY) == [DAY + dt.timedelta(days=1)]
    assert narrative_dates(["A day later, 300 more arrived."], DAY) == [DAY + dt.timedelta(days=1)]
    assert narrative_dates(["Two days before, the convoy had left."], DAY) == [DAY - dt.timedelta(days=2)]
