"""Stands in for opentelemetry.trace (see __init__.py): a tracer provider set and never used."""

_provider = None


def set_tracer_provider(provider):
    global _provider  # noqa: PLW0603
    _provider = provider


def get_tracer_provider():
    return _provider
