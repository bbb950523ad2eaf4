"""One home for the option machinery of the rule set (D, P, B) and the table rules (S).

An option set is a frozen pydantic model whose fields are options: each carries its catalogue
ID and seeds (``option``), the model checks the combinations (``clashes``), ``build`` turns
pydantic's report into an error naming each bad option (its words from the catalogue domain
``options``), and
``parse_setting`` reads one ``--set NAME=VALUE`` from the field's type. ``RuleSet`` and
``TableRules`` (in ``companion.table``) are the two option sets.
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from companion.rules.errors import RuleSetError
from companion.words import Message, Renders, t

TRUE_WORDS = frozenset({"true", "yes", "oui", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "non", "off", "0"})
NONE_WORDS = frozenset({"", "none", "aucun", "aucune"})
# ASCII digits only: "²".isdigit() is True but int("²") fails.
_NUMBER = re.compile(r"-?[0-9]{1,6}")


def option(default: Any, oid: str, seeds: str) -> Any:
    """A field that is an option: its catalogue ID and the seeds it comes from. Its meaning
    is the message ``option.<name>.explain`` (domain ``options``), read by ``option_info``."""
    return Field(default, description=f"{oid} ({seeds})", json_schema_extra={"id": oid})


@dataclass(frozen=True)
class Clashes:
    """Several reasons said in one sentence, each in the viewer's language."""

    reasons: tuple[Renders, ...]

    def render(self, lang: str) -> str:
        return "; ".join(reason.render(lang) for reason in self.reasons)


def needs(what: str, need: str, other: str | None = None) -> Message:
    """« what demande need » (or « need ou other »): a clash, naming the options."""
    if other is None:
        return Message.of("option.clash.needs", what=what, need=need)
    return Message.of("option.clash.needs_either", what=what, one=need, other=other)


def clashes_with(what: str, other: str) -> Message:
    """« what incompatible avec other »."""
    return Message.of("option.clash.with", what=what, other=other)


