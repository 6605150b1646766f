"""Discord's documented limits of what a bot sends, checked on every request.

SimCord accepts much that Discord refuses (400, code 50035 "Invalid Form
Body"); these checks hold the bot to the documented numbers instead:
https://discord.com/developers/docs/resources/message (content, embeds,
attachments), .../interactions/message-components (action rows, buttons,
selects), .../interactions/application-commands (names, descriptions,
options, choices, the 8,000 characters of one command).

Lengths count as Discord counts them: UTF-16 code units, so a character
outside the Basic Multilingual Plane (most emoji) counts 2.

``problems(method, path, body, files)`` names every limit a request breaks;
``tests/bot/conftest.py`` runs it on every request of every SimCord test.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000  # over all embeds of one message
TITLE, DESCRIPTION, FIELDS, FIELD_NAME, FIELD_VALUE, FOOTER, AUTHOR = 256, 4096, 25, 256, 1024, 2048, 256
ROWS, BUTTONS_PER_ROW, CUSTOM_ID, LABEL = 5, 5, 100, 80
OPTIONS, OPTION_TEXT, PLACEHOLDER = 25, 100, 150
ATTACHMENTS, UPLOAD = 10, 10 * 1024 * 1024  # Discord's default upload limit: 10 MiB
ATTACHMENT_DESCRIPTION = 1024  # an attachment's description (alt text)
AUTOCOMPLETE = 25
NAME_MIN, NAME_MAX, DESC_MAX, CMD_OPTIONS, CHOICES, CHOICE_NAME, COMMAND_TOTAL = 1, 32, 100, 25, 25, 100, 8000

# Message bodies by route: a message, its edit, a followup, an interaction response.
_MESSAGE_ROUTES = (
    ("POST", re.compile(r"/channels/\d+/messages$")),
    ("PATCH", re.compile(r"/channels/\d+/messages/\d+$")),
    ("POST", re.compile(r"/webhooks/\d+/[^/]+$")),
    ("PATCH", re.compile(r"/webhooks/\d+/[^/]+/messages/(@original|\d+)$")),
)
_CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")
_COMMANDS = re.compile(r"/applications/\d+(/guilds/\d+)?/commands$")
_MESSAGE_CALLBACKS = (4, 7)  # CHANNEL_MESSAGE_WITH_SOURCE, UPDATE_MESSAGE
_AUTOCOMPLETE_CALLBACK = 8


def units(text: str | None) -> int:
    """A length as Discord counts it: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2 if text else 0


def problems(method: str, path: str, body: Any, files: Iterable[Any] = ()) -> list[str]:
    """Every documented limit this request breaks (empty: Discord accepts it)."""
    body = body if isinstance(body, (dict, list)) else {}
    if _CALLBACK.search(path) and isinstance(body, dict):
        kind, data = body.get("type"), body.get("data") or {}
        if kind in _MESSAGE_CALLBACKS:
            return message_problems(data, files)
        if kind == _AUTOCOMPLETE_CALLBACK and len(data.get("choices") or []) > AUTOCOMPLETE:
            return [f"autocomplete: {len(data['choices'])} choices > {AUTOCOMPLETE}"]
        return []
    if method == "PUT" and _COMMANDS.search(path) and isinstance(body, list):
        return [p for command in body for p in command_problems(command)]
    if any(method == m and r.search(path) for m, r in _MESSAGE_ROUTES) and isinstance(body, dict):
        return message_problems(body, files)
    return []


# ---- messages -------------------------------------------------------------------------


def message_problems(data: dict[str, Any], files: Iterable[Any] = ()) -> list[str]:
    out = []
    if units(data.get("content")) > CONTENT:
        out.append(f"content: {units(data.get('content'))} > {CONTENT}")
    embeds = data.get("embeds") or []
    if len(embeds) > EMBEDS:
        out.append(f"embeds: {len(embeds)} > {EMBEDS}")
    total = 0
    for i, e in enumerate(embeds):
        found, size = embed_problems(e)
        out += [f"embed {i}: {p}" for p in found]
        total += size
    if total > EMBED_TOTAL:
        out.append(f"embeds: {total} characters in all > {EMBED_TOTAL}")
    out += components_problems(data.get("components") or [])
    out += files_problems(list(files))
    return out


