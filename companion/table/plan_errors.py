"""Errors in a table plan request: too few or too many players, duplicate names…"""

from __future__ import annotations

from companion.errors import CompanionError


class PlanError(CompanionError):
    """A plan that cannot be made for these players; ``code`` says why (``too-few-players``,
    ``too-many-players``, ``duplicate-name``, ``empty-name``, ``bad-seats``,
    ``too-few-cards``, ``unsupported-count``)."""

    code = "bad-plan"
