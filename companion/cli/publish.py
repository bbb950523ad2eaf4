"""``companion publish DIR``: the whole app as a static site that runs in the phone's
browser, offline once opened, with no companion server (see README, "On a phone, without a
computer").

What goes in, and from where:

- Flet's web client, Pyodide's core (Python 3.14 compiled to WebAssembly) and Flutter's
  renderers: the ``flet_web`` package that ``pip install`` brought (no Flutter SDK, no
  download);
- the app's own face (``assets/``: page, manifest, icons, fonts), the page patched to run
  Python in the browser, from local files only (no CDN), with hash routes (a static host
  answers only the site's root);
- ``app.tar.gz``: ``main.py``, the ``companion`` package with its compiled message
  catalogues (``.mo``) and, unpacked in ``__pypackages__/``, every dependency as a
  WebAssembly wheel for Pyodide's platform, fetched from PyPI by pip at build time (cached in
  the user's cache folder). Pillow has no such wheel: the phone build shares the podium as
  text (``share.image_available``). Of Babel's CLDR data only the languages the app speaks
  go in (``BABEL_LOCALES``);
- ``sw.js`` (from ``assets/sw.js``), our service worker: it keeps every file the app used,
  so that the next open needs no network; the site's version is a hash of its files, so a
  new build replaces the cached one on the next open. The data (IndexedDB) is not its
  business and is never touched.

Flet's own ``flet publish`` does much the same but needs ``flet-cli`` and, here, three
workarounds (a build manifest from GitHub, a Pyodide cache, a broken module URL: see the
phone-build note); building the site directly from ``flet_web`` needs none of them.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cli.output import say, write
from companion.errors import CompanionError
from companion.words import DEFAULT_LANG, LANGS, Message, t
from companion.words.formats import decimal

# The browser's Python: Pyodide 314 runs CPython 3.14 on this platform tag.
PYTHON_VERSION = "3.14"
PLATFORM = "pyemscripten_2026_0_wasm32"
# What the app imports in the browser, pinned to the versions installed here (the server
# and the phone run the same code). Pillow is left out (no WebAssembly wheel), and so is
# flet-web (its client files are copied from here, not imported).
BROWSER_REQUIREMENTS = (
    "flet",
    "flet-charts",
    "pydantic",
    "tinydb",
    "platformdirs",
    "segno",
    "openskill",
    "msgpack",
    "emoji",  # names' initials and runs (table.emoji_text); the font is copied, not imported
    "babel",  # plurals, ordinals, numbers and dates (companion.words); see BABEL_LOCALES
)
# The project's runtime dependencies the page does not import, and why (a test checks that
# every other one of pyproject's is in BROWSER_REQUIREMENTS).
NOT_IN_BROWSER = {
    "pillow": "no WebAssembly wheel: the podium is shared as text",
    "flet-web": "its client files are copied into the site, not imported",
    "manimgx-fonts": "its emoji font is copied into the site, not imported",
}
# Babel's CLDR data is one file per locale, about 32 MB for some 1,100 of them. The page
# reads only the languages the app speaks, each with its parent chain: ``fr``, ``en`` and
# ``de`` inherit from ``root`` alone (``en_001`` and ``en_US`` are children of ``en``, not
# parents; Babel's ``global.dat`` lies outside ``locale-data/`` and goes in whole).
BABEL_DATA = "babel/locale-data/"
BABEL_LOCALES = frozenset({*LANGS, "root"})
# Flet asks for these only outside a browser (``platform_system != "Emscripten"``); pip
# evaluates markers for this machine, so they are dropped after it resolved them.
SERVER_ONLY = {"httpx", "httpcore", "h11", "anyio", "sniffio", "certifi", "idna", "oauthlib"}
MARKER = "companion-site.json"  # marks a folder this command wrote (and may rewrite)
ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
# The site's files the first open must leave in the service worker's cache, whatever the
# browser fetched on its own: the worker's (Pyodide, the app), which the page never sees.
CORE = (
    "index.html",
    "manifest.json",
    "favicon.png",
    "site.js",
    "python.js",
    "python-worker.js",
    "flutter.js",
    "flutter_bootstrap.js",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "app.tar.gz",
    "assets/FontManifest.json",
    "assets/fonts/roboto.woff2",
    "assets/fonts/MaterialIcons-Regular.otf",
    "fonts/CompanionSymbols.ttf",
    "fonts/CompanionEmoji.ttf",  # ui.theme.EMOJI_FONT_URL
)
# The app's entry point in the browser. The compiled code of earlier opens is installed
# before the first import (companion.bytecode): its key names everything the site imports,
# and library the standard library's zip, which the service worker serves compiled.
MAIN_PY = """from companion import bytecode