def embed_problems(e: dict[str, Any]) -> tuple[list[str], int]:
    """The limits one embed breaks, and its size in Discord's count (for the total)."""
    out = []
    footer, author = e.get("footer") or {}, e.get("author") or {}
    parts = [("title", e.get("title"), TITLE), ("description", e.get("description"), DESCRIPTION),
             ("footer", footer.get("text"), FOOTER), ("author", author.get("name"), AUTHOR)]
    size = 0
    for name, text, limit in parts:
        size += units(text)
        if units(text) > limit:
            out.append(f"{name}: {units(text)} > {limit}")
    fields = e.get("fields") or []
    if len(fields) > FIELDS:
        out.append(f"fields: {len(fields)} > {FIELDS}")
    for j, f in enumerate(fields):
        name, value = f.get("name"), f.get("value")
        size += units(name) + units(value)
        if not name or not value:
            out.append(f"field {j}: a name and a value are required")
        if units(name) > FIELD_NAME:
            out.append(f"field {j} name: {units(name)} > {FIELD_NAME}")
        if units(value) > FIELD_VALUE:
            out.append(f"field {j} value: {units(value)} > {FIELD_VALUE}")
    return out, size


def components_problems(rows: list[dict[str, Any]]) -> list[str]:
    out = []
    if len(rows) > ROWS:
        out.append(f"components: {len(rows)} action rows > {ROWS}")
    for r, row in enumerate(rows):
        items = row.get("components") or []
        selects = [c for c in items if c.get("type", 2) != 2]
        if len(items) > BUTTONS_PER_ROW or (selects and len(items) > 1):
            out.append(f"row {r}: {len(items)} components (at most {BUTTONS_PER_ROW} buttons or one select)")
        for c in items:
            out += [f"row {r}: {p}" for p in _component_problems(c)]
    return out


def _component_problems(c: dict[str, Any]) -> list[str]:
    out = []
    if units(c.get("custom_id")) > CUSTOM_ID:
        out.append(f"custom_id {c['custom_id']!r}: {units(c['custom_id'])} > {CUSTOM_ID}")
    if units(c.get("label")) > LABEL:
        out.append(f"label {c['label']!r}: {units(c['label'])} > {LABEL}")
    if units(c.get("placeholder")) > PLACEHOLDER:
        out.append(f"placeholder: {units(c['placeholder'])} > {PLACEHOLDER}")
    options = c.get("options") or []
    if len(options) > OPTIONS:
        out.append(f"select: {len(options)} options > {OPTIONS}")
    for o in options:
        for key in ("label", "value", "description"):
            if units(o.get(key)) > OPTION_TEXT:
                out.append(f"select option {key}: {units(o.get(key))} > {OPTION_TEXT}")
    for key in ("min_values", "max_values"):
        if key in c and not 0 <= int(c[key]) <= OPTIONS:
            out.append(f"select {key}: {c[key]} not within 0..{OPTIONS}")
    return out


def files_problems(files: list[Any]) -> list[str]:
    out = []
    if len(files) > ATTACHMENTS:
        out.append(f"attachments: {len(files)} > {ATTACHMENTS}")
    for f in files:
        size = _file_size(f)
        if size > UPLOAD:
            out.append(f"attachment {getattr(f, 'filename', '?')}: {size} bytes > {UPLOAD}")
        if units(getattr(f, "description", None)) > ATTACHMENT_DESCRIPTION:
            out.append(f"attachment {getattr(f, 'filename', '?')}: description > {ATTACHMENT_DESCRIPTION}")
    return out


