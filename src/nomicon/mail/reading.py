"""Reading a received message: who sent it, what the receiving server thought of it,
and the lines that carry orders.

The standard library's parser reads the message (``email.policy.default``, which
never raises on malformed MIME but records the defects it met). The orders are in the
first plain-text part; a message with only HTML has its HTML turned into text.
Quoted lines (``> ...``), the line that introduces a quotation (``On ... wrote:``) and
everything after the signature separator (``-- ``) are not orders.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from html.parser import HTMLParser

__all__ = ["MAX_ORDER_LINES", "Incoming", "html_to_text", "order_lines", "read_message"]

#: Lines with orders read from one message; the rest are answered as not read.
MAX_ORDER_LINES = 200
#: Characters of text read from one message (a proposal's text fits many times over).
MAX_TEXT = 1_000_000
#: Authentication methods whose failing verdict refuses a message, and the results that
#: count as failing (RFC 8601: ``fail``; ``permerror`` is a broken record or signature).
CHECKED_METHODS = ("spf", "dkim", "dmarc")
FAILING = frozenset({"fail", "permerror"})

_QUOTE_INTRO = re.compile(r"^on\b.*\bwrote:\s*$", re.IGNORECASE)
_VERDICT = re.compile(r"\b(spf|dkim|dmarc)\s*=\s*([a-z]+)", re.IGNORECASE)


@dataclass
class Incoming:
    """A message as the gateway reads it."""

    sender: str  # the From address, lower case ("" when there is none that reads)
    message_id: str  # "" when the message has none
    subject: str
    recipients: list[str]  # the To, Cc and Delivered-To addresses, lower case
    text: str  # the text the orders are read from
    failed_checks: list[str] = field(default_factory=list)  # e.g. ["dmarc=fail"]
    defects: list[str] = field(default_factory=list)  # the parser's complaints
    automatic: bool = False  # sent by a machine (an auto-reply, a list): never answered
    html_only: bool = False
    skipped_parts: int = 0  # attachments and other parts that are not read

    @property
    def domain(self) -> str:
        return self.sender.rpartition("@")[2]


def read_message(raw: bytes) -> Incoming:
    """Read a message as received (bytes, headers and body)."""
    message = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(message, EmailMessage)  # what policy.default makes
    defects = [type(d).__name__ for d in message.defects]
    text, html_only, skipped = _body(message, defects)
    return Incoming(
        sender=_sender(message),
        message_id=_header(message, "Message-ID").strip(),
        subject=_header(message, "Subject").strip(),
        recipients=_recipients(message),
        text=text[:MAX_TEXT],
        failed_checks=failed_checks(message.get_all("Authentication-Results") or []),
        defects=defects,
        automatic=_is_automatic(message),
        html_only=html_only,
        skipped_parts=skipped,
    )


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except (ValueError, IndexError, TypeError):
        return ""  # a header the parser cannot make sense of reads as absent
    return "" if value is None else str(value)


def _sender(message: EmailMessage) -> str:
    try:
        found = message.get("From")
        addresses: tuple[Address, ...] = getattr(found, "addresses", ()) if found else ()
    except (ValueError, IndexError, TypeError):
        return ""
    # A From with several addresses names no single sender: it acts for no one.
    if len(addresses) != 1 or not addresses[0].addr_spec or "@" not in addresses[0].addr_spec:
        return ""
    return addresses[0].addr_spec.lower()


def _recipients(message: EmailMessage) -> list[str]:
    values: list[str] = []
    for name in ("Delivered-To", "X-Original-To", "To", "Cc"):
        values.extend(str(v) for v in message.get_all(name) or [])
    return [addr.lower() for _, addr in getaddresses(values) if "@" in addr]


def failed_checks(headers: list[str]) -> list[str]:
    """The failing SPF, DKIM and DMARC verdicts in the first ``Authentication-Results``
    header (the one the receiving server added on top), e.g. ``["dmarc=fail"]``."""
    # Read by hand: only three methods' result words are needed, and the libraries
    # that parse the header are unmaintained or verify signatures over DNS as well.
    if not headers:
        return []
    first = str(headers[0])
    return [f"{m.group(1).lower()}={m.group(2).lower()}" for m in _VERDICT.finditer(first)
            if m.group(2).lower() in FAILING]


def _is_automatic(message: EmailMessage) -> bool:
    """RFC 3834: no answer to an automatic reply, a bounce or list mail (mail loops)."""
    auto = _header(message, "Auto-Submitted").strip().lower()
    precedence = _header(message, "Precedence").strip().lower()
    return (auto not in ("", "no") or precedence in ("bulk", "junk", "list")
            or bool(_header(message, "List-Id")))


def _body(message: EmailMessage, defects: list[str]) -> tuple[str, bool, int]:
    """(the text of the orders, whether it came from HTML, parts not read)."""
    plain: EmailMessage | None = None
    html: EmailMessage | None = None
    parts = list(message.walk()) if message.is_multipart() else [message]
    leaves = [p for p in parts if not p.is_multipart()]
    for part in leaves:
        if part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind == "text/plain" and plain is None:
            plain = part
        elif kind == "text/html" and html is None:
            html = part
    chosen = plain or html
    skipped = len(leaves) - (1 if chosen is not None else 0)
    if chosen is None:
        return "", False, skipped
    text = _content(chosen, defects)
    if chosen is html:
        return html_to_text(text), True, skipped
    return text, False, skipped


def _content(part: EmailMessage, defects: list[str]) -> str:
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError) as exc:  # an unknown charset...
        defects.append(f"unreadable text part: {exc}")
        payload = part.get_payload(decode=True)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) else ""
    return content if isinstance(content, str) else ""


def order_lines(text: str) -> list[str]:
    """The lines of ``text`` that may carry orders: not blank, not quoted, not a
    quotation's introduction, and before the signature."""
    found: list[str] = []
    for line in text.splitlines():
        if line.rstrip() == "--":  # the signature separator ("-- ", its space often lost)
            break
        stripped = line.strip()
        if not stripped or stripped.startswith(">") or _QUOTE_INTRO.match(stripped):
            continue
        found.append(stripped)
    return found


class _TextOfHtml(HTMLParser):
    """The text of an HTML mail, a line per paragraph, line break or list item."""

    BREAKS = frozenset({"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6",
                        "pre", "blockquote", "table", "ul", "ol"})
    HIDDEN = frozenset({"script", "style", "head", "title"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chunks: list[str] = []
        self.hidden = 0
        self.quoted = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        if tag == "blockquote":
            self.quoted += 1
        if tag in self.BREAKS:
            self.chunks.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        if tag == "blockquote":
            self.quoted = max(0, self.quoted - 1)
        if tag in self.BREAKS:
            self.chunks.append("\n")

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if self.quoted:  # a quotation in HTML reads as quoted lines
            data = "\n".join("> " + line for line in data.splitlines())
        self.chunks.append(data)


def html_to_text(html: str) -> str:
    """The text of an HTML mail, a line per block."""
    # The standard library's parser rather than a converter to Markdown: an order is
    # read word for word, and Markdown's escapes (``\\_``, ``\\*``) would change it.
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    lines = ("".join(parser.chunks)).splitlines()
    return "\n".join(" ".join(line.split()) for line in lines)
