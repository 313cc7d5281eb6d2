"""Stands in for opentelemetry.sdk (see ../__init__.py)."""
