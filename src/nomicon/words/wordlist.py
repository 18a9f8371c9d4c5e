"""The Official Dictionary's word list: "is this a word" and "does any word contain
this", with the rules for what counts as the same word.

The list comes from the ``english-words`` package (MIT, kept up on PyPI), which
ships two lists as data: ``web2`` (Webster's Second International, 1934, the
Unix ``/usr/share/dict/web2``: 236,000 entries, public domain) and ``gcide`` (the
headwords of the GNU Collaborative International Dictionary of English, the same
dictionary Fictionary's definitions come from). The Official Dictionary is:

- every entry of ``web2`` written in lower case (``web2`` writes proper nouns, and
  only them, with a capital: "Aaron" is left out), and
- every headword of ``gcide``, lower-cased (``gcide`` capitalises most of its
  headwords, so its capitals tell nothing), so that every word Fictionary can
  define is a word,

keeping only entries made of the letters a to z: Ghost plays strings of letters and
Double Crash five-letter words, so an entry with a hyphen, an apostrophe, a space, a
digit or an untranslated character code ("'twixt", "jean-pierre") is no word of it.

Normalisation of what a player types (:func:`normalise`): surrounding white space is
dropped, accents are taken off ("café" is "cafe"), case does not matter ("Ghost" is
"ghost"); anything else left that is not a letter a to z (a hyphen, an apostrophe,
a digit, a space inside) makes the text no word and found inside no word.
"""

from __future__ import annotations

import hashlib
import unicodedata
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from functools import cache, cached_property
from importlib.metadata import version

from english_words import get_english_words_set

PACKAGE = "english-words"
SOURCES = ("web2", "gcide")
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LETTERS = frozenset(ALPHABET)

# Fragments shorter than this have no n-gram of the index's length: their answers
# are kept whole (every letter and pair of letters found in some word, with one).
GRAM = 3


def normalise(text: str) -> str | None:
    """``text`` as the list writes words (lower case, no accents), or None when it
    has a character that no word has (hyphen, apostrophe, digit, inner space...)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text.strip())
                   if not unicodedata.combining(c)).casefold()
    if not bare or not LETTERS.issuperset(bare):
        return None
    return bare


def official_words(sources: Iterable[str] = SOURCES) -> list[str]:
    """The Official Dictionary's words, sorted, from the installed package."""
    words: set[str] = set()
    for source in sources:
        for entry in get_english_words_set([source]):
            if source == "web2" and entry != entry.lower():
                continue  # web2's capitals mark proper nouns
            bare = entry.lower()
            if bare and LETTERS.issuperset(bare):
                words.add(bare)
    return sorted(words)


class WordList:
    """A sorted list of words, with an index of its letter trigrams for
    :meth:`contains`.

    The index maps each trigram to the ids (positions in the sorted list) of the
    words that contain it, as an unsigned-int array: a fragment of three letters or
    more can only be inside a word that holds all its trigrams, so the words of its
    rarest trigram are the only ones to look at. Shorter fragments are answered from
    a table of every one- and two-letter string found in some word.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self.words: tuple[str, ...] = tuple(sorted(set(words)))
        self.sha256 = hashlib.sha256("\n".join(self.words).encode()).hexdigest()

    @cached_property
    def postings(self) -> dict[str, array[int]]:
        """The ids of the words that contain each trigram, built at the first
        :meth:`contains` (a game that only asks "is this a word" never needs it)."""
        postings: dict[str, list[int]] = {}
        for index, word in enumerate(self.words):
            for gram in {word[i:i + GRAM] for i in range(len(word) - GRAM + 1)}:
                postings.setdefault(gram, []).append(index)
        # An array of 4-byte ints is a quarter of a list of Python ints in memory.
        return {gram: array("I", ids) for gram, ids in postings.items()}

    @cached_property
    def short(self) -> dict[str, str]:
        """The first word (alphabetically) that holds each one- or two-letter string
        some word holds."""
        # Each of the 702 strings found by one scan in C of the words joined: five
        # times faster than taking every word apart in Python.
        joined = "\n" + "\n".join(self.words) + "\n"
        short: dict[str, str] = {}
        for piece in [*ALPHABET, *(a + b for a in ALPHABET for b in ALPHABET)]:
            at = joined.find(piece)
            if at >= 0:
                short[piece] = joined[joined.rfind("\n", 0, at) + 1:joined.find("\n", at)]
        return short

    def __len__(self) -> int:
        return len(self.words)

    def is_word(self, text: str) -> bool:
        """Whether ``text`` (normalised) is a word of the list."""
        bare = normalise(text)
        if bare is None:
            return False
        at = bisect_left(self.words, bare)
        return at < len(self.words) and self.words[at] == bare

    def contains(self, fragment: str) -> str | None:
        """A word of the list that has ``fragment`` (normalised) inside it (the first
        in alphabetical order that does), or None when no word does."""
        bare = normalise(fragment)
        if bare is None:
            return None
        if len(bare) < GRAM:
            return self.short.get(bare)
        grams = {bare[i:i + GRAM] for i in range(len(bare) - GRAM + 1)}
        lists = [self.postings.get(gram) for gram in grams]
        if any(ids is None for ids in lists):
            return None
        rarest = min((ids for ids in lists if ids is not None), key=len)
        return next((self.words[i] for i in rarest if bare in self.words[i]), None)


@cache
def installed_list() -> WordList:
    """The Official Dictionary's word list from the installed package, built once
    per process."""
    return WordList(official_words())


def package_version() -> str:
    """The installed version of the word list's package."""
    return version(PACKAGE)
