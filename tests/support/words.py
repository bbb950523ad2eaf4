"""Words a test writes itself in each language, standing in for a catalogue message where the
test is about how an error or a screen carries words, not about which words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Said:
    fr: str
    en: str

    def render(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en