cache = bytecode.restore("{key}")

from companion.app import run

run()
bytecode.keep(cache, library="{library}")
"""
LIBRARY_ZIP = "pyodide/python_stdlib.zip"


class PublishError(CompanionError):
    """The site could not be built: the message says why and what to do."""

    code = "publish-failed"


@dataclass(frozen=True)
class Site:
    folder: Path
    version: str
    files: int
    size: int  # bytes on disk
    app_package: int  # bytes of app.tar.gz


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "publish",
        help="write the app as a static site that runs in a phone's browser, offline",
    )
    parser.add_argument("dir", type=Path, help="the folder to write (made, or rewritten)")
    parser.add_argument(
        "--base-url",
        default="/",
        help="the path the site is served under (default /; e.g. /companion/ on a shared host)",
    )
    parser.add_argument(
        "--wheels",
        type=Path,
        default=None,
        help="folder of WebAssembly wheels to use (default: fetched from PyPI into a cache)",
    )
    parser.add_argument(
        "--lang", choices=LANGS, default=DEFAULT_LANG, help="the language of what it says"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        site = publish(args.dir, base_url=args.base_url, wheels=args.wheels)
    except PublishError as err:
        # Not one line: pip's own report, when it failed, says what was missing.
        write(sys.stderr, t(lang, "publish.failed", reason=err.message(lang)) + "\n")
        return 2
    say(
        t(
            lang,
            "publish.done",
            folder=str(site.folder),
            files=site.files,
            size=decimal(lang, site.size / 1e6),
            app=decimal(lang, site.app_package / 1e6),
            version=site.version,
        )
    )
    return 0


def publish(folder: Path, *, base_url: str = "/", wheels: Path | None = None) -> Site:
    """Write the site into ``folder`` (empty, missing, or an earlier site) and return it."""
    folder = Path(folder)
    _check_target(folder)
    web = _flet_web_dir()
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    wheel_dir = wheels if wheels is not None else _download_wheels()
    staging = folder.with_name(folder.name + ".building")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        shutil.copytree(web, staging)
        _copy_assets(staging)
        pyodide = pyodide_version(web)
        _patch_page(staging, base, pyodide)
        _no_flutter_worker(staging)
        _no_internet(staging)
        library = library_hash(staging / LIBRARY_ZIP)
        (staging / "app.tar.gz").write_bytes(_app_package(wheel_dir, pyodide, library))
        version = _version(staging)
        _write_service_worker(staging, version, library)
        (staging / MARKER).write_text(
            json.dumps({"version": version, "base_url": base}, indent=1) + "\n", "utf-8"
        )
        if folder.exists():
            shutil.rmtree(folder)
        staging.rename(folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    files = [p for p in folder.rglob("*") if p.is_file()]
    return Site(
        folder=folder,
        version=version,
        files=len(files),
        size=sum(p.stat().st_size for p in files),
        app_package=(folder / "app.tar.gz").stat().st_size,
    )


def _check_target(folder: Path) -> None:
    if folder.exists() and not folder.is_dir():
        raise PublishError(Message.of("publish.target_is_file", folder=str(folder)))
    if folder.is_dir() and any(folder.iterdir()) and not (folder / MARKER).exists():
        raise PublishError(Message.of("publish.target_not_site", folder=str(folder)))


def _flet_web_dir() -> Path:
    try:
        import flet_web
    except ImportError as err:
        raise PublishError(Message.of("publish.not_installed", package="flet-web")) from err
    web = Path(flet_web.__file__).parent / "web"
    if not (web / "pyodide" / "pyodide.mjs").is_file():
        raise PublishError(Message.of("publish.no_pyodide", folder=str(web)))
    return web


def pyodide_version(web: Path) -> str:
    package = web / "pyodide" / "package.json"
    return str(json.loads(package.read_text("utf-8"))["version"])


def _copy_assets(site: Path) -> None:
    """The app's page, manifest, icons and fonts over Flet's (as Flet's server does), and
    the emoji font from its PyPI package where the screens look for it."""
    from companion.table.emoji_text import emoji_font_file
    from companion.ui.theme import EMOJI_FONT_URL

    for path in ASSETS.rglob("*"):
        if path.is_file():
            target = site / path.relative_to(ASSETS)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    emoji = emoji_font_file()
    if emoji is None:
        raise PublishError(Message.of("publish.not_installed", package="manimgx-fonts"))
    shutil.copyfile(emoji, site / EMOJI_FONT_URL)


def _patch_page(site: Path, base: str, pyodide: str) -> None:
    from flet.controls.types import RouteUrlStrategy, WebRenderer
    from flet_web.patch_index import patch_font_manifest_json, patch_index_html

    index = site / "index.html"
    patch_index_html(
        str(index),
        base_href=base,
        pyodide=True,
        pyodide_script_path="main.py",
        pyodide_version=pyodide,
        app_package_url="app.tar.gz",
        web_renderer=WebRenderer.AUTO,
        # A static host answers only the files it has: with hash routes (/#/history) a
        # reload or a shortcut always opens index.html.
        route_url_strategy=RouteUrlStrategy.HASH,
        no_cdn=True,
    )
    # Flutter's text font from the site, not from Google Fonts (what Flet's server does).
    patch_font_manifest_json(str(site / "assets" / "FontManifest.json"))
    page = index.read_text("utf-8")
    # Flet writes a bare module specifier ("pyodide/pyodide.mjs"), which a worker's import()
    # cannot resolve; relative to the worker's own address it can.
    page, found = re.subn(
        r'flet\.pyodideUrl="[^"]*";', 'flet.pyodideUrl="./pyodide/pyodide.mjs";', page
    )
    if found != 1:
        raise PublishError(Message.of("publish.page_no_pyodide_url"))
    if "</head>" not in page:
        raise PublishError(Message.of("publish.page_no_head"))
    page = page.replace("</head>", '  <script src="site.js"></script>\n</head>', 1)
    index.write_text(page, "utf-8")


# The one address on the internet Flet's client asks for (Rive's animation runtime, which
# the app never uses). Pointed at a missing file of the site instead, with the same length
# (the WebAssembly build keeps it as a fixed-size constant): the page asks nothing of the
# internet, and the failure stays local.
RIVE_CDN = b"https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@44.0.0/"
RIVE_LOCAL = b"rive-not-bundled/".ljust(len(RIVE_CDN) - 1, b"_") + b"/"


def _no_internet(site: Path) -> None:
    for name in ("main.dart.js", "main.dart.wasm"):
        path = site / name
        data = path.read_bytes()
        if RIVE_CDN not in data:
            raise PublishError(Message.of("publish.client_no_rive", file=name))
        path.write_bytes(data.replace(RIVE_CDN, RIVE_LOCAL))
    if b"cdn.jsdelivr" in (site / "main.dart.js").read_bytes():
        raise PublishError(Message.of("publish.client_cdn"))


def _no_flutter_worker(site: Path) -> None:
    """Flutter's loader registers its own service worker, which unregisters itself (and
    would replace ours, in the same scope): load without it."""
    boot = site / "flutter_bootstrap.js"
    text, found = re.subn(r"\n\s*serviceWorkerSettings: \{[^}]*\},", "", boot.read_text("utf-8"))
    if found != 1:
        raise PublishError(Message.of("publish.loader_changed"))
    boot.write_text(text, "utf-8")
    (site / "flutter_service_worker.js").unlink(missing_ok=True)


def _requirements() -> list[str]:
    pins = []
    for name in BROWSER_REQUIREMENTS:
        try:
            pins.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError as err:
            raise PublishError(Message.of("publish.not_installed", package=name)) from err
    return pins


def _cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("companion")) / "wheels" / PLATFORM


def _download_wheels() -> Path:
    """The WebAssembly wheels of the browser's requirements, from PyPI (pip), cached."""
    pins = _requirements()
    target = _cache_dir() / hashlib.sha256("\n".join(pins).encode()).hexdigest()[:16]
    if (target / "complete").is_file():
        return target
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    command = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--quiet",
        "--disable-pip-version-check",
        "--only-binary=:all:",
        "--platform",
        PLATFORM,
        "--python-version",
        PYTHON_VERSION,
        "--implementation",
        "cp",
        "--dest",
        str(target),
        *pins,
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        shutil.rmtree(target, ignore_errors=True)
        raise PublishError(
            Message.of(
                "publish.pip_failed", pins=" ".join(pins), output=done.stderr.strip()[-2000:]
            )
        )
    (target / "complete").write_text("\n".join(pins) + "\n", "utf-8")
    return target


