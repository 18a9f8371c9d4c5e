"""Reading a message: the lines that carry orders, each line as an action in the words
of ``nomicon act``, HTML turned into text, and the receiving server's verdicts."""

from __future__ import annotations

import pytest

from nomicon.kernel.rules import Arg
from nomicon.mail.lines import LineRefused, read_line
from nomicon.mail.reading import failed_checks, html_to_text, order_lines, read_message

VOTE = (Arg("proposal", int), Arg("vote", str))
PROPOSE = (Arg("title", str), Arg("text", str), Arg("amendment", list, required=False))


def test_vote_3_up_reads_as_nomicon_vote_reads_it() -> None:
    line = read_line("vote 3 up", VOTE)
    assert (line.action, line.values) == ("vote", {"proposal": 3, "vote": "up"})
    assert line.texts == {"proposal": "3", "vote": "up"}


def test_propose_with_quoted_text_keeps_the_spaces() -> None:
    line = read_line('propose title="Free parking" text="Landing on it pays $5."', PROPOSE)
    assert line.values == {"title": "Free parking", "text": "Landing on it pays $5."}


def test_key_value_and_bare_words_mix_as_the_action_declares_them() -> None:
    assert read_line("vote vote=down 4", VOTE).values == {"proposal": 4, "vote": "down"}


def test_a_line_with_more_values_than_the_action_takes_is_refused_with_what_it_takes() -> None:
    with pytest.raises(LineRefused, match=r"vote takes 2 arguments \(proposal vote\)"):
        read_line("vote 3 up now", VOTE)


def test_an_unclosed_quotation_is_refused() -> None:
    with pytest.raises(LineRefused, match="cannot split the line"):
        read_line('propose title="Free parking', PROPOSE)


def test_a_value_given_twice_is_refused_as_nomicon_act_refuses_it() -> None:
    with pytest.raises(LineRefused, match="argument 'vote' is given twice"):
        read_line("vote proposal=1 vote=up vote=down", VOTE)


def test_quoted_lines_the_quotation_intro_and_the_signature_are_not_orders() -> None:
    text = ("roll\n\nOn Monday, bob wrote:\n> vote 1 down\n>> roll\nend-turn\n-- \n"
            "Alice\nvote 9 up\n")
    assert order_lines(text) == ["roll", "end-turn"]


def test_html_paragraphs_and_breaks_become_lines_and_scripts_are_dropped() -> None:
    html = ("<html><head><style>p {}</style></head><body><p>roll</p><div>vote 3&nbsp;up"
            "<br>end-turn</div><script>x()</script><blockquote>roll</blockquote></body></html>")
    assert order_lines(html_to_text(html)) == ["roll", "vote 3 up", "end-turn"]


def test_the_first_authentication_results_header_is_the_verdict_read() -> None:
    assert failed_checks(["mx.example.net; spf=pass smtp.mailfrom=example.org; "
                          "dkim=fail header.d=example.org; dmarc=fail header.from=example.org",
                          "other.example; dmarc=pass"]) == ["dkim=fail", "dmarc=fail"]
    assert failed_checks(["mx.example.net; spf=softfail; dkim=none; dmarc=pass"]) == []
    assert failed_checks([]) == []


def test_a_from_with_two_addresses_names_no_sender() -> None:
    raw = (b"From: alice@example.org, bob@example.org\r\nTo: g1@nomicon.localhost\r\n"
           b"Subject: x\r\n\r\nroll\r\n")
    assert read_message(raw).sender == ""


def test_an_auto_reply_is_marked_as_sent_by_a_machine() -> None:
    raw = (b"From: alice@example.org\r\nAuto-Submitted: auto-replied\r\n"
           b"Subject: Away\r\n\r\nI am away.\r\n")
    assert read_message(raw).automatic