def _file_size(f: Any) -> int:
    fp = getattr(f, "fp", None)
    if fp is None or not hasattr(fp, "seek"):
        return 0
    at = fp.tell()
    fp.seek(0, 2)
    size = fp.tell()
    fp.seek(at)
    return size


# ---- application commands ------------------------------------------------------------


def valid_name(name: str) -> bool:
    """Discord's regex for chat-input names, ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    lowercase where the letter has a lowercase form."""
    if not NAME_MIN <= len(name) <= NAME_MAX or name != name.lower():
        return False
    return all(ch in "-_" or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) in ("Mn", "Mc")
               for ch in name)


def command_problems(command: dict[str, Any]) -> list[str]:
    """The limits one top-level command (with its subcommands) breaks, in every locale."""
    where = command.get("name", "?")
    out = _entry_problems(command, where)
    out += _children_problems(command, where)
    for locale in _locales(command) | {None}:
        total = _total(command, locale)
        if total > COMMAND_TOTAL:
            out.append(f"/{where} ({locale or 'default'}): {total} characters > {COMMAND_TOTAL}")
    return out


def _entry_problems(entry: dict[str, Any], where: str) -> list[str]:
    out = []
    names = {None: entry.get("name", "")} | dict(entry.get("name_localizations") or {})
    for locale, name in names.items():
        if not valid_name(name):
            out.append(f"{where}: name {name!r} ({locale or 'default'}) is no valid command name")
    descs = {None: entry.get("description", "")} | dict(entry.get("description_localizations") or {})
    for locale, desc in descs.items():
        if not 1 <= units(desc) <= DESC_MAX:
            out.append(f"{where}: description ({locale or 'default'}) of {units(desc)} not within 1..{DESC_MAX}")
    choices = entry.get("choices") or []
    if len(choices) > CHOICES:
        out.append(f"{where}: {len(choices)} choices > {CHOICES}")
    for c in choices:
        for locale, name in ({None: c.get("name", "")} | dict(c.get("name_localizations") or {})).items():
            if not 1 <= units(name) <= CHOICE_NAME:
                out.append(f"{where}: choice name {name!r} ({locale or 'default'}) not within 1..{CHOICE_NAME}")
        if isinstance(c.get("value"), str) and units(c["value"]) > CHOICE_NAME:
            out.append(f"{where}: choice value {c['value']!r} > {CHOICE_NAME}")
    return out


def _children_problems(entry: dict[str, Any], where: str) -> list[str]:
    options = entry.get("options") or []
    out = [f"{where}: {len(options)} options > {CMD_OPTIONS}"] if len(options) > CMD_OPTIONS else []
    for locale in _locales(entry) | {None}:
        names = [_localised(o, "name", locale) for o in options]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            out.append(f"{where}: names {twice} ({locale or 'default'}) not unique among siblings")
    for o in options:
        child = f"{where} {o.get('name', '?')}"
        out += _entry_problems(o, child) + _children_problems(o, child)
    return out


def _localised(entry: dict[str, Any], key: str, locale: str | None) -> str:
    if locale is not None:
        value = (entry.get(f"{key}_localizations") or {}).get(locale)
        if value:
            return str(value)
    return str(entry.get(key, ""))


def _locales(entry: dict[str, Any]) -> set[str]:
    found = set(entry.get("name_localizations") or {}) | set(entry.get("description_localizations") or {})
    for c in entry.get("choices") or []:
        found |= set(c.get("name_localizations") or {})
    for o in entry.get("options") or []:
        found |= _locales(o)
    return found


def _total(entry: dict[str, Any], locale: str | None) -> int:
    """Discord's size of a command: its names, descriptions and choices (names and
    values), with its options', in one locale."""
    size = units(_localised(entry, "name", locale)) + units(_localised(entry, "description", locale))
    for c in entry.get("choices") or []:
        size += units(_localised(c, "name", locale)) + units(str(c.get("value", "")))
    return size + sum(_total(o, locale) for o in entry.get("options") or [])