def _wheel_name(path: Path) -> str:
    return path.name.split("-", 1)[0].lower().replace("_", "-")


def _package_files() -> Iterable[tuple[str, Path]]:
    """The package's modules and its compiled catalogues (the page reads words from the
    ``.mo``; the ``.po`` sources stay behind)."""
    package = ROOT / "companion"
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.mo")]):
        yield f"companion/{path.relative_to(package).as_posix()}", path


def _shipped(member: str) -> bool:
    """Whether a wheel's file goes into the page: all but Babel's other locales' data."""
    if member.startswith(BABEL_DATA) and member.endswith(".dat"):
        return member[len(BABEL_DATA) : -len(".dat")] in BABEL_LOCALES
    return True


def _app_package(wheel_dir: Path, pyodide: str, library: str) -> bytes:
    """``app.tar.gz``: main.py, the package and its unpacked wheels, byte for byte the same
    for the same inputs (sorted, no dates), so that the site's version only moves when
    something in it did. main.py carries the keys of the compiled code the browser keeps: a
    hash of every other file and of the Python that compiles them, and ``library``'s."""
    wheels = sorted(p for p in Path(wheel_dir).glob("*.whl") if _wheel_name(p) not in SERVER_ONLY)
    if not any(_wheel_name(p) == "pydantic-core" for p in wheels):
        raise PublishError(
            Message.of("publish.no_pydantic_core", folder=str(wheel_dir), platform=PLATFORM)
        )
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:

        def add(name: str, data: bytes) -> None:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))

        files = [(name, path.read_bytes()) for name, path in _package_files()]
        for wheel in wheels:
            with zipfile.ZipFile(wheel) as archive:
                files += [
                    (f"__pypackages__/{member}", archive.read(member))
                    for member in sorted(archive.namelist())
                    if not member.endswith("/") and _shipped(member)
                ]
        names = {name for name, _ in files}
        missing = sorted(
            locale
            for locale in BABEL_LOCALES
            if f"__pypackages__/{BABEL_DATA}{locale}.dat" not in names
        )
        if missing:
            raise PublishError(
                Message.of(
                    "publish.no_locale_data", folder=str(wheel_dir), locales=", ".join(missing)
                )
            )
        main = MAIN_PY.format(key=code_key(files, pyodide), library=library)
        add("main.py", main.encode())
        for name, data in files:
            add(name, data)
    return gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)


def code_key(files: Iterable[tuple[str, bytes]], pyodide: str) -> str:
    """The key of the compiled code kept in the browser: it moves with any file the app
    imports and with the Python that compiles them (companion.bytecode)."""
    digest = hashlib.sha256(f"pyodide {pyodide}\n".encode())
    for name, data in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:16]


def library_hash(zipped: Path) -> str:
    """The standard library's zip, named by its content: the service worker serves the
    compiled copy the page made of it only for this one."""
    return hashlib.sha256(zipped.read_bytes()).hexdigest()[:16]


def _version(site: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        digest.update(path.relative_to(site).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def _write_service_worker(site: Path, version: str, library: str) -> None:
    template = (site / "sw.js").read_text("utf-8")
    values = {
        "__SITE_VERSION__": version,
        "__CORE_FILES__": json.dumps(list(CORE)),
        "__LIBRARY_HASH__": library,
    }
    if any(name not in template for name in values):
        raise PublishError(Message.of("publish.no_placeholders"))
    text = template
    for name, value in values.items():
        text = text.replace(name, value)
    (site / "sw.js").write_text(text, "utf-8")
