"""pytest fixtures: the local Collector Management service as a process for the test session.

`collectors serve --json` prints one line when it is ready: its endpoint and the credentials to
use. The command is $COLLECTORS_CLI when set (e.g. the path of the release's self-contained
`collectors` executable, which needs no Node.js), else `collectors` on the PATH (that executable,
or the npm package's: npm install -g pulumi-collectors). Nothing here needs more than the
standard library.
"""

import base64
import json
import os
import subprocess
import urllib.request

import pytest

COLLECTORS = os.environ.get("COLLECTORS_CLI") or "collectors"


class LocalService:
    """The running service: where it is, how to sign in, and a small JSON client of its API."""

    def __init__(self, ready):
        self.endpoint = ready["endpoint"]
        self.access_id = ready["accessId"]
        self.access_key = ready["accessKey"]
        # The control API (tests only, loopback only) lives beside the API: /_emulator/...
        self.control_base = self.endpoint.rsplit("/api/v1", 1)[0] + "/_emulator"

    @property
    def env(self):
        """The settings the collectors provider reads, for a `pulumi` command the test runs."""
        return {
            "COLLECTORS_ENDPOINT": self.endpoint,
            "COLLECTORS_ACCESS_ID": self.access_id,
            "COLLECTORS_ACCESS_KEY": self.access_key,
        }

    def api(self, method, path, body=None):
        token = base64.b64encode(f"{self.access_id}:{self.access_key}".encode()).decode()
        return _call(method, self.endpoint + path, body, {"Authorization": f"Basic {token}"})

    def control(self, method, path, body=None):
        return _call(method, self.control_base + path, body, {})


def _call(method, url, body, headers):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request) as response:
        text = response.read()
        return json.loads(text) if text else None


@pytest.fixture(scope="session")
def local_service():
    """One service for the session, on a free loopback port; stopped at the end."""
    try:
        process = subprocess.Popen(
            [COLLECTORS, "serve", "--port", "0", "--json", "--rate-limit", "0"],
            stdout=subprocess.PIPE,
            text=True,
        )
    except FileNotFoundError:
        raise RuntimeError(
            f"{COLLECTORS}: no such command; put the release's collectors executable on the PATH "
            "or set COLLECTORS_CLI to its path (or: npm install -g pulumi-collectors)"
        ) from None
    try:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("collectors serve stopped before it was ready")
        yield LocalService(json.loads(line))
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture
def service(local_service):
    """The session's service, emptied before each test: no objects, requests or faults left."""
    local_service.control("POST", "/reset")
    return local_service
