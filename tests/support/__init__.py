"""Harnesses shared by the tests, the screenshot script and the app benchmark: ``browser``
(``companion serve`` in a subprocess, Chromium through Playwright) and ``wire`` (a phone speaking
Flet's websocket protocol, no browser)."""
