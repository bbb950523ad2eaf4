"""The server does before serving what the first phone would otherwise wait for."""

from __future__ import annotations

import subprocess
import sys

WARMED = ("flet.controls.theme", "flet.components.component")


def _printed(code: str) -> str:
    """What ``code`` prints in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return out.stdout


def _loaded_after(code: str) -> set[str]:
    """The modules of WARMED a fresh interpreter has loaded after ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(m for m in {WARMED!r} if m in sys.modules))"
    return set(_printed(probe).split())


def test_flet_leaves_theme_and_components_for_the_first_session() -> None:
    """Importing the app does not load Flet's theme and component modules: Flet loads them
    on first use, which is the first phone's first screen unless the server warms up."""
    assert _loaded_after("import companion.ui.server") == set()


def test_warm_up_loads_what_the_first_screen_needs() -> None:
    """After ``warm_up`` the first session's theme and render find their modules loaded."""
    loaded = _loaded_after("from companion.ui.shell import warm_up\nwarm_up()")
    assert loaded == set(WARMED)


def test_the_server_warms_up_before_it_serves(monkeypatch, tmp_path) -> None:
    """``run_web`` warms up before Flet starts serving, not after."""
    from companion.ui import server

    calls: list[str] = []
    monkeypatch.setattr(server, "warm_up", lambda: calls.append("warm_up"))
    monkeypatch.setattr(server.web_app, "build", lambda *a, **k: None)
    monkeypatch.setattr(server.web_app, "serve", lambda *a, **k: calls.append("serve"))
    config = server.build_config(str(tmp_path), "127.0.0.1", 8550, open_room=True)
    assert server.run_web(config, "127.0.0.1", 8550) == 0
    assert calls == ["warm_up", "serve"]


def test_warm_up_builds_the_option_validators() -> None:
    """The option sets build their validators on first use (not at import): the server
    builds them before the first phone creates an evening."""
    probe = (
        "from companion.rules.ruleset import RuleSet\n"
        "from companion.table.table_rules import TableRules\n"
        "before = (RuleSet.__pydantic_complete__, TableRules.__pydantic_complete__)\n"
        "from companion.ui.shell import warm_up\n"
        "warm_up()\n"
        "print(before, (RuleSet.__pydantic_complete__, TableRules.__pydantic_complete__))"
    )
    assert _printed(probe).split() == ["(False,", "False)", "(True,", "True)"]
