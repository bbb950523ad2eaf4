"""pydantic's report said in the viewer's words (``companion.store.validation_words``): each
kind of error a damaged file, an import or an event can hold, in the three languages."""

from __future__ import annotations

import doctest
from typing import Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from companion.store import validation_words as module
from companion.store.validation_words import validation_words

LANGS = ("fr", "en", "de")


class _Record(BaseModel, extra="forbid"):
    name: str = Field("x", max_length=5)
    seats: int = Field(4, ge=2)
    share: float = 0.5
    done: bool = False
    kind: Literal["hand", "join"] = "hand"
    order: list[str] = Field(default_factory=list, max_length=2)


def _said(data: object) -> dict[str, str]:
    with pytest.raises(ValidationError) as caught:
        _Record.model_validate(data)
    words = validation_words(caught.value)
    return {lang: words.render(lang) for lang in LANGS}


def test_doctests() -> None:
    """Rule: the module has examples in its docstrings, and they all hold."""
    assert doctest.testmod(module).attempted > 0
    assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("data", "english"),
    [
        ({"name": 3}, "name: should be text"),
        ({"name": "Alexandre"}, "name: too long (at most 5)"),
        ({"seats": "four"}, "seats: should be a whole number"),
        ({"seats": 1}, "seats: should be at least 2"),
        ({"share": "half"}, "share: should be a number"),
        ({"done": "maybe"}, "done: should be true or false"),
        ({"kind": "leave"}, "kind: should be one of hand, join"),
        ({"order": "Léa"}, "order: should be a list"),
        ({"order": ["a", "b", "c"]}, "order: too many items (at most 2)"),
        ({"colour": "red"}, "colour: not expected"),
        ("a hand", "(top level): should be an object"),
    ],
)
def test_each_kind_of_error_is_said_in_every_language(data: object, english: str) -> None:
    """Rule: an error is said by its kind, where it is and the limit or values it wants, in
    the viewer's language: never pydantic's English ("Input should be…")."""
    said = _said(data)
    assert said["en"] == english
    assert len(set(said.values())) == 3, said
    for text in said.values():
        assert "Input" not in text and "should be a valid" not in text


def test_a_kind_not_known_names_the_field_that_gives_it() -> None:
    """Rule: a record of a kind the model does not know (a discriminated union, as an event)
    is refused at its ``kind`` field, with the kinds it may be."""
    from typing import Annotated

    from pydantic import TypeAdapter

    class _Join(BaseModel):
        kind: Literal["join"]

    class _Leave(BaseModel):
        kind: Literal["leave"]

    adapter: TypeAdapter[object] = TypeAdapter(
        Annotated[_Join | _Leave, Field(discriminator="kind")]
    )
    with pytest.raises(ValidationError) as caught:
        adapter.validate_python({"kind": "meteor"})
    assert validation_words(caught.value).render("en") == "kind: should be one of join, leave"
    with pytest.raises(ValidationError) as caught:
        adapter.validate_python({})
    assert validation_words(caught.value).render("fr") == "kind : manquant"


def test_an_error_of_an_unknown_kind_is_an_invalid_value() -> None:
    """Rule: a kind the catalogue does not name (a check of our own) is "invalid value", in
    each language, with where it is."""

    class _Checked(BaseModel):
        seats: int

        def model_post_init(self, _: object) -> None:
            if self.seats % 2:
                raise ValueError("odd")

    with pytest.raises(ValidationError) as caught:
        _Checked.model_validate({"seats": 3})
    words = validation_words(caught.value)
    assert words.render("en") == "(top level): invalid value"
    assert words.render("fr") == "(premier niveau) : valeur invalide"
