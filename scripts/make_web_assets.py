"""The served app's own face on a phone's home screen: draw its icon (a gold crown over a
fan of three cards on the table's green) at every size the web manifest names, and write
the page Flet serves with the app's name instead of Flet's, into assets/:

    python scripts/make_web_assets.py

- ``assets/icons/icon-{192,512}.png``: rounded square, transparent corners ("any" purpose);
- ``assets/icons/icon-maskable-{192,512}.png``: full bleed, the drawing inside the central
  80 % circle a phone's mask always keeps;
- ``assets/icons/apple-touch-icon-192.png`` (iOS adds its own rounding: full bleed) and
  ``assets/favicon.png`` (64 px);
- ``assets/icon.png`` (1024 px), the source picture for ``flet build``.

- ``assets/index.html``: Flet's own page (from the installed flet-web) with the app's title,
  iOS home-screen name, description and theme colour, and a script that asks for Flutter's
  runtime and renderer while the page is still parsing (``PRELOAD``);
  ``tests/ui/test_web_assets.py`` fails when a Flet upgrade changes its page, so this one is
  made again.
- ``assets/assets/FontManifest.json``: Flutter's font list cut to the fonts the app uses
  (``APP_FONT_FAMILIES``). Flutter downloads every font of that list and paints nothing
  before they are in; Flet's lists 21 (KaTeX for formulas, Cupertino icons), the app uses
  the Material icons only.

Flet's web server looks for ``index.html``, ``manifest.json``, ``favicon.png`` and
``icons/…`` in the assets folder before its own (then patches the page's base address and
config as usual). ``assets/manifest.json`` is written by hand. Drawn at 1024 px and scaled
down (Lanczos) so every size stays crisp. Needs Pillow (in the test extra).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from companion.words import t

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
SIZE = 1024
THEME_COLOUR = "#1b5e20"  # companion.ui.theme.SEED, the green of a card table
FELT = (27, 94, 32, 255)  # the same green
FELT_LIGHT = (46, 125, 50, 255)
GOLD = (255, 193, 7, 255)
GOLD_DARK = (191, 135, 0, 255)
CARD = (250, 250, 247, 255)
CARD_EDGE = (160, 160, 150, 255)
RED = (198, 40, 40, 255)
BLACK = (33, 33, 33, 255)
SYMBOL_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if SYMBOL_FONT.exists():
        return ImageFont.truetype(str(SYMBOL_FONT), size)
    # The bundled symbols font has the four suits too.
    return ImageFont.truetype(str(ASSETS / "fonts" / "CompanionSymbols.ttf"), size)


def _card(width: int, height: int, rank: str, suit: str, colour: tuple[int, ...]) -> Image.Image:
    """One card face: white, rounded, the rank in its corner and a big suit in its middle."""
    card = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    radius = width // 9
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), radius, fill=CARD, outline=CARD_EDGE, width=width // 60
    )
    corner = _font(width // 4)
    draw.text((width * 0.1, height * 0.05), rank, font=corner, fill=colour)
    big = _font(int(width * 0.62))
    draw.text((width / 2, height * 0.58), suit, font=big, fill=colour, anchor="mm")
    return card


def _fan(scale: float) -> Image.Image:
    """Three cards fanned from a pivot below them, the ace of spades in front."""
    layer = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    width, height = int(300 * scale), int(420 * scale)
    pivot = (SIZE / 2, SIZE / 2 + 430 * scale)
    for angle, rank, suit, colour in (
        (24, "K", "♥", RED),
        (-24, "Q", "♣", BLACK),
        (0, "A", "♠", BLACK),
    ):
        face = _card(width, height, rank, suit, colour)
        # Place the card upright above the pivot, then turn it about the pivot.
        holder = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
        left = int(pivot[0] - width / 2)
        top = int(pivot[1] - 250 * scale - height)
        holder.alpha_composite(face, (left, top))
        turned = holder.rotate(angle, resample=Image.BICUBIC, center=pivot)
        layer.alpha_composite(turned)
    return layer


def _crown(draw: ImageDraw.ImageDraw, scale: float, top: float) -> None:
    """A five-pointed gold crown, its band at ``top`` + 190 × scale."""
    cx, w = SIZE / 2, 440 * scale
    base_y, band = top + 190 * scale, 70 * scale
    left, right = cx - w / 2, cx + w / 2
    peaks = [(left + w * i / 4, top + (0 if i % 2 == 0 else 70 * scale)) for i in range(5)]
    peaks[2] = (cx, top - 25 * scale)  # the middle point stands highest
    valleys = [(left + w * (2 * i + 1) / 8, top + 120 * scale) for i in range(4)]
    outline = [(left, base_y)]
    for i in range(4):
        outline += [peaks[i], valleys[i]]
    outline += [peaks[4], (right, base_y)]
    draw.polygon(outline, fill=GOLD)
    draw.rounded_rectangle(
        (left - 8 * scale, base_y - 4 * scale, right + 8 * scale, base_y + band),
        int(18 * scale),
        fill=GOLD,
        outline=GOLD_DARK,
        width=max(2, int(8 * scale)),
    )
    for x, y in peaks:
        r = 26 * scale
        draw.ellipse((x - r, y - r, x + r, y + r), fill=GOLD, outline=GOLD_DARK, width=4)
    for i, colour in enumerate((RED, FELT_LIGHT, RED)):  # three jewels on the band
        x = cx + (i - 1) * w / 3.2
        r = 20 * scale
        y = base_y + band / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def draw_icon(*, maskable: bool) -> Image.Image:
    """The 1024 px icon: rounded with transparent corners, or full bleed for masks."""
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, SIZE, SIZE), fill=FELT)
    else:
        draw.rounded_rectangle((0, 0, SIZE - 1, SIZE - 1), SIZE // 5, fill=FELT)
    # A lighter disc: the lamp over the table.
    glow = 360 if maskable else 430
    draw.ellipse(
        (SIZE / 2 - glow, SIZE / 2 - glow, SIZE / 2 + glow, SIZE / 2 + glow), fill=FELT_LIGHT
    )
    # The maskable drawing fits the central circle of 80 % (radius 410 px at 1024).
    scale = 0.74 if maskable else 0.9
    image.alpha_composite(_fan(scale))
    _crown(ImageDraw.Draw(image), scale, SIZE / 2 - 390 * scale)
    return image


def _save(image: Image.Image, path: Path, size: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image.resize((size, size), Image.LANCZOS).save(path, optimize=True)


# One browser history entry per screen (issue 21 §6). The app's back arrow and its other
# links ask Flutter for a screen, which Flutter's router pushes as a new entry: after
# Home › History › an evening and the arrow back twice, the browser's back button replayed
# all five. When the address pushed is one of the entries before this one, go back to the
# nearest such entry instead: the app's back and the browser's back then land on the same
# screen, and no screen is in the history twice. Flutter numbers its entries
# (``history.state.serialCount``) and follows the popstate that going back fires; the
# addresses of this tab's entries are kept by number in sessionStorage, which a reload keeps.
#
# Going back is asynchronous: until its popstate, ``history.state`` is still the entry being
# left. A second address asked for in that time (two taps in a row on a busy phone) would be
# looked up from the wrong entry, and a second ``history.go`` counts from where the first
# has not yet arrived: the phone stayed on the screen it left. So calls wait for the
# popstate (or two seconds, should the browser not go) and run after Flutter has seen it.
# Flutter counts the entries it pushed, one made into a step back included, so a push is
# numbered here from the entry it follows.
HISTORY = r"""  <script>
    (function () {
      var KEY = "companion.history";
      var urls = {};
      try { urls = JSON.parse(sessionStorage.getItem(KEY) || "{}") || {}; } catch (e) {}
      var travelling = null;
      var waiting = [];
      function serial(state) {
        return state && typeof state.serialCount === "number" ? state.serialCount : null;
      }
      function remember(state) {
        var n = serial(state);
        if (n === null) return;
        urls[n] = location.href;
        try { sessionStorage.setItem(KEY, JSON.stringify(urls)); } catch (e) {}
      }
      function arrived() {
        if (travelling === null) return;
        clearTimeout(travelling);
        travelling = null;
        // One of them may go back in turn: the rest wait for that one.
        while (waiting.length && travelling === null) waiting.shift()();
      }
      function travel(delta) {
        // The step back lands with a popstate; the timer only keeps a lost one from holding
        // the next screens for ever. A busy phone may take seconds to land: a screen pushed
        // before it would be written over the entry being left.
        travelling = setTimeout(arrived, 10000);
        history.go(delta);
      }
      // Registered before Flutter's listener; the calls that waited run once it has run.
      window.addEventListener("popstate", function () {
        if (travelling !== null) setTimeout(arrived, 0);
      });
      var push = history.pushState.bind(history);
      var replace = history.replaceState.bind(history);
      history.pushState = function (state, title, url) {
        if (travelling !== null) {
          waiting.push(function () { history.pushState(state, title, url); });
          return;
        }
        var now = serial(history.state);
        var target = new URL(url == null ? location.href : url, location.href).href;
        for (var i = now === null ? -1 : now - 1; i >= 0; i--) {
          if (urls[i] === target) { travel(i - now); return; }
        }
        if (now !== null && serial(state) !== null) {
          state = Object.assign({}, state, { serialCount: now + 1 });
        }
        push(state, title, url);
        remember(state);
      };
      history.replaceState = function (state, title, url) {
        if (travelling !== null) {
          waiting.push(function () { history.replaceState(state, title, url); });
          return;
        }
        replace(state, title, url);
        remember(state);
      };
    })();
  </script>
