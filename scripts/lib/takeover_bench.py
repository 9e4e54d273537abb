"""What a take-over costs (docs/fleet.md), driven by scripts/bench-fleet.

Instance A makes SESSIONS sessions of a VIEWS-view layout and edits each EDITS times (a
history to replay), then stops gracefully, letting its leases go. Instance B then reads
each session twice: the first GET takes it over (claim, history read, replay, answer),
the second is answered from B's own copy. Prints both latencies (median, p90, max) and
the mean of B's claim round trips (trellis_store_seconds{op="claim"}).

    python3 takeover_bench.py TRELLIS_BINARY POSTGRES_URL DOC_FILE WORK_DIR [sessions=40] [edits=20]
"""
import http.client
import json
import os
import statistics
import subprocess
import sys
import time

BIN, URL, DOC, WORK = sys.argv[1:5]
SESSIONS = int(sys.argv[5]) if len(sys.argv) > 5 else 40
EDITS = int(sys.argv[6]) if len(sys.argv) > 6 else 20


def start(name):
    log = open(os.path.join(WORK, f"{name}.log"), "w")
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", "0", "--store", URL,
                             "--log-level", "warning"], stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if "listening on" not in line:
        sys.exit(f"bench-fleet: {name} did not start: {line!r}")
    return proc, int(line.strip().rsplit(":", 1)[1])


def call(conn, method, path, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    return response.status, response.read(), response.getheader("Location")


def ms(values):
    values = sorted(values)
    return (f"median {statistics.median(values):.2f} ms, p90 {values[int(len(values) * 0.9)]:.2f} ms, "
            f"max {values[-1]:.2f} ms")


def main():
    doc = open(DOC, "rb").read()
    a, a_port = start("takeover-a")
    b, b_port = start("takeover-b")
    try:
        ca = http.client.HTTPConnection("127.0.0.1", a_port, timeout=30)
        locations = []
        for _ in range(SESSIONS):
            status, body, location = call(ca, "POST", "/v1/sessions", doc)
            if status != 201:
                sys.exit(f"bench-fleet: create answered {status}: {body[:200]!r}")
            for k in range(EDITS):
                edit = json.dumps({"ops": [{"op": "update", "view": "v1",
                                            "constraints": [{"attributes": "height", "to": 40 + k % 16}]}]})
                status, body, _ = call(ca, "POST", location + "/edits", edit)
                if status != 200:
                    sys.exit(f"bench-fleet: edit answered {status}: {body[:200]!r}")
            locations.append(location)
        ca.close()
        a.terminate()
        a.wait(timeout=30)
        cb = http.client.HTTPConnection("127.0.0.1", b_port, timeout=30)
        first, second = [], []
        for location in locations:
            t0 = time.perf_counter()
            status, body, _ = call(cb, "GET", location)
            t1 = time.perf_counter()
            if status != 200:
                sys.exit(f"bench-fleet: take-over GET answered {status}: {body[:200]!r}")
            call(cb, "GET", location)
            t2 = time.perf_counter()
            first.append((t1 - t0) * 1000)
            second.append((t2 - t1) * 1000)
        _, metrics, _ = call(cb, "GET", "/metrics")
        text = metrics.decode()
        claim_sum = claim_count = 0.0
        for line in text.splitlines():
            if line.startswith('trellis_store_seconds_sum{op="claim"}'):
                claim_sum = float(line.split()[-1])
            if line.startswith('trellis_store_seconds_count{op="claim"}'):
                claim_count = float(line.split()[-1])
        takeovers = [l for l in text.splitlines() if l.startswith("trellis_fleet_takeovers_total")]
        print(f"take-over GET ({SESSIONS} sessions of {os.path.basename(DOC)}, {EDITS} edits each): {ms(first)}")
        print(f"the next GET, from B's own copy: {ms(second)}")
        if claim_count:
            print(f"B's claims: {int(claim_count)}, mean round trips {claim_sum / claim_count * 1000:.2f} ms; {takeovers[0] if takeovers else ''}")
    finally:
        for proc in (a, b):
            if proc.poll() is None:
                proc.terminate()
                proc.wait(timeout=30)


main()
