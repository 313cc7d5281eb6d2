"""An inline program of the Pulumi Automation API, run by the python of the virtual environment
`npm run python-env` makes: up, then destroy, of a Hosted Collector with an HTTP source. The
provider reads where the service is and the credentials from COLLECTORS_ENDPOINT,
COLLECTORS_ACCESS_ID and COLLECTORS_ACCESS_KEY; the backend, PULUMI_HOME (with the plugin) and the
passphrase come from the environment the test gives. Prints a JSON line of what happened.
"""

import json
import os

import pulumi
import pulumi_collectors as collectors
from pulumi import automation as auto


def program():
    collector = collectors.HostedCollector("collector", name="automation-inline")
    collectors.HttpSource("web", collector_id=collector.id, category="inline/web")
    pulumi.export("collectorName", collector.name)


project = auto.ProjectSettings(
    name="inline",
    runtime=auto.ProjectRuntimeInfo(name="python", options={"virtualenv": os.environ["VIRTUALENV"]}),
)
stack = auto.create_or_select_stack(
    stack_name="dev",
    project_name="inline",
    program=program,
    opts=auto.LocalWorkspaceOptions(project_settings=project, secrets_provider="passphrase"),
)
up = stack.up(on_output=print)
destroyed = stack.destroy(on_output=print)
print(
    json.dumps(
        {
            "created": up.summary.resource_changes,
            "collectorName": up.outputs["collectorName"].value,
            "destroyed": destroyed.summary.resource_changes,
        }
    )
)
