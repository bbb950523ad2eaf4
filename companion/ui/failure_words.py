"""What a screen says when the data it reads could not be read: a damaged file in the words
of the table (what happened, that nothing was lost, what to do), not the store's message
with its paths and the JSON parser's column (the command line keeps those)."""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError
from companion.table import CorruptFileError
from companion.ui.when import day_words, time_words
from companion.words import t


def failure_words(lang: str, key: str, err: CompanionError) -> str:
    """``key`` (« Lecture impossible : {reason} ») around what went wrong, in ``lang``.

    >>> from companion.words import Message
    >>> err = CorruptFileError("/d/evenings/e1.json", Message.of("store.reason.empty"))
    >>> failure_words("en", "evening.failed", err)  # doctest: +NORMALIZE_WHITESPACE
    "Could not read: This evening's file is damaged: it is kept as it is, nothing was
    written over it. There is no good backup of it: import an export of your data if you
    have one (Settings › Data)."
    """
    if not isinstance(err, CorruptFileError):
        return t(lang, key, reason=err.message(lang))
    path = Path(err.path or "")
    what = (
        t(lang, "damage.evening")
        if path.parent.name == "evenings"
        else t(lang, "damage.file", name=path.name)
    )
    words = [t(lang, "damage.kept", what=what)]
    if err.backup is None:
        words.append(t(lang, "damage.no_backup"))
    elif err.backup_date is not None:
        local = err.backup_date.astimezone()  # the table's clock
        day, time = day_words(lang, local.date()), time_words(lang, local)  # as History dates
        words.append(t(lang, "damage.backup", day=day, time=time))
    else:
        words.append(t(lang, "damage.backup_undated"))
    return t(lang, key, reason=" ".join(words))
