"""Fictionary's definitions (GCIDE, from Debian's dict-gcide), checked against the
data file read here on its own, and the Brainiac's word drawn with the game's dice."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from nomicon.words import installed
from nomicon.words.gcide import Definitions, DefinitionsMissing

DICTD = Path("/usr/share/dictd")
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def raw_entries(headword: str) -> list[str]:
    """The entries of the data file that the index lists under ``headword``, read
    with nothing but the index's format (word, offset and length in base 64)."""
    text = gzip.decompress((DICTD / "gcide.dict.dz").read_bytes())
    found = []
    for line in (DICTD / "gcide.index").read_text(encoding="utf-8").splitlines():
        word, offset, length = line.split("\t")
        if word.lower() == headword:
            start = sum(B64.index(c) * 64 ** i for i, c in enumerate(reversed(offset)))
            size = sum(B64.index(c) * 64 ** i for i, c in enumerate(reversed(length)))
            found.append(text[start:start + size].decode("utf-8", "replace"))
    return found


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_default_ing_word_has_the_rules_actual_definition() -> None:
    """Rule 1250.10: Default Ing Word: "ing"; Actual Definition: "A pasture or meadow;
    generally one lying low, near a river." """
    senses = installed().define("ing")
    assert [(s.part_of_speech, s.text) for s in senses] == [
        ("n.", "A pasture or meadow; generally one lying low, near a river.")]
    assert "Obs. or Prov. Eng." in senses[0].labels
    assert any("A pasture or meadow; generally one lying low, near a river." in flat(e)
               for e in raw_entries("ing"))


def test_ghost_has_its_numbered_senses_in_the_entrys_order_with_labels_apart() -> None:
    senses = installed().define("Ghost")
    entry = next(e for e in raw_entries("ghost") if e.startswith("Ghost \\Ghost\\ ("))
    assert senses[0].text == "The spirit; the soul of man."
    assert senses[0].labels == ("Obs.",) and senses[0].part_of_speech == "n."
    assert "1. The spirit; the soul of man. [Obs.]" in flat(entry)
    assert senses[1].text.startswith("The disembodied soul;")
    assert "2. The disembodied soul;" in flat(entry)
    # the verbs come after the noun, as their entries do
    assert {"v. i.", "v. t."} <= {s.part_of_speech for s in senses}


def test_a_word_has_only_the_senses_of_entries_under_its_own_name() -> None:
    """The index lists "dog" under "Sundog" too, an entry that only mentions it."""
    assert any(e.startswith("Sundog") for e in raw_entries("dog"))
    senses = installed().define("dog")
    assert senses[0].labels == ("Zool.",)
    assert senses[0].text.startswith("A quadruped of the genus Canis")
    assert not any(s.text.startswith("A luminous spot") for s in senses)


def test_accent_codes_are_letters_and_cross_reference_marks_go() -> None:
    naive = installed().define("naive")[0]
    assert "naïve manners" in naive.text and '["i]' not in naive.text
    dog = installed().define("dog")[0]
    assert "{" not in dog.text and "(Canis familiaris)" in dog.text


def test_a_word_without_an_entry_and_a_non_word_have_no_senses() -> None:
    assert installed().define("spronc") == []
    assert installed().define("jean-pierre") == []


def test_missing_data_files_are_named_with_the_package_that_installs_them(
        tmp_path: Path) -> None:
    with pytest.raises(DefinitionsMissing, match="dict-gcide"):
        Definitions(tmp_path)


class ForcedDice:
    """Dice whose rolls are given in advance, recording what was asked."""

    def __init__(self, *values: int) -> None:
        self.values = list(values)
        self.asked: list[tuple[int, str]] = []

    def roll(self, sides: int, purpose: str) -> int:
        self.asked.append((sides, purpose))
        return self.values.pop(0)


def test_the_brainiacs_word_is_one_roll_over_the_defined_words_in_order() -> None:
    dictionary = installed()
    five = [w for w in dictionary.defined_words() if len(w) == 5]
    dice = ForcedDice(3)
    drawn = dictionary.random_word(dice, lambda w: len(w) == 5, purpose="ing word")
    assert dice.asked == [(len(five), "ing word")]
    assert drawn == five[2]
    assert dictionary.is_word(drawn) and dictionary.define(drawn)
    assert five == sorted(five)


def test_every_drawn_word_can_be_defined() -> None:
    dictionary = installed()
    defined = dictionary.defined_words()
    for value in (1, len(defined) // 3, len(defined) // 2, len(defined)):
        word = dictionary.random_word(ForcedDice(value, 1, 1, 1))
        assert dictionary.define(word)
