"""argparse's own usage errors ("invalid choice", "the following arguments are required", "unrecognized
arguments", ...) in the language of `kaleun config` (or of `--language` on the command line).

argparse looks its messages up through `gettext` (`argparse._`, `argparse.ngettext`); `install()` puts a
lookup in their place that finds the errors in Kaleun's catalogues. argparse's templates are %-format
(`%(value)r`, `%s`); the catalogues hold them as `{field}` templates like every other message, so each is
mapped here to its own template and its fields back to argparse's conversions. Any other text of argparse
(the help's "usage:", "options") stays as it is, in English like the help it belongs to.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from kaleun.core.messages import N_, Msg

#: argparse's template -> (ours, each field of ours -> argparse's conversion)
_TEMPLATES: dict[str, tuple[str, dict[str, str]]] = {
    "%(prog)s: error: %(message)s\n": (N_("{prog}: error: {message}"), {"prog": "%(prog)s",
                                                                        "message": "%(message)s"}),
    "argument %(argument_name)s: %(message)s": (N_("argument {argument}: {message}"),
                                                {"argument": "%(argument_name)s", "message": "%(message)s"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        N_("invalid choice: {value} (choose from {choices})"), {"value": "%(value)r", "choices": "%(choices)s"}),
    "invalid %(type)s value: %(value)r": (N_("invalid {type} value: {value}"),
                                          {"type": "%(type)s", "value": "%(value)r"}),
    "the following arguments are required: %s": (N_("the following arguments are required: {arguments}"),
                                                  {"arguments": "%s"}),
    "one of the arguments %s is required": (N_("one of the arguments {arguments} is required"),
                                            {"arguments": "%s"}),
    "unrecognized arguments: %s": (N_("unrecognized arguments: {arguments}"), {"arguments": "%s"}),
    "not allowed with argument %s": (N_("not allowed with argument {argument}"), {"argument": "%s"}),
    "ignored explicit argument %r": (N_("ignored explicit argument {value}"), {"value": "%r"}),
    "expected one argument": (N_("expected one argument"), {}),
    "expected at most one argument": (N_("expected at most one argument"), {}),
    "expected at least one argument": (N_("expected at least one argument"), {}),
    "ambiguous option: %(option)s could match %(matches)s": (
        N_("ambiguous option: {option} could match {matches}"), {"option": "%(option)s", "matches": "%(matches)s"}),
    "unexpected option string: %s": (N_("unexpected option string: {option}"), {"option": "%s"}),
}
#: argparse's one plural error ("expected 2 arguments", for nargs=2)
_EXPECTED = Msg.plural("expected {n} argument", "expected {n} arguments", n=0)


def _language(argv: Sequence[str]) -> str:
    """The language of the command line's `--language CODE`, else of `kaleun config`, else English."""
    from kaleun.i18n import code_of
    from kaleun.settings import preferred_language

    for i, word in enumerate(argv):
        if word == "--":
            break
        code = word.partition("=")[2] if word.startswith("--language=") else \
            argv[i + 1] if word == "--language" and i + 1 < len(argv) else None
        if code is not None and code_of(code) is not None:
            return str(code_of(code))
    return preferred_language()


def _as_argparse(text: str, fields: dict[str, str]) -> str:
    """A translated `{field}` template as the %-format template argparse fills in."""
    text = text.replace("%", "%%")
    for name, conversion in fields.items():
        text = text.replace("{" + name + "}", conversion)
    return text


def install(argv: Sequence[str]) -> None:
    """Have argparse say its usage errors in the table's language (read only when an error is said)."""
    from kaleun.i18n import language

    def gettext(message: str) -> str:
        if message not in _TEMPLATES:
            return message
        ours, fields = _TEMPLATES[message]
        try:
            said = language(_language(argv)).text(ours)
        except Exception:  # a usage error is said whatever happens: in English then
            return message
        return _as_argparse(said, fields) + ("\n" if message.endswith("\n") else "")

    def ngettext(singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        if singular != "expected %s argument" or _EXPECTED.plural_form is None:
            return english
        try:
            said = language(_language(argv)).plural(*_EXPECTED.plural_form, n)
        except Exception:  # as above
            return english
        return _as_argparse(said, {"n": "%s"})

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
