"""Stands in for the OpenTelemetry API and SDK (opentelemetry-api, opentelemetry-sdk), which
Debian 12 lacks and the Pulumi Python SDK imports on every run (pulumi/runtime/_instrumentation.py):
the names it imports, doing nothing, so a program runs and never traces. Exporting traces to an
OTLP endpoint needs the real packages. Loaded only where the real opentelemetry is not importable
(see _collectors_standins/__init__.py).
"""
