"""The package version (one place; read by the root package and the command line)."""

__version__ = "0.2.0"
