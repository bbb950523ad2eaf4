"""The app's own modules (and its packages'), compiled on an earlier open: ``CodeCache``
sits in the import system just before the path finder, hands out the code it holds for
a module's source file and records the code of the others as Python compiles them.

It is only ever read for the same ``key``, a hash of everything the app imports: a module's
path names its content for that key, so no source is read to check it.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import marshal
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import Any

__all__ = ["CodeCache", "install"]

FORMAT = b"companion-bytecode/1\n"


class CodeCache:
    """A meta path finder that gives the path finder's source modules code compiled
    earlier, for one ``key``.

    >>> cache = CodeCache("k")
    >>> CodeCache.unpack("k", cache.pack()).known
    0
    >>> CodeCache.unpack("other key", cache.pack()) is None
    True
    """

    def __init__(self, key: str, codes: dict[str, bytes] | None = None) -> None:
        self.key = key
        self._known: dict[str, bytes] = dict(codes or {})  # origin -> marshalled code
        self._new: dict[str, CodeType] = {}  # compiled on this open, not yet marshalled
        self._stored = set(self._known)  # what the browser holds
        self.known = len(self._known)  # how many modules came with the cache
        self.hits = 0  # modules this open took from the cache

    # The stored form: a header naming the format, Python's bytecode version and the key,
    # then a marshalled {origin: marshalled code}.
    def _header(self) -> bytes:
        return FORMAT + importlib.util.MAGIC_NUMBER + self.key.encode() + b"\n"

    def pack(self) -> bytes:
        self._known.update((o, marshal.dumps(code)) for o, code in self._new.items())
        self._new.clear()
        return self._header() + marshal.dumps(self._known)

    @classmethod
    def unpack(cls, key: str, blob: bytes) -> CodeCache | None:
        """The cache stored in ``blob`` for ``key``, or None if it is another key's, another
        Python's, or unreadable."""
        header = cls(key)._header()
        if not blob.startswith(header):
            return None
        try:
            codes = marshal.loads(blob[len(header) :])
        except (EOFError, ValueError, TypeError):
            return None
        if not isinstance(codes, dict) or not all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in codes.items()
        ):
            return None
        return cls(key, codes)

    @property
    def unsaved(self) -> int:
        """Modules compiled on this open that the browser does not hold yet."""
        return len(self._new) + len(self._known.keys() - self._stored)

    def stored(self) -> None:
        """What was last packed is in the browser."""
        self._stored = set(self._known)

    # The meta path finder: asks the path finder, and wraps the loader of a module that
    # Python would compile from source.
    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if (
            spec is not None
            and isinstance(spec.loader, importlib.machinery.SourceFileLoader)
            and isinstance(spec.origin, str)
            and spec.origin.endswith(".py")
        ):
            spec.loader = _CachedLoader(spec.loader, self, spec.origin)  # type: ignore[assignment]
        return spec

    def code(self, origin: str, name: str, loader: Any) -> CodeType:
        stored = self._known.get(origin)
        if stored is not None:
            try:
                code = marshal.loads(stored)
            except (EOFError, ValueError, TypeError):
                code = None
            if isinstance(code, CodeType):
                self.hits += 1
                return code
            del self._known[origin]
        code = loader.get_code(name)
        if not isinstance(code, CodeType):
            raise ImportError(f"no code for {name}", name=name)
        self._new[origin] = code
        return code


class _CachedLoader:
    """The path finder's loader, but for where the module's code comes from: everything
    else (resources, sources for tracebacks, package paths) is the original's."""

    def __init__(self, loader: Any, cache: CodeCache, origin: str) -> None:
        self._loader = loader
        self._cache = cache
        self._origin = origin

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self._cache.code(self._origin, module.__name__, self._loader), module.__dict__)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self._loader, attribute)


def install(cache: CodeCache) -> None:
    """Put ``cache`` just before the path finder: built-in and frozen modules, and any
    finder placed earlier, keep precedence."""
    finders = sys.meta_path
    where = next(
        (i for i, f in enumerate(finders) if f is importlib.machinery.PathFinder), len(finders)
    )
    finders.insert(where, cache)