"""

# Written into Flet's page just after its configuration (which the script reads).
OFFLINE = r"""  <script>
    // The connection to the table's server lost (the computer asleep or out of Wi-Fi range,
    // `companion serve` stopped or restarting): Flet's client shows only "Working..." in
    // English on a blank page. Say what happened, in the table's language (the app keeps
    // it in this phone's storage: "companion.lang"), and that it tries again by itself.
    // Flet's client reconnects with a new WebSocket: its opening hides the notice. The
    // phone build has no server and no WebSocket: nothing to say there.
    (function () {
      var Native = window.WebSocket;
      if (!Native) return;
      var WORDS = {
        fr: ["Connexion perdue avec l'ordinateur qui sert l'app. Nouvel essai en cours\u2026",
          "Les donnes notées sont en sécurité sur l'ordinateur. Vérifiez qu'il est allumé, sur " +
          "le même Wi-Fi que ce téléphone, et que « companion serve » tourne."],
        en: ["Lost the connection to the computer serving the app. Trying again\u2026",
          "The hands recorded are safe on that computer. Check that it is on, on the same " +
          "Wi-Fi as this phone, and that 'companion serve' is running."]
      };
      function lang() {
        try {
          var kept = JSON.parse(localStorage.getItem("flutter.companion.lang") || "null");
          if (kept === "en" || kept === "fr") return kept;
        } catch (e) { }
        return (navigator.language || "fr").slice(0, 2) === "en" ? "en" : "fr";
      }
      var notice = null, timer = null;
      function show() {
        if (notice) return;
        var words = WORDS[lang()];
        // The whole page, over Flet's own "Working..." (a blank page with English words).
        notice = document.createElement("div");
        notice.id = "companion-offline";
        notice.setAttribute("role", "alert");
        notice.style.cssText = "position:fixed;inset:0;z-index:2147483647;display:flex;" +
          "align-items:center;justify-content:center;padding:16px;background:#f4f6ef";
        var card = document.createElement("div");
        card.style.cssText = "max-width:480px;padding:20px;border-radius:12px;" +
          "background:#b3261e;color:#fff;font:18px/1.35 Roboto,system-ui,sans-serif";
        var title = document.createElement("strong");
        title.textContent = words[0];
        var more = document.createElement("div");
        more.style.cssText = "margin-top:10px;font-size:16px";
        more.textContent = words[1];
        card.appendChild(title);
        card.appendChild(more);
        notice.appendChild(card);
        document.body.appendChild(notice);
      }
      function hide() {
        clearTimeout(timer);
        timer = null;
        if (notice) { notice.remove(); notice = null; }
      }
      window.WebSocket = function (url, protocols) {
        var ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
        if (String(url).indexOf("/ws") !== -1) {
          ws.addEventListener("open", hide);
          ws.addEventListener("close", function () {
            // A quick reconnect (a phone waking up) needs no words.
            if (!timer && !notice) timer = setTimeout(function () { timer = null; show(); }, 1500);
          });
        }
        return ws;
      };
      window.WebSocket.prototype = Native.prototype;
      ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k, i) {
        window.WebSocket[k] = i;
      });
    })();
  </script>
