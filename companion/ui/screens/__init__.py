"""One screen component per module; each returns an ``ft.View`` for the router."""
