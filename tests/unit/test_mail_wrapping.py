"""The staff mail's wrapping (mail.flowed) is linear in its input, white space included
(issue 43), judged by ratios of the best of a few runs, never by a wall-clock limit."""

from __future__ import annotations

import time

from motorlab.contact.mail import flowed
from tests.support.descriptions import white, words

SIZE = 4000


def best_time(text: str, runs: int = 7, budget: float = 1.0) -> float:
    """The fastest of `runs` calls, fewer once `budget` seconds are spent."""
    best, spent = float("inf"), 0.0
    for _ in range(runs):
        start = time.perf_counter()
        flowed(text)
        took = time.perf_counter() - start
        best, spent = min(best, took), spent + took
        if spent > budget:
            break
    return best


def test_white_space_costs_no_more_than_words_and_about_four_times_for_four_times_as_much():
    # Linear: about 4x; quadratic: about 16x. 8x leaves room for a busy machine.
    large = best_time(white(4 * SIZE))
    assert large <= 4 * best_time(words(4 * SIZE)), "white space costs more than words"
    assert large <= 8 * best_time(white(SIZE)), "four times the white space: over 8x the time"


def test_the_words_keep_their_wrapping():
    text = words(500) + "\n  indented\n>quoted\nFrom here\n" + "\u3000" * 50 + "\n-- \nend"
    lines = flowed(text).split("\n")
    assert max(len(line) for line in lines[:-1]) <= 72
    assert "".join(lines[:8]) == words(500).rstrip(" ")
    assert lines[8:] == ["   indented", " >quoted", " From here", "", "-- ", "end"]
