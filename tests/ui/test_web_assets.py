"""The files that make the served app installable: the manifest, its icons and the page."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"


def _script():
    spec = importlib.util.spec_from_file_location(
        "make_web_assets", ROOT / "scripts/make_web_assets.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_is_flets_own_with_the_apps_name() -> None:
    """assets/index.html is the installed Flet page with our name: a Flet upgrade that
    changes its page fails here until ``python scripts/make_web_assets.py`` is run again."""
    script = _script()
    assert (ASSETS / "index.html").read_text("utf-8") == script.app_index(script.flet_index())
    assert "<title>Président — l'arbitre</title>" in (ASSETS / "index.html").read_text("utf-8")


def test_the_manifest_names_the_app_and_opens_standalone() -> None:
    """A phone's home screen shows the app's name, opens it without the browser's bars, in
    the table's green, at the table's address."""
    manifest = json.loads((ASSETS / "manifest.json").read_text("utf-8"))
    assert manifest["name"] == "Président — l'arbitre"
    assert manifest["short_name"] == "Président"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "."
    assert manifest["theme_color"] == manifest["background_color"] == "#1b5e20"


def test_every_icon_the_manifest_names_is_there_at_its_size() -> None:
    """Each icon exists at the size it claims; the plain ones have see-through corners
    (rounded), the maskable ones none (a phone's mask cuts them)."""
    manifest = json.loads((ASSETS / "manifest.json").read_text("utf-8"))
    purposes = set()
    for icon in manifest["icons"]:
        with Image.open(ASSETS / icon["src"]) as image:
            width, height = image.size
            assert f"{width}x{height}" == icon["sizes"]
            corner = image.convert("RGBA").getpixel((1, 1))
        maskable = icon["purpose"] == "maskable"
        assert (corner[3] == 255) is maskable, icon["src"]
        purposes.add((icon["purpose"], icon["sizes"]))
    assert purposes == {(p, s) for p in ("any", "maskable") for s in ("192x192", "512x512")}


def test_the_icon_is_the_apps_not_flets() -> None:
    """The icons replace Flet's logo (same file names, other pictures)."""
    import flet_web

    flet_icons = Path(flet_web.__file__).parent / "web" / "icons"
    for name in ("icon-192.png", "icon-maskable-512.png", "apple-touch-icon-192.png"):
        assert (ASSETS / "icons" / name).read_bytes() != (flet_icons / name).read_bytes()
    assert (ASSETS / "favicon.png").exists()


def _flutter_builds() -> list[dict[str, str]]:
    """The builds flutter_bootstrap.js chooses between, as the installed flet-web ships it."""
    bootstrap = (_script().flet_web_dir() / "flutter_bootstrap.js").read_text("utf-8")
    start = bootstrap.index("buildConfig = ") + len("buildConfig = ")
    config, _ = json.JSONDecoder().raw_decode(bootstrap[start:])
    return list(config["builds"])


def test_the_page_asks_early_for_the_runtime_flutter_loads() -> None:
    """The early requests name the very files Flutter's wasm build loads (its runtime and
    the skwasm renderer), each of which flet-web ships: a preload of a file Flutter does not
    ask for would only cost a phone a download."""
    script = _script()
    wasm = next(b for b in _flutter_builds() if b["compileTarget"] == "dart2wasm")
    assert wasm["renderer"] == "skwasm"
    page = (ASSETS / "index.html").read_text("utf-8")
    assert script.PRELOAD in page
    assert page.index("<!-- fletAppConfig -->") < page.index(script.PRELOAD)
    assert page.index(script.PRELOAD) < page.index('<script src="flutter_bootstrap.js"')
    web = script.flet_web_dir()
    for name in (wasm["mainWasmPath"], wasm["jsSupportRuntimePath"]):
        assert f'preload(base + "{name}"' in script.PRELOAD
        assert (web / name).is_file()
    for name in ("skwasm.js", "skwasm.wasm"):
        assert f'preload(flet.canvasKitBaseUrl + "{name}"' in script.PRELOAD
        assert (web / "canvaskit" / name).is_file()


def test_flutter_is_given_only_the_fonts_the_app_draws_with() -> None:
    """Flutter waits for every font of its list before the first frame: the served list
    keeps Flet's Material icons (what ``ft.Icons`` draws with) and drops the families the
    app never uses (KaTeX for formulas, Cupertino icons)."""
    script = _script()
    served = json.loads((ASSETS / "assets" / "FontManifest.json").read_text("utf-8"))
    flet_list = script.flet_font_manifest()
    assert served == script.app_font_manifest(flet_list)
    assert [family["family"] for family in served] == ["MaterialIcons"]
    assert len(flet_list) > len(served)
    for family in served:
        for font in family["fonts"]:
            assert (script.flet_web_dir() / "assets" / font["asset"]).is_file()


def test_the_app_uses_no_control_that_needs_a_dropped_font() -> None:
    """The dropped fonts draw ``ft.Markdown`` formulas and Cupertino icons: no screen uses
    them (a screen that starts to must add its family to ``APP_FONT_FAMILIES``)."""
    sources = "\n".join(path.read_text("utf-8") for path in (ROOT / "companion").rglob("*.py"))
    for name in ("Markdown", "CupertinoIcons", "adaptive=True"):
        assert name not in sources
