"""gin-tui: Gin Rummy in the terminal."""

__version__ = "0.1.0"
