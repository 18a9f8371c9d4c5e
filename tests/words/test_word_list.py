"""The Official Dictionary's word list: what is a word, what is inside some word
(Ghost's two protests, Double Crash's five-letter words), and how typed text is
normalised."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.words import installed, normalise
from nomicon.words.wordlist import WordList


def brute_contains(fragment: str) -> bool:
    """Whether some word of the installed list has ``fragment`` inside it, by reading
    every word: what the index must agree with."""
    return any(fragment in word for word in installed().words.words)


@pytest.mark.parametrize("word", ["ghost", "supersonic", "quixotic", "heart", "spade",
                                  "staff", "chaff", "sword", "wordy", "ing", "meadow"])
def test_words_of_the_rules_and_common_words_are_words(word: str) -> None:
    assert installed().is_word(word)


@pytest.mark.parametrize("text", ["spronc", "uperso", "xq", "qx", "aaron", "jean-pierre",
                                  "'twixt", "ghost town", "abc1", ""])
def test_non_words_proper_nouns_and_words_with_other_characters_are_not_words(
        text: str) -> None:
    assert not installed().is_word(text)


def test_case_surrounding_space_and_accents_do_not_matter() -> None:
    dictionary = installed()
    assert dictionary.is_word("Ghost") and dictionary.is_word("  GHOST ")
    assert dictionary.is_word("café") and dictionary.is_word("naïve")
    assert normalise("Café ") == "cafe"
    assert normalise("jean-pierre") is None and normalise("don't") is None


def test_the_ghost_rules_examples_uperso_is_inside_a_word_and_spronc_is_not() -> None:
    """Rule 1250.9: "uperso" can be found within "supersonic"; "spronc" cannot."""
    dictionary = installed()
    example = dictionary.contains("uperso")
    assert example is not None and "uperso" in example and dictionary.is_word(example)
    assert dictionary.contains("spronc") is None
    assert dictionary.contains("SuPeRso") is not None


@pytest.mark.parametrize("fragment", ["qu", "q", "ing", "uperso", "xq", "qx", "jq", "zz",
                                      "spronc", "aeiou", "tion"])
def test_contains_answers_as_a_scan_of_every_word(fragment: str) -> None:
    example = installed().contains(fragment)
    assert (example is not None) == brute_contains(fragment)
    if example is not None:
        assert fragment in example and installed().is_word(example)


def test_a_fragment_with_a_character_no_word_has_is_inside_no_word() -> None:
    assert installed().contains("e-m") is None
    assert installed().contains("") is None


fragments = st.one_of(
    # pieces of real words, which are mostly inside some word...
    st.builds(lambda i, a, n: installed().words.words[i % len(installed().words)][a:a + n],
              st.integers(0, 10**6), st.integers(0, 6), st.integers(1, 7)).filter(bool),
    # ...and strings of letters, which mostly are not
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=6),
)


@settings(max_examples=60, deadline=None)
@given(fragments)
def test_the_index_agrees_with_a_scan_of_every_word(fragment: str) -> None:
    example = installed().contains(fragment)
    assert (example is not None) == brute_contains(fragment)
    if example is not None:
        assert fragment in example


def test_a_small_list_answers_short_and_long_fragments_with_one_of_its_words() -> None:
    small = WordList(["ghost", "host", "supersonic", "quiz"])
    assert small.contains("o") in ("ghost", "host", "supersonic")
    assert small.contains("qu") == "quiz"
    assert small.contains("personi") == "supersonic"
    assert small.contains("hosts") is None and small.contains("zq") is None
    assert small.is_word("HOST") and not small.is_word("hos")
    assert len(small) == 4
