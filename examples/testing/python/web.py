"""The part of a Python program under test: a web tier's Hosted Collector with an HTTP source for
its events, on the collectors provider plugin through its Python SDK."""

import pulumi_collectors as collectors


def web_tier(environment):
    """The web tier of an environment: its logs filed under "<environment>/web"."""
    collector = collectors.HostedCollector(
        "web",
        description=f"Front door ({environment})",
        category=f"{environment}/web",
        time_zone="UTC",
    )
    events = collectors.HttpSource(
        "events",
        collector_id=collector.id,
        category=f"{environment}/web/events",
    )
    return collector, events
