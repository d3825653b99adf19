"""HTML article → plain text, keeping for every character of the text its offset in the HTML source."""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from html.parser import HTMLParser

_BLOCK = {"p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article", "blockquote",
          "header", "footer", "figcaption", "ul", "ol", "table"}
_SKIP = {"script", "style", "noscript", "template", "svg", "head", "nav", "aside", "form", "button"}


@dataclass
class HtmlText:
    text: str
    offsets: list[int]  # offsets[i] = position in the HTML of text[i]
    title: str = ""
    meta: dict[str, str] = field(default_factory=dict)  # og:site_name, og:url, article:published_time...


class _Extractor(HTMLParser):
    def __init__(self, source: str):
        super().__init__(convert_charrefs=False)
        self.source = source
        self.line_starts = [0]
        for i, ch in enumerate(source):
            if ch == "\n":
                self.line_starts.append(i + 1)
        self.chars: list[str] = []
        self.offsets: list[int] = []
        self.skip = 0
        self.in_title = False
        self.title: list[str] = []
        self.meta: dict[str, str] = {}

    def parse_marked_section(self, i: int, report: bool = True) -> int:
        """`<![foo[ x ]]>` with a keyword the standard library does not know raises AssertionError there; a
        browser reads any `<![` outside SVG/MathML as a bogus comment ending at the next `>`, and so do we."""
        try:
            return super().parse_marked_section(i, report)
        except AssertionError:
            end = self.rawdata.find(">", i + 3)
            return -1 if end < 0 else end + 1

    def _pos(self) -> int:
        line, col = self.getpos()
        return self.line_starts[line - 1] + col

    def _newline(self):
        if self.chars and self.chars[-1] != "\n":
            self.chars.append("\n")
            self.offsets.append(self._pos())

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in _SKIP:
            self.skip += 1
        if tag == "title":
            self.in_title = True
        if tag == "meta":
            key = attrs.get("property") or attrs.get("name")
            if key and attrs.get("content"):
                self.meta.setdefault(key.lower(), attrs["content"])
        if tag == "link" and (attrs.get("rel") or "").lower() == "canonical" and attrs.get("href"):
            self.meta.setdefault("canonical", attrs["href"])
        if tag in _BLOCK:
            self._newline()

    def handle_endtag(self, tag):
        if tag in _SKIP and self.skip:
            self.skip -= 1
        if tag == "title":
            self.in_title = False
        if tag in _BLOCK:
            self._newline()

    def _text(self, data: str, start: int, literal: bool):
        if self.in_title:
            self.title.append(data)
            return
        if self.skip:
            return
        if literal:  # an entity: one character standing for several in the source
            self.chars.append(data)
            self.offsets.append(start)
            return
        for k, ch in enumerate(data):
            space = ch in " \t\r\n"
            if space and self.chars and self.chars[-1] in " \n":
                continue
            self.chars.append(" " if space else ch)
            self.offsets.append(start + k)

    def handle_data(self, data):
        self._text(data, self._pos(), literal=False)

    def handle_entityref(self, name):
        self._text(html.unescape(f"&{name};"), self._pos(), literal=True)

    def handle_charref(self, name):
        self._text(html.unescape(f"&#{name};"), self._pos(), literal=True)


def html_to_text(source: str) -> HtmlText:
    parser = _Extractor(source)
    parser.feed(source)
    parser.close()
    # trim spaces at line edges while keeping the offset map aligned
    text = "".join(parser.chars)
    keep = [not (ch == " " and (i == 0 or text[i - 1] == "\n" or i + 1 == len(text) or text[i + 1] == "\n"))
            for i, ch in enumerate(text)]
    chars = [ch for ch, k in zip(text, keep, strict=False) if k]
    offs = [o for o, k in zip(parser.offsets, keep, strict=False) if k]
    while chars and chars[-1] in " \n":
        chars.pop(), offs.pop()
    lead = 0  # leading blanks: counted then sliced once (pop(0) in a loop was quadratic on a blank page)
    while lead < len(chars) and chars[lead] in " \n":
        lead += 1
    chars, offs = chars[lead:], offs[lead:]
    title = " ".join("".join(parser.title).split())
    return HtmlText("".join(chars), offs, html.unescape(title), parser.meta)
