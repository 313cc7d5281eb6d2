"""An integration test with Pulumi's Automation API: web_tier as an inline program through the real
engine, against the local service of conftest.py. Needs the `pulumi` CLI, the collectors plugin
(`pulumi plugin install resource collectors <version>`), and a Python that imports `pulumi` and
`pulumi_collectors` (run pytest with the environment's python: venv/bin/python -m pytest).
"""

import pulumi
from pulumi import automation as auto

from web import web_tier


def test_web_tier_against_the_local_service(service, tmp_path):
    def program():
        collector, _ = web_tier("py-test")
        pulumi.export("collectorId", collector.id)

    stack = auto.create_or_select_stack(
        stack_name="py-test",
        project_name="collectors-testing-python",
        program=program,
        # State in a folder of the test's own, its secrets under a passphrase.
        opts=auto.LocalWorkspaceOptions(
            env_vars={
                "PULUMI_BACKEND_URL": tmp_path.as_uri(),
                "PULUMI_CONFIG_PASSPHRASE": "test",
            }
        ),
    )
    stack.set_all_config(
        {
            "collectors:endpoint": auto.ConfigValue(service.endpoint),
            "collectors:accessId": auto.ConfigValue(service.access_id),
            "collectors:accessKey": auto.ConfigValue(service.access_key, secret=True),
        }
    )

    up = stack.up()
    assert up.summary.resource_changes == {"create": 3}
    collector_id = up.outputs["collectorId"].value
    assert service.api("GET", f"/collectors/{collector_id}")["collector"]["category"] == "py-test/web"
    sources = service.api("GET", f"/collectors/{collector_id}/sources")["sources"]
    assert [(s["sourceType"], s["category"]) for s in sources] == [("HTTP", "py-test/web/events")]

    stack.destroy()
    assert service.api("GET", "/collectors")["collectors"] == []
