"""The Official Dictionary's costs: building the word index, its memory, "is this
inside some word" through the index against scans of the whole list, and looking up
definitions.

    python benchmarks/words_bench.py [--fragments 300] [--words 300] [--seed 1]

Prints seconds and ratios measured in this run only: the index's query time over
the whole list against (a) a Python scan of every word (``any(f in w ...)``) and (b)
one ``str.find`` over all the words joined (a scan in C), on the same fragments:
half are pieces of real words (most are inside some word), half random strings of
letters (most are not), as Ghost's protests would be.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from nomicon.words.gcide import Definitions
from nomicon.words.wordlist import WordList, official_words


def timed(work: Callable[[], object]) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def per_call(work: Callable[[str], object], inputs: list[str]) -> tuple[float, float]:
    """Median and longest seconds of one call over ``inputs`` (each called once)."""
    times = []
    for value in inputs:
        began = time.perf_counter()
        work(value)
        times.append(time.perf_counter() - began)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fragments", type=int, default=300)
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    chance = random.Random(options.seed)  # the benchmark's own sample, not a game's dice

    load = timed(lambda: official_words())
    words = official_words()
    listed = WordList(words)
    build = timed(lambda: (listed.postings, listed.short))

    # Memory in a second build, apart: tracing slows the build it measures.
    traced = WordList(words)
    gc.collect()
    tracemalloc.start()
    traced.postings, traced.short  # noqa: B018 (built on first reading)
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del traced

    joined = "\n" + "\n".join(listed.words) + "\n"
    pieces = []
    while len(pieces) < options.fragments // 2:
        word = chance.choice(listed.words)
        start, length = chance.randrange(len(word)), chance.randint(2, 6)
        if word[start:start + length]:
            pieces.append(word[start:start + length])
    letters = ["".join(chance.choice("abcdefghijklmnopqrstuvwxyz")
                       for _ in range(chance.randint(2, 6)))
               for _ in range(options.fragments - len(pieces))]
    fragments = pieces + letters

    indexed = per_call(listed.contains, fragments)
    python_scan = per_call(lambda f: any(f in w for w in listed.words), fragments)
    c_scan = per_call(lambda f: joined.find(f) >= 0, fragments)
    found = sum(listed.contains(f) is not None for f in fragments)
    is_word = per_call(listed.is_word, fragments)

    definitions: list[Definitions] = []
    open_definitions = timed(lambda: definitions.append(Definitions()))
    read_definitions = timed(lambda: (definitions[0].text, definitions[0].places))
    defined = [w for w in definitions[0].headwords() if listed.is_word(w)]
    sample = chance.sample(defined, min(options.words, len(defined)))
    define = per_call(definitions[0].define, sample)
    senses = sum(len(definitions[0].define(w)) for w in sample)

    print(f"word list: {len(listed)} words; read from the package in {load:.3f} s")
    print(f"index: built in {build:.3f} s; {size / 2**20:.1f} MiB (tracemalloc), "
          f"{len(listed.postings)} trigrams, "
          f"{sum(len(ids) for ids in listed.postings.values())} postings")
    print(f"contains, median of {len(fragments)} fragments ({found} inside some word), "
          f"each over the whole list:")
    print("                  median       longest   index faster (median, longest)")
    for name, (median, longest) in (("index", indexed), ("Python scan", python_scan),
                                    ("str.find scan", c_scan)):
        print(f"  {name:14} {median * 1e6:9.1f} us {longest * 1e6:9.1f} us   "
              f"{median / indexed[0]:9,.1f}x {longest / indexed[1]:9,.1f}x")
    print(f"is_word: {is_word[0] * 1e6:.1f} us (median), {is_word[1] * 1e6:.1f} us longest")
    print(f"definitions: opened (files hashed, version read) in {open_definitions:.3f} s, "
          f"read (decompressed, index parsed) in {read_definitions:.3f} s")
    print(f"define: {define[0] * 1e6:.1f} us median, "
          f"{define[1] * 1e6:.1f} us longest ({len(sample)} defined words, {senses} senses)")


if __name__ == "__main__":
    main()
