"""companion: referee and scorekeeper for Président / Trou du cul."""

__version__ = "0.1.0"