"""

PRELOAD = """\
  <script>
    // Flutter's loader asks for its files one after another: the bootstrap script, then
    // its runtime (main.dart.mjs, main.dart.wasm) and renderer (skwasm.js, skwasm.wasm).
    // Asking for those four now, while the page is still parsing, starts them about 200 ms
    // earlier on a cold open. Only what this browser will load: the checks of flutter.js.
    // (Preloading the fonts too was slower: they compete with the runtime's compilation.)
    (function () {
      function preload(url, as) {
        var link = document.createElement("link");
        link.rel = as === "module" ? "modulepreload" : "preload";
        if (as !== "module") link.as = as;
        link.crossOrigin = "anonymous"; // import()'s and fetch()'s own mode: the preload is reused
        link.href = url;
        document.head.appendChild(link);
      }
      var wasmGC = false;
      try {
        var gcModule = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 95, 1, 120, 0];
        wasmGC = WebAssembly.validate(new Uint8Array(gcModule));
      } catch (e) { }
      var canvas = document.createElement("canvas");
      var webgl = !!(canvas.getContext("webgl2") || canvas.getContext("webgl"));
      var renderer = flet.webRenderer;
      var wasmBuild = wasmGC && webgl && (renderer === "auto" || renderer === "skwasm");
      if (!wasmBuild) return; // the JavaScript build: nothing to gain before its own script
      var base = flet.entrypointBaseUrl || "/";
      preload(base + "main.dart.mjs", "module");
      preload(base + "main.dart.wasm", "fetch");
      // skwasm needs the image decoders and word breakers only Chromium has; elsewhere
      // Flutter takes skwasm_heavy, and without a local renderer (a CDN build) nothing here.
      var skwasm = typeof ImageDecoder !== "undefined" && !!window.chrome &&
        typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
      if (skwasm && flet.canvasKitBaseUrl) {
        preload(flet.canvasKitBaseUrl + "skwasm.js", "module");
        preload(flet.canvasKitBaseUrl + "skwasm.wasm", "fetch");
      }
    })();
  </script>