def _literal_values(annotation: Any) -> list[Any]:
    """The values a field's Literal allows, wherever it sits (in a frozenset, a tuple…)."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    return [v for arg in get_args(annotation) for v in _literal_values(arg)]


def _spelled(value: Any) -> str:
    """A value as ``--set`` spells it."""
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )


def option_name(text: str) -> str:
    """The field name a user wrote (``coup-detat`` and `` coup_detat`` are ``coup_detat``)."""
    return text.strip().replace("-", "_")


def _choices(annotation: Any) -> tuple[Any, ...]:
    """The values a Literal (or an optional Literal) field accepts, else ()."""
    if get_origin(annotation) is Literal:
        return get_args(annotation)
    if get_origin(annotation) in (Union, types.UnionType):
        return tuple(v for arg in get_args(annotation) for v in _choices(arg))
    return ()


def _allows_none(annotation: Any) -> bool:
    if annotation is None or annotation is type(None):
        return True
    if get_origin(annotation) in (Union, types.UnionType, Literal):
        return any(a is None or a is type(None) for a in get_args(annotation))
    return False


class OptionSet(BaseModel):
    """Base of an option set. Frozen: change options with ``with_options``."""

    # The validator of a model of 80 fields takes pydantic about 40 ms to build: built on the
    # first validation, not at import, so a command that only reads the presets (``companion
    # judge`` without ``--set``) never pays for it. ``ready`` builds it ahead (the server).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    error_type: ClassVar[type[RuleSetError]] = RuleSetError
    invalid: ClassVar[str] = "option.invalid"  # the error's message: « Règles invalides : … »

    def clashes(self) -> Iterator[Message]:
        """Each combination of values that does not hold together, naming the options that
        clash."""
        return iter(())

    @model_validator(mode="after")
    def _check_combination(self) -> Self:
        found = list(self.clashes())
        if found:
            raise ValueError(Clashes(tuple(found)).render("en"))
        return self

    @classmethod
    def build(cls, values: dict[str, Any]) -> Self:
        """Validate option values, raising ``error_type`` that names each bad option."""
        try:
            return cls.model_validate(values)
        except ValidationError as exc:
            errors = exc.errors()
        reasons: Renders
        if all(not err["loc"] for err in errors):
            # Every value is valid, only the combination is not: say it in the viewer's words.
            reasons = Clashes(tuple(cls.model_construct(**values).clashes()))
        else:
            # pydantic's report of a bad value, said in the viewer's words (its own are English).
            parts = [cls._bad_value(err) for err in errors if err["loc"]]
            reasons = Clashes(tuple(dict.fromkeys(parts)))
        raise cls.error_type(Message.of(cls.invalid, reasons=reasons)) from None

    @classmethod
    def _bad_value(cls, err: Any) -> Message:
        """One bad value of pydantic's report as a message: the values the option takes, or
        the kind of value it wants."""
        name = str(err["loc"][0])
        kind = str(err["type"])
        field = cls.model_fields.get(name)
        if kind == "literal_error" and field is not None:
            values = ", ".join(_spelled(v) for v in _literal_values(field.annotation))
            return Message.of("option.bad_value.choices", option=name, values=values)
        if kind.startswith("int_"):
            return Message.of("option.bad_value.number", option=name)
        if kind.startswith("bool_"):
            return Message.of("option.bad_value.bool", option=name)
        return Message.of("option.bad_value.other", option=name)

    @classmethod
    def ready(cls) -> None:
        """Build the validator now rather than at the first validation."""
        cls.model_rebuild()

    @classmethod
    def trusted(cls, values: dict[str, Any]) -> Self:
        """An option set from values that need no validation: the presets, written in the
        code (a test validates each of them). Unknown names are still refused."""
        unknown = set(values) - set(cls.model_fields)
        if unknown:
            raise TypeError(f"{cls.__name__} has no option {', '.join(sorted(unknown))}")
        # pydantic types model_construct's result as the base class, not Self.
        return cls.model_construct(**values)  # type: ignore[return-value]

    def option_values(self) -> dict[str, Any]:
        """Option name -> value, as held (no serialisation)."""
        return dict(self)

    def with_options(self, **changes: Any) -> Self:
        """A copy with some options changed, validated (raises ``error_type``)."""
        return self.build({**self.model_dump(), **changes})

    @classmethod
    def option_info(cls, lang: str = "en") -> dict[str, str]:
        """Option name -> its catalogue description, "<ID> (<seeds>): <meaning>", the meaning
        in ``lang`` from the catalogue (English by default: the docs' and the tools')."""
        return {
            name: f"{f.description}: {t(lang, f'option.{name}.explain')}"
            for name, f in cls.model_fields.items()
        }

    @classmethod
    def option_id(cls, name: str) -> str:
        """The catalogue ID of an option (``B9``), or "" for a name that is no option."""
        field = cls.model_fields.get(name)
        extra = field.json_schema_extra if field is not None else None
        return str(extra.get("id", "")) if isinstance(extra, dict) else ""

    @classmethod
    def has_option(cls, name: str) -> bool:
        return option_name(name) in cls.model_fields

    @classmethod
    def bad_value(cls, name: str, value: str, reason: str) -> RuleSetError:
        """« NAME=VALUE : <reason> », the reason a key of ``option.reason.*``."""
        words = Message.of("option.bad_value", name=name, value=value, reason=Message.of(reason))
        return cls.error_type(words, option=name)

    @classmethod
    def parse_item(cls, item: str) -> str:
        """One element of a set-valued option as the field stores it (hook)."""
        return item

    @classmethod
    def parse_setting(cls, name: str, raw: str) -> dict[str, Any]:
        """Field values for one ``--set NAME=VALUE`` (usually one field), read from the field's
        type; pydantic then checks the value. Raises ``error_type`` for an unknown option."""
        name = option_name(name)
        value = raw.strip()
        low = value.lower()
        field = cls.model_fields.get(name)
        if field is None:
            raise cls.bad_value(name, value, "option.reason.unknown")
        annotation = field.annotation
        if annotation is bool:
            if low in TRUE_WORDS:
                return {name: True}
            if low in FALSE_WORDS:
                return {name: False}
            raise cls.bad_value(name, value, "option.reason.bool")
        if get_origin(annotation) is frozenset:
            items = [] if low in NONE_WORDS | {"off"} else value.split(",")
            return {name: frozenset(cls.parse_item(i.strip()) for i in items if i.strip())}
        choices = _choices(annotation)
        if value in choices:  # e.g. deck=32 is the string "32"
            return {name: value}
        if low in NONE_WORDS and _allows_none(annotation):
            return {name: None}
        if _NUMBER.fullmatch(value):
            return {name: int(value)}
        return {name: value}


def split_setting(item: str) -> tuple[str, str]:
    """``"NAME=VALUE"`` (one ``--set``) into its two halves; RuleSetError without ``=``."""
    name, sep, value = item.partition("=")
    if not sep:
        raise RuleSetError(Message.of("rules.setting.no_equals", item=item), option=item)
    return name, value
