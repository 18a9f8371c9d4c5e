"""Definitions from the GNU Collaborative International Dictionary of English
(GCIDE), as Debian's ``dict-gcide`` package installs it for the dictd server: an
index (``gcide.index``: headword, offset and length in base 64) and the entries,
compressed with dictzip (``gcide.dict.dz``).

Why GCIDE: Fictionary's own default "Actual Definition" of "ing" ("A pasture or
meadow; generally one lying low, near a river.") is GCIDE's (Webster's 1913) entry,
word for word, and its old, odd definitions are what the game wants; WordNet has no
"ing". Its licence is the GPL: Nomicon (MIT) does not ship it but reads the data
file the system's package installs, as a dictd server does, and shows a player the
entries it looks up.

dictzip is gzip with an index of its blocks, so the standard library's gzip reads it
whole; the uncompressed text (40 MB) is read once per process, which costs less than
a reader that seeks block by block would save (a fifth of a second), and needs no
other package.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

DICTD = Path("/usr/share/dictd")
SOURCE = "GCIDE"
DEBIAN_PACKAGE = "dict-gcide"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

# The header's part of speech: after a headword's spelling (between backslashes) and
# an optional pronunciation in brackets, one to three abbreviations ("n.", "v. t.").
PART_OF_SPEECH = re.compile(r"\\,?\s*(?:\([^)]*\),?\s*)?([a-z]+\.(?: [a-z]+\.){0,2})")
SPELLING = re.compile(r"([^\\,]+?)\s*\\[^\\]*\\")
SENSE_NUMBER = re.compile(r"^ {3}(\d+)\. ", re.MULTILINE)
# A line that is only a bracket naming where the text came from ("[1913 Webster]",
# "[WordNet 1.5 +PJC]"); a usage label alone on its line ("[Obs.]") stays.
SOURCE_LINE = re.compile(
    r"^\s*\[[^\]\n]*(?:Webster|WordNet|PJC|Century|RDH|\bAS\b)[^\]\n]*\]\s*$",
    re.MULTILINE)
LEADING_FIELD = re.compile(r"^\(([^)]*)\)\s*")
LABEL = re.compile(r"\s*\[([^\]\"'`=^~]{3,})\]")
# GCIDE writes accented letters as codes: ["i] diaeresis, ['e] acute, [`e] grave,
# [=e] macron, [^e] circumflex, [~n] tilde; [ae] and [oe] are ligatures.
ACCENT = re.compile(r"\[([\"'`=^~])([A-Za-z])\]")
MARKS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "=": "\u0304", "^": "\u0302",
         "~": "\u0303"}
LIGATURES = {"[ae]": "æ", "[AE]": "Æ", "[oe]": "œ", "[OE]": "Œ"}


@dataclass(frozen=True)
class Sense:
    """One sense of a word: its part of speech as the dictionary abbreviates it
    ("n.", "v. t.", "" when the entry gives none), the definition's words, and the
    labels set apart from them (a field such as "Zool.", a usage such as "Obs.")."""

    part_of_speech: str
    text: str
    labels: tuple[str, ...] = ()


class DefinitionsMissing(FileNotFoundError):
    """The dictionary's data files are not installed."""


def _number(text: str) -> int:
    value = 0
    for char in text:
        value = value * 64 + B64.index(char)
    return value


def _plain(text: str) -> str:
    for code, letter in LIGATURES.items():
        text = text.replace(code, letter)
    text = ACCENT.sub(lambda m: unicodedata.normalize("NFC", m[2] + MARKS[m[1]]), text)
    # Braces mark cross-references ({Canis}); the words stay, the marks go.
    return " ".join(text.replace("{", "").replace("}", "").split())


def _spellings(first_line: str) -> set[str]:
    found = {m[1].strip().lower() for m in SPELLING.finditer(first_line)}
    return found or {first_line.strip().lower()}


def _sense(part_of_speech: str, chunk: str) -> Sense | None:
    paragraph = SOURCE_LINE.sub("", chunk).strip().split("\n\n", 1)[0]
    labels: list[str] = []
    field = LEADING_FIELD.match(paragraph)
    while field:
        labels.append(field[1])
        paragraph = paragraph[field.end():]
        field = LEADING_FIELD.match(paragraph)
    labels += LABEL.findall(paragraph)
    labels = [_plain(label) for label in labels]
    text = _plain(LABEL.sub("", paragraph))
    return Sense(part_of_speech, text, tuple(labels)) if text else None


