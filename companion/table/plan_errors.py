"""Errors in a table plan request: seats, dealer, putsch or deal that cannot apply (names and
player counts are ``roster.PlayerListError``)."""

from __future__ import annotations

from companion.errors import CompanionError


class PlanError(CompanionError):
    """A plan that cannot be made for these players; ``code`` says why (``bad-seats``,
    ``bad-dealer``, ``bad-putsch``, ``too-few-cards``, ``unsupported-count``)."""

    code = "bad-plan"
