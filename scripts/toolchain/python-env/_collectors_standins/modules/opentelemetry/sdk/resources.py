"""Stands in for opentelemetry.sdk.resources (see ../__init__.py): a resource's attributes, kept."""

SERVICE_NAME = "service.name"


class Resource:
    def __init__(self, attributes):
        self.attributes = dict(attributes)

    @classmethod
    def create(cls, attributes=None):
        return cls(attributes or {})
