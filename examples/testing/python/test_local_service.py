"""Tests against the local service with plain HTTP: what a Python program's tests build on.
They need only the standard library, pytest and the `collectors` command. The Pulumi part (a
Python program on the collectors plugin, driven by the Automation API) is test_web_tier.py.
"""


def test_a_collector_made_through_the_api_is_listed(service):
    made = service.api("POST", "/collectors", {"collector": {"collectorType": "Hosted", "name": "web"}})
    listed = service.api("GET", "/collectors")["collectors"]
    assert [c["id"] for c in listed] == [made["collector"]["id"]]


def test_an_installed_collector_registers_as_a_host_would(service):
    registered = service.control(
        "POST",
        "/installed-collectors",
        {
            "name": "web-01",
            "collectorVersion": "19.0-1",
            "osName": "Linux",
            "osVersion": "6.1",
            "osArch": "amd64",
            "ephemeral": False,
        },
    )["collector"]
    read = service.api("GET", f"/collectors/{registered['id']}")["collector"]
    assert read["collectorType"] == "Installable"
    assert read["alive"] is True


def test_each_test_starts_from_an_empty_service(service):
    assert service.api("GET", "/collectors")["collectors"] == []


def test_the_request_log_shows_what_was_sent(service):
    service.api("GET", "/collectors")
    requests = service.control("GET", "/requests")["requests"]
    assert [(r["method"], r["path"], r["status"]) for r in requests] == [
        ("GET", "/api/v1/collectors", 200)
    ]
