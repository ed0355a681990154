"""The command line's own words in the user's language: argparse's usage prefix, section
titles and refusals ("the following arguments are required", "invalid choice"…).

argparse writes them in English (its gettext domain has no French); the parser of the
command line (scorekeeper/cli/parser.py) hands each refusal to `refusal_text`, which
recognises argparse's English message, takes its values out and says it from the catalog.
A message argparse has and this table lacks stays in English, whole.
"""

from __future__ import annotations

import ast
import re

from scorekeeper.i18n import N_, quoted, tr, tr_n

# argparse's section titles (Python 3.10 and later say "options"), with the colon argparse
# puts after them, so that each language writes its own (`heading`).
HEADINGS: dict[str, str] = {
    "positional arguments": N_("positional arguments:"),
    "options": N_("options:"),
}


def heading(title: str, lang: str) -> str:
    """argparse's section `title` in `lang`, without the colon argparse adds."""
    return tr(lang, HEADINGS[title]).removesuffix(":") if title in HEADINGS else title

# The message of the argument that names the subcommand (its metavar, set by the parser).
COMMAND_CHOICE = N_("unknown command {value} (the commands: {choices})")
COMMAND_GUESS = N_("unknown command {value}; did you mean {guess}? (the commands: {choices})")
# Words other programs use for what a command of Vicaire does; else the nearest spelling.
SYNONYMS = {"list": "history", "ls": "history", "log": "history", "rm": "delete",
            "remove": "delete", "start": "new", "create": "new", "help": "--help",
            "version": "--version"}


def nearest_command(typed: str, commands: list[str]) -> str | None:
    """The command `typed` most likely meant (`list` -> history, `shwo` -> show), or None."""
    import difflib

    word = typed.strip().lower()
    if word in SYNONYMS:
        return SYNONYMS[word]
    found = difflib.get_close_matches(word, commands, n=1, cutoff=0.5)
    return found[0] if found else None

# argparse's English refusals, as patterns, and the catalog's message for each. The values
# argparse quotes with repr() are taken out of their quotes: each language quotes its way
# (`scorekeeper.i18n.quoted`: “x”, « x »).
_REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.DOTALL), message) for pattern, message in (
        (r"the following arguments are required: (?P<names>.+)",
         N_("the following arguments are required: {names}")),
        (r"unrecognized arguments: (?P<values>.+)", N_("unrecognized arguments: {values}")),
        (r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)",
         N_("invalid choice: {value} (choose from {choices})")),
        (r"invalid int value: (?P<value>.+)", N_("{value} is not a whole number")),
        (r"invalid \w+ value: (?P<value>.+)", N_("invalid value: {value}")),
        (r"expected one argument", N_("expected one argument")),
        (r"expected at most one argument", N_("expected at most one argument")),
        (r"expected at least one argument", N_("expected at least one argument")),
        (r"not allowed with argument (?P<other>.+)", N_("not allowed with argument {other}")),
        (r"one of the arguments (?P<names>.+) is required",
         N_("one of the arguments {names} is required")),
        (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)",
         N_("ambiguous option: {option} could match {matches}")),
        (r"ignored explicit argument (?P<value>.+)", N_("ignored explicit argument {value}")),
    ))
_EXPECTED = re.compile(r"expected (?P<count>\d+) arguments?")
_ARGUMENT = re.compile(r"argument (?P<name>.+?): (?P<message>.+)", re.DOTALL)


def _unquote(text: str) -> str:
    """'frob' -> frob: a value argparse wrote with repr()."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
        return value if isinstance(value, str) else text
    return text


def _choices(text: str, lang: str) -> str:
    """'json', 'csv' -> json, csv; a choice that is only punctuation is quoted: ',' -> « , »."""
    words = (_unquote(part) for part in text.split(", "))
    return ", ".join(word if any(ch.isalnum() for ch in word) else _quoted(lang, word)
                     for word in words)


def _quoted(lang: str, value: str) -> str:
    return quoted(lang, value)


def refusal_text(message: str, lang: str, command: str | None = None) -> str:
    """argparse's refusal `message` said in `lang`; `command` is the metavar of the
    subcommand argument (an unknown command is said as such)."""
    argument = _ARGUMENT.fullmatch(message)
    if argument is not None:
        name, inner = argument["name"], argument["message"]
        choice = _REFUSALS[2][0].fullmatch(inner)
        if command is not None and name == command and choice is not None:
            typed, choices = _unquote(choice["value"]), _choices(choice["choices"], lang)
            guess = nearest_command(typed, choices.split(", "))
            if guess is not None:
                return tr(lang, COMMAND_GUESS, value=_quoted(lang, typed), guess=guess,
                          choices=choices)
            return tr(lang, COMMAND_CHOICE, value=_quoted(lang, typed), choices=choices)
        return tr(lang, "argument {name}: {message}", name=name,
                  message=refusal_text(inner, lang))
    expected = _EXPECTED.fullmatch(message)
    if expected is not None:
        count = int(expected["count"])
        return tr_n(lang, "expected {count} argument", "expected {count} arguments", count)
    for pattern, said in _REFUSALS:
        found = pattern.fullmatch(message)
        if found is None:
            continue
        values = found.groupdict()
        if "value" in values:
            values["value"] = _quoted(lang, _unquote(values["value"]))
        if "choices" in values:
            values["choices"] = _choices(values["choices"], lang)
        return tr(lang, said, **values)
    return message


def is_missing(message: str) -> bool:
    """True when argparse's `message` says that positional arguments are missing."""
    return _REFUSALS[0][0].fullmatch(message) is not None

