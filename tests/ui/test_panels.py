"""The fold-out panels of the new-evening and dispute screens (``widgets.next_panel``)."""

from companion.ui.widgets import next_panel


def test_a_closed_row_opens() -> None:
    """A tap on a closed row opens its panel, whatever was open."""
    assert next_panel(None, "presets") == "presets"
    assert next_panel("presets", "options") == "options"


def test_an_open_option_folds_back_to_the_list() -> None:
    """A tap on an open option's row closes it and leaves the list of options open."""
    assert next_panel("option:equal_play", "option:equal_play") == "options"


def test_the_options_row_folds_everything() -> None:
    """A tap on the options' row closes the list, and any option open inside it."""
    assert next_panel("options", "options") is None
    assert next_panel("option:equal_play", "options") is None
