"""The home screen's main action: a new evening on a fresh install, going back to the
evening while one is under way."""

from companion.ui.routes import home_entries


def test_a_fresh_install_leads_with_a_new_evening() -> None:
    """No evening under way: no "Continue" (it would lead to "no evening under way"), and
    "New evening" is the main action."""
    entries = home_entries(True, under_way=False)
    assert "home-continue" not in [e.ident for e in entries]
    assert [e.ident for e in entries if e.primary] == ["home-new"]


def test_an_evening_under_way_leads_with_continue() -> None:
    """While an evening is under way, "Continue" comes first and is the main action, "New evening"
    after it."""
    entries = home_entries(True, under_way=True)
    assert [e.ident for e in entries][:2] == ["home-continue", "home-new"]
    assert [e.ident for e in entries if e.primary] == ["home-continue"]


def test_a_reader_is_offered_neither() -> None:
    """A phone without the key is offered neither "Continue" nor "New evening", whether or not an
    evening is under way."""
    for under_way in (False, True):
        idents = [e.ident for e in home_entries(False, under_way)]
        assert "home-continue" not in idents and "home-new" not in idents