def parse_entry(entry: str) -> list[Sense]:
    """The senses of one GCIDE entry: its numbered senses, or its one definition."""
    found = PART_OF_SPEECH.search(entry)
    part_of_speech = " ".join(found[1].split()) if found else ""
    body = entry[found.end():] if found else entry.split("\n", 1)[-1]
    body = body.lstrip(" ,;")
    if body.startswith("["):  # the etymology, brackets nested inside
        depth = 0
        for at, char in enumerate(body):
            depth += {"[": 1, "]": -1}.get(char, 0)
            if depth == 0:
                body = body[at + 1:]
                break
    starts = [m.start() for m in SENSE_NUMBER.finditer(body)]
    chunks = ([body[a:b] for a, b in zip(starts, [*starts[1:], len(body)], strict=True)]
              if starts else [body])
    senses = [_sense(part_of_speech, SENSE_NUMBER.sub("", chunk, count=1))
              for chunk in chunks]
    return [sense for sense in senses if sense is not None]


class Definitions:
    """GCIDE's entries, looked up by headword (case does not matter).

    Opening it reads only what its identity needs (a hash of the two files, and the
    version from the first entry); the index and the entries are read at the first
    look-up, so that a game that only asks "is this a word" never pays for them.
    """

    def __init__(self, directory: Path = DICTD) -> None:
        self.index, self.data = directory / "gcide.index", directory / "gcide.dict.dz"
        if not self.index.exists() or not self.data.exists():
            raise DefinitionsMissing(
                f"the definitions ({SOURCE}) are not installed: {self.index} and "
                f"{self.data} are read from the Debian package {DEBIAN_PACKAGE}, which "
                f"the project's scripts install")
        digest = hashlib.sha256()
        for path in (self.index, self.data):
            digest.update(path.read_bytes())
        self.sha256 = digest.hexdigest()
        self.version = self._version()

    def _version(self) -> str:
        # The database's own notice, the first entry in the file: a gzip reader
        # decompresses only as far as it reads.
        for line in self.index.read_text(encoding="utf-8").splitlines():
            word, offset, length = line.split("\t")
            if word == "00-database-info":
                with gzip.open(self.data) as data:
                    data.seek(_number(offset))
                    notice = data.read(_number(length)).decode("utf-8", "replace")
                found = re.search(r"Version ([\d.]+)", notice)
                return found[1] if found else "unknown"
        return "unknown"

    @cached_property
    def text(self) -> bytes:
        """The entries, uncompressed."""
        return gzip.decompress(self.data.read_bytes())

    @cached_property
    def places(self) -> dict[str, list[tuple[int, int]]]:
        """Where each headword's entries are in :attr:`text` (offset, length)."""
        places: dict[str, list[tuple[int, int]]] = {}
        for line in self.index.read_text(encoding="utf-8").splitlines():
            word, offset, length = line.split("\t")
            place = (_number(offset), _number(length))
            found = places.setdefault(word.lower(), [])
            if place not in found:
                found.append(place)
        return places

    def entry_texts(self, word: str) -> list[str]:
        """The raw entries the index lists under ``word``."""
        return [self.text[offset:offset + length].decode("utf-8", "replace")
                for offset, length in self.places.get(word.lower(), [])]

    def define(self, word: str) -> list[Sense]:
        """The senses of ``word``, from the entries whose headword it is (the index
        also lists a word under entries that only mention it: "dog" under
        "Sundog"), in the dictionary's order."""
        key = word.strip().lower()
        senses: list[Sense] = []
        for entry in self.entry_texts(key):
            if key in _spellings(entry.split("\n", 1)[0]) or "\\" not in entry:
                senses += parse_entry(entry)
        return senses

    def headwords(self) -> list[str]:
        """Every headword of the index, lower-cased, sorted."""
        return sorted(self.places)


@cache
def installed_definitions() -> Definitions:
    """The installed GCIDE, read once per process."""
    return Definitions()
