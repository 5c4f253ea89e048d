"""The review server over plain HTTP (no browser): where it listens, whom it answers, what it serves."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest

from railhead.review.server import ReviewServer


@pytest.fixture(scope="module")
def server(review_session_module):
    srv = ReviewServer(review_session_module).start()
    yield srv
    srv.stop()


def _request(srv, method, path, body=None, headers=None, host=None):
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
    hdrs = {"Host": host or f"127.0.0.1:{srv.port}", **(headers or {})}
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        hdrs["Content-Type"] = "application/json"
        hdrs["Content-Length"] = str(len(data))
    conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for k, v in hdrs.items():
        conn.putheader(k, v)
    conn.endheaders(data)
    r = conn.getresponse()
    raw = r.read()
    conn.close()
    return r.status, raw


def test_listens_on_the_loopback_address_only(server):
    assert server.socket.getsockname()[0] == "127.0.0.1"
    assert server.url == f"http://127.0.0.1:{server.port}/"
    # 127.0.0.2 is this machine too, but not the address the server is bound to: bound to all
    # addresses (0.0.0.0), it would answer there as on any other interface
    with pytest.raises(OSError), socket.create_connection(("127.0.0.2", server.port), timeout=5):
        pass


def test_the_page_and_its_state(server):
    status, page = _request(server, "GET", "/")
    assert status == 200 and b"/static/review.js" in page
    for name in ("review.js", "review.css"):
        assert _request(server, "GET", f"/static/{name}")[0] == 200
    status, raw = _request(server, "GET", "/api/state")
    state = json.loads(raw)
    assert status == 200 and state["total"] == len(state["hexes"]) > 0
    status, png = _request(server, "GET", "/api/image")
    assert status == 200 and png.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    "headers, host",
    [
        ({"Origin": "http://evil.example"}, None),  # a page elsewhere posting to the API
        ({"Origin": "http://127.0.0.1:1"}, None),  # another server on this machine
        ({"Sec-Fetch-Site": "cross-site"}, None),  # a browser saying so, whatever the origin
        ({}, "evil.example"),  # DNS rebinding: another name resolved to 127.0.0.1
        ({}, "127.0.0.1"),  # no port: not this server's own address
    ],
)
def test_refuses_other_origins_and_hosts(server, headers, host):
    before = json.loads(_request(server, "GET", "/api/state")[1])["revision"]
    status, raw = _request(server, "POST", "/api/undo", {}, headers=headers, host=host)
    assert status == 403 and "error" in json.loads(raw)
    assert _request(server, "GET", "/api/state", headers=headers, host=host)[0] == 403
    assert json.loads(_request(server, "GET", "/api/state")[1])["revision"] == before


def test_no_other_page_may_frame_the_page(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("GET", "/")
    r = conn.getresponse()
    r.read()
    conn.close()
    assert r.status == 200 and r.getheader("X-Frame-Options") == "DENY"
    assert "frame-ancestors 'none'" in r.getheader("Content-Security-Policy")


def test_own_origin_is_answered(server):
    own = {"Origin": f"http://127.0.0.1:{server.port}"}
    assert _request(server, "GET", "/api/state", headers=own)[0] == 200
    assert _request(server, "GET", "/api/state", host=f"localhost:{server.port}")[0] == 200


@pytest.mark.parametrize(
    "path",
    [
        "/static/../server.py",
        "/static/..%2fserver.py",
        "/static/%2e%2e/%2e%2e/pyproject.toml",
        "/static/..%2F..%2Fpyproject.toml",
        "/../../../../etc/passwd",
        "/static//etc/passwd",
        "/static/session.py",
        "/api/image/../../cli.py",
        "/server.py",
    ],
)
def test_serves_nothing_outside_the_page_and_the_api(server, path):
    status, raw = _request(server, "GET", path)
    assert status in (403, 404)
    assert b"import" not in raw and b"root:" not in raw and b"[project]" not in raw


def test_bad_edits_are_json_400_with_the_sessions_message(server):
    status, raw = _request(server, "POST", "/api/terrain", {"hex": "9999", "terrain": "clear"})
    assert status == 400 and "9999" in json.loads(raw)["error"]
    state = json.loads(_request(server, "GET", "/api/state")[1])
    some = state["hexes"][0]["id"]
    status, raw = _request(server, "POST", "/api/terrain", {"hex": some, "terrain": "lava"})
    assert status == 400 and "lava" in json.loads(raw)["error"]
    status, raw = _request(server, "POST", "/api/edge", {"hexes": [some], "kind": "rail"})
    assert status == 400 and "hexes" in json.loads(raw)["error"]
    status, raw = _request(server, "POST", "/api/terrain", None, headers={"Content-Length": "0"})
    assert status == 400
    conn_status, raw = _request(server, "GET", "/api/terrain")
    assert conn_status == 405 and "error" in json.loads(raw)


def test_relearn_runs_in_the_background_and_reports_progress(server):
    status, raw = _request(server, "POST", "/api/relearn", {})
    assert status == 202 and json.loads(raw) == {"running": True}
    assert _request(server, "POST", "/api/relearn", {})[0] == 409  # one at a time
    # an edit waits until the classifier has learnt (it would learn from labels the page no longer shows)
    status, raw = _request(server, "POST", "/api/undo", {})
    assert status == 409 and "learning" in json.loads(raw)["error"]
    deadline = time.monotonic() + 120
    while True:
        report = json.loads(_request(server, "GET", "/api/relearn")[1])
        if not report["running"]:
            break
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert report["error"] is None and report["progress"] == 1.0 and report["seconds"] >= 0
