"""The served app installs to a phone's home screen: Chromium itself finds it installable,
under the app's name, with its own icon, opening standalone in the table's green."""

from __future__ import annotations

import tempfile
import urllib.request

import pytest
from PIL import Image

from tests.support.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    PHONE,
    PHONE_LOCALE,
    Server,
    by_id,
    enable_semantics,
)

pytestmark = pytest.mark.e2e


def test_chromium_offers_to_install_the_app_under_its_name(server: Server) -> None:
    """Chromium's own installability check passes (manifest, icons, standalone), and the
    page, the manifest and the iOS home-screen title carry the app's name, not Flet's."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        # A profile on disk: Chromium never offers to install from an incognito context.
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            headless=True,
            viewport=PHONE,
            locale=PHONE_LOCALE,
        )
        try:
            page = context.new_page()
            page.goto(server.url)
            enable_semantics(page)
            by_id(page, "screen-home").wait_for(state="attached")
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
            found = cdp.send("Page.getAppManifest")
            assert found["errors"] == []
            manifest = found["manifest"]
            assert manifest["name"] == "Président — l'arbitre"
            assert manifest["display"] == "kStandalone"
            assert manifest["themeColor"] == "rgba(27,94,32,1)"
            assert manifest["startUrl"] == server.base + "/"  # the key never goes in it
            assert page.title() == "Président — l'arbitre"
            assert (
                page.get_attribute('meta[name="apple-mobile-web-app-title"]', "content")
                == "Président"
            )
            sizes = set()
            for icon in manifest["icons"]:
                with urllib.request.urlopen(icon["url"], timeout=10) as answer:
                    assert answer.headers["content-type"] == "image/png"
                    with Image.open(answer) as image:
                        sizes.add(f"{image.size[0]}x{image.size[1]}")
            assert sizes == {"192x192", "512x512"}
        finally:
            context.close()


def test_a_first_open_fetches_the_runtime_once_and_only_the_icon_font(
    server: Server, context
) -> None:
    """A phone opening the app for the first time gets the home screen with its icons.
    Flutter's runtime is fetched once, by the page's early request (Flutter reuses it, no
    second download), and of Flutter's fonts only the Material icons are fetched."""
    page = context.new_page()
    page.goto(server.url)
    enable_semantics(page)
    by_id(page, "home-new").wait_for(state="visible")
    fetched = page.evaluate(
        "performance.getEntriesByType('resource').map(e => [new URL(e.name).pathname,"
        " e.initiatorType])"
    )
    runtime = [kind for path, kind in fetched if path == "/main.dart.wasm"]
    assert runtime == ["link"]
    assert [kind for path, kind in fetched if path == "/canvaskit/skwasm.wasm"] == ["link"]
    fonts = {path for path, _ in fetched if path.startswith("/assets/") and "font" in path.lower()}
    assert "/assets/fonts/MaterialIcons-Regular.otf" in fonts
    assert not [path for path in fonts if "KaTeX" in path or "Cupertino" in path]
