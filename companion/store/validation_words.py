"""pydantic's report of a record that does not fit its model, in the viewer's words.

pydantic writes its messages in English ("Field required", "Input should be a valid
integer"); a damaged file, a bad import or a bad event is told to people in French or
German too. Each error is read by its type (``missing``, ``int_parsing``…) into a message
of the catalogue (domain ``store``), with where it is and the limit or the values it wants.

>>> from pydantic import BaseModel, ValidationError
>>> class Seat(BaseModel):
...     name: str
...     place: int
>>> try:
...     Seat.model_validate({"place": "first"})
... except ValidationError as exc:
...     words = validation_words(exc)
>>> words.render("en")
'name: missing; place: should be a whole number'
>>> words.render("fr")
'name : manquant ; place : doit être un nombre entier'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from companion.words import Message, Renders, t, tn

# pydantic's error types, by the message that says them (``store.validation.<kind>``).
_KINDS: Mapping[str, str] = {
    "missing": "missing",
    "extra_forbidden": "unknown",
    "string_type": "text",
    "string_unicode": "text",
    "int_type": "number",
    "int_parsing": "number",
    "int_from_float": "number",
    "float_type": "decimal",
    "float_parsing": "decimal",
    "finite_number": "decimal",
    "bool_type": "bool",
    "bool_parsing": "bool",
    "list_type": "list",
    "tuple_type": "list",
    "set_type": "list",
    "frozen_set_type": "list",
    "iterable_type": "list",
    "dict_type": "object",
    "model_type": "object",
    "model_attributes_type": "object",
    "dataclass_type": "object",
    "literal_error": "choices",
    "enum": "choices",
    "union_tag_invalid": "choices",
    "union_tag_not_found": "missing",
    "string_too_short": "text_short",
    "string_too_long": "text_long",
    "too_short": "few",
    "too_long": "many",
    "greater_than_equal": "at_least",
    "greater_than": "above",
    "less_than_equal": "at_most",
    "less_than": "below",
    "date_type": "date",
    "date_parsing": "date",
    "date_from_datetime_parsing": "date",
    "datetime_type": "date",
    "datetime_parsing": "date",
    "datetime_from_date_parsing": "date",
}
# The context field that holds each kind's limit or values.
_LIMITS = {
    "text_short": "min_length",
    "text_long": "max_length",
    "few": "min_length",
    "many": "max_length",
    "at_least": "ge",
    "above": "gt",
    "at_most": "le",
    "below": "lt",
}
_QUOTED = re.compile(r"'([^']*)'")


@dataclass(frozen=True)
class ValidationWords:
    """The first validation errors on one line, then how many more, in the viewer's
    language."""

    parts: tuple[Renders, ...]
    more: int

    def render(self, lang: str) -> str:
        more = (tn(lang, "store.validation.more", self.more),) if self.more > 0 else ()
        return t(lang, "store.validation.separator").join(
            (*(p.render(lang) for p in self.parts), *more)
        )


def validation_words(exc: ValidationError, limit: int = 3) -> ValidationWords:
    """The first ``limit`` errors of ``exc`` (where, and what was wrong), and the count of
    the others."""
    parts = tuple(error_words(err) for err in exc.errors()[:limit])
    return ValidationWords(parts, exc.error_count() - limit)


def short_errors(exc: ValidationError, limit: int = 3) -> str:
    """The first validation errors on one line, in English (logs)."""
    return validation_words(exc, limit).render("en")


def error_words(err: Mapping[str, Any]) -> Message:
    """One error of pydantic's report as a message: where, and what the value should be."""
    ctx = err.get("ctx") or {}
    path = [str(x) for x in err.get("loc", ())]
    if str(err.get("type")).startswith("union_tag_") and ctx.get("discriminator"):
        path.append(str(ctx["discriminator"]).strip("'"))  # the field that names the kind
    where: object = ".".join(path) or Message.of("store.validation.root")
    kind = _KINDS.get(str(err.get("type")), "invalid")
    if kind == "choices":
        expected = str(ctx.get("expected") or ctx.get("expected_tags") or "")
        values = _QUOTED.findall(expected) or [v for v in re.split(r", | or ", expected) if v]
        return Message.of("store.validation.choices", where=where, values=", ".join(values))
    if kind in _LIMITS:
        return Message.of(f"store.validation.{kind}", where=where, limit=ctx.get(_LIMITS[kind]))
    return Message.of(f"store.validation.{kind}", where=where)
