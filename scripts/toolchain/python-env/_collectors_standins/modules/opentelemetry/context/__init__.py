"""Stands in for opentelemetry.context (see ../__init__.py): a context that carries nothing."""


class Context(dict):
    """An empty, immutable-by-convention context."""


_CURRENT = Context()


def get_current():
    return _CURRENT


def attach(context):
    return object()  # the token detach takes back


def detach(token):
    return None