"""

# Flutter's font families the app draws with: Material icons (``ft.Icons``). Its text uses
# the browser's Roboto (not in the list) and the symbols font it declares itself.
APP_FONT_FAMILIES = ("MaterialIcons",)


def flet_web_dir() -> Path:
    import flet_web

    return Path(flet_web.__file__).parent / "web"


def flet_index() -> str:
    """Flet's own web page, as the installed flet-web ships it."""
    return (flet_web_dir() / "index.html").read_text("utf-8")


def flet_font_manifest() -> list[dict[str, Any]]:
    """Flutter's font list, as the installed flet-web ships it."""
    text = (flet_web_dir() / "assets" / "FontManifest.json").read_text("utf-8")
    return list(json.loads(text))


def app_font_manifest(flet_manifest: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flet's font list with only the families the app uses."""
    kept = [family for family in flet_manifest if family["family"] in APP_FONT_FAMILIES]
    missing = set(APP_FONT_FAMILIES) - {family["family"] for family in kept}
    if missing:
        raise SystemExit(f"Flet's FontManifest.json has no {sorted(missing)}; update this script")
    return kept


def app_index(flet_page: str) -> str:
    """Flet's page with the app's name, description and colour (French, the default)."""
    name, short = t("fr", "app.title"), t("fr", "home.title")
    replaced = flet_page
    for old, new in (
        (
            '<meta name="description" content="Flet application.">',
            f'<meta name="description" content="{t("fr", "home.tagline")}">\n'
            f'  <meta name="theme-color" content="{THEME_COLOUR}">',
        ),
        (
            '<meta name="apple-mobile-web-app-title" content="Flet">',
            f'<meta name="apple-mobile-web-app-title" content="{short}">',
        ),
        ("<title>Flet</title>", f"<title>{name}</title>"),
        (
            "  <!-- fletAppConfig -->\n",
            "  <!-- fletAppConfig -->\n\n" + "\n".join((HISTORY, OFFLINE, PRELOAD)),
        ),
    ):
        if old not in replaced:
            raise SystemExit(f"Flet's index.html changed: {old!r} not found; update this script")
        replaced = replaced.replace(old, new)
    return replaced


def main() -> None:
    (ASSETS / "index.html").write_text(app_index(flet_index()), "utf-8")
    fonts = app_font_manifest(flet_font_manifest())
    (ASSETS / "assets").mkdir(exist_ok=True)
    (ASSETS / "assets" / "FontManifest.json").write_text(json.dumps(fonts), "utf-8")
    plain, maskable = draw_icon(maskable=False), draw_icon(maskable=True)
    icons = ASSETS / "icons"
    _save(plain, ASSETS / "icon.png", SIZE)
    _save(plain, ASSETS / "favicon.png", 64)
    for size in (192, 512):
        _save(plain, icons / f"icon-{size}.png", size)
        _save(maskable, icons / f"icon-maskable-{size}.png", size)
    _save(maskable, icons / "apple-touch-icon-192.png", 192)


if __name__ == "__main__":
    main()
