"""Soak test (issue #13), driven by scripts/soak: one server, for MINUTES, under
- valid one-shot layouts and invalid requests (bad JSON, unknown attributes, wrong media type);
- slow clients (a request trickled byte by byte) and clients that pipeline and never read;
- session churn: create, edit (update, setFrame, make, remake, remove), read, delete, with few
  hot sessions so that sessions sleep and wake all the time.
It samples the server's RSS and the latency of /healthz. It passes when the RSS of the last
third stays within 25 % (and 32 MB) of the highest of the first two thirds, nothing answered 5xx,
and every session still alive answers exactly what a fresh session answers after the same
document and acknowledged batches (a replay of its journal).

    python3 soak.py TRELLIS_BINARY WORK_DIR MINUTES
"""
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time

BIN, WORK, MINUTES = sys.argv[1], sys.argv[2], float(sys.argv[3])
# Each client runs in a process of its own (one interpreter's lock would make the clients
# wait for each other, and the probe's latency would measure that); each reports its counts,
# problems and surviving sessions through `results` when it stops.
stop = multiprocessing.Event()
results = multiprocessing.Queue()
lock = threading.Lock()
counts = {"requests": 0, "5xx": 0, "by_status": {}}
problems = []


def note(status):
    with lock:
        counts["requests"] += 1
        counts["by_status"][status] = counts["by_status"].get(status, 0) + 1
        if status >= 500 and status != 503:
            counts["5xx"] += 1


def fail(message):
    with lock:
        problems.append(message)
    stop.set()


def start():
    os.makedirs(WORK, exist_ok=True)
    subprocess.run(["rm", "-rf", os.path.join(WORK, "state")])
    log = open(os.path.join(WORK, "server.log"), "w")
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "warning",
                             "--state-dir", os.environ.get("SOAK_STATE_DIR", os.path.join(WORK, "state")), "--hot-sessions", "4",
                             "--read-timeout", "3", "--idle-timeout", "5", "--max-sessions", "200"],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if "listening on" not in line:
        sys.exit(f"soak: the server did not start: {line!r}")
    return proc, int(line.strip().rsplit(":", 1)[1])


def doc(n, r):
    views = [{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}]
    cons = []
    for k in range(1, n):
        views.append({"id": f"v{k}", "superview": "root", "intrinsicSize": {"width": 40 + k, "height": 21}})
        cons.append({"view": f"v{k}", "attributes": ["leading", "trailing"], "to": "superview", "inset": r.choice([0, 8, 16])})
        cons.append(f"v{k}.top == superview.top + {20 * k}" if r.random() < 0.5 else f"v{k}.top == {'superview.top' if k == 1 else f'v{k-1}.bottom'} + 4")
    return json.dumps({"views": views, "constraints": cons})


def call(conn, method, path, body=None, ctype="application/json"):
    conn.request(method, path, body=body, headers={"Content-Type": ctype} if body is not None else {})
    r = conn.getresponse()
    data = r.read()
    note(r.status)
    return r.status, data


def oneshot_client(port, seed):
    r = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set():
        kind = r.random()
        if kind < 0.5:
            status, _ = call(conn, "POST", "/v1/layouts", doc(r.randrange(2, 30), r))
            if status != 200:
                fail(f"a valid layout answered {status}")
        elif kind < 0.7:
            status, _ = call(conn, "POST", "/v1/layouts", '{"views":[{"id":"a"}],"constraints":["a.widht == 1"]}')
            if status != 422:
                fail(f"an unknown attribute answered {status}")
        elif kind < 0.85:
            status, _ = call(conn, "POST", "/v1/layouts", '{"views": [')
            if status != 400:
                fail(f"bad JSON answered {status}")
        else:
            status, _ = call(conn, "POST", "/v1/layouts", "{}", ctype="text/plain")
            if status != 415:
                fail(f"a text body answered {status}")


def slow_client(port, seed):
    r = random.Random(seed)
    body = doc(5, r).encode()
    while not stop.is_set():
        request = (f"POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            for k in range(0, len(request), 64):
                if stop.is_set():
                    break
                s.sendall(request[k:k + 64])
                time.sleep(0.02)
            answer = s.recv(65536)
            s.close()
            if answer and not (answer.startswith(b"HTTP/1.1 200") or answer.startswith(b"HTTP/1.1 408")):
                fail(f"a slow client got {answer[:40]!r}")
        except OSError:
            pass


def never_reading_client(port, seed):
    while not stop.is_set():
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.setblocking(False)
            burst = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" * 2000
            sent = 0
            deadline = time.monotonic() + 2
            while sent < len(burst) and time.monotonic() < deadline and not stop.is_set():
                try:
                    sent += s.send(burst[sent:])
                except BlockingIOError:
                    time.sleep(0.05)
            # Holds the connection without reading for the rest of its two seconds (a client
            # that sends and closes as fast as it can is a load test, not this).
            while time.monotonic() < deadline and not stop.is_set():
                time.sleep(0.05)
            s.close()
        except OSError:
            pass


class Session:
    def __init__(self, sid, document):
        self.id, self.document, self.batches, self.made = sid, document, [], []


def session_client(port, seed, alive):
    r = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    mine = []
    while not stop.is_set():
        kind = r.random()
        if kind < 0.1 or not mine:
            d = doc(r.randrange(3, 25), r)
            status, body = call(conn, "POST", "/v1/sessions", d)
            if status != 201:
                fail(f"create answered {status}")
                continue
            mine.append(Session(json.loads(body)["id"], d))
        elif kind < 0.15:
            s = mine.pop(r.randrange(len(mine)))
            status, _ = call(conn, "DELETE", f"/v1/sessions/{s.id}")
            if status not in (204, 404):
                fail(f"delete answered {status}")
        elif kind < 0.3:
            s = r.choice(mine)
            status, _ = call(conn, "GET", f"/v1/sessions/{s.id}")
            if status == 404:
                mine.remove(s)  # evicted past --max-sessions
            elif status != 200:
                fail(f"read answered {status}")
        else:
            s = r.choice(mine)
            n = json.loads(s.document)["views"]
            v = f"v{r.randrange(1, len(n))}"
            op = r.random()
            if op < 0.3:
                ops = [{"op": "update", "view": v, "constraints": [{"attributes": "leading", "to": "superview", "inset": r.choice([0, 4, 8, 300])}]}]
            elif op < 0.5:
                ops = [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": r.choice([320, 375, 768]), "height": 667}}]
            elif op < 0.7:
                cid = f"m{r.randrange(10**9)}"
                s.made.append(cid)
                ops = [{"op": "make", "view": v, "constraints": [{"id": cid, "expr": f"{v}.height >= {r.choice([10, 30, 900])} @{r.choice([250, 1000])}"}]}]
            elif op < 0.8:
                ops = [{"op": "remake", "view": v, "constraints": [{"attributes": ["leading", "trailing"], "to": "superview"}, f"{v}.top == superview.top + 2", f"{v}.height == 30"]}]
            elif s.made:
                ops = [{"op": "remove", "ids": [s.made.pop(r.randrange(len(s.made)))]}]
            else:
                ops = [{"op": "remove", "ids": ["nosuch"]}]
            body = json.dumps({"ops": ops})
            status, answer = call(conn, "POST", f"/v1/sessions/{s.id}/edits", body)
            if status == 200:
                s.batches.append(body)
            elif status == 404:
                mine.remove(s)
            elif status not in (409, 422):
                fail(f"an edit answered {status}: {answer[:200]!r}")
    with lock:
        alive.extend(mine)


def run_client(target, port, seed):
    alive = []
    try:
        if target is session_client:
            target(port, seed, alive)
        else:
            target(port, seed)
    except Exception as e:  # a client that dies is a finding too
        fail(f"{target.__name__} stopped: {e!r}")
    results.put({"counts": counts, "problems": problems,
                 "alive": [{"id": a.id, "document": a.document, "batches": a.batches} for a in alive]})


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    proc, port = start()
    alive = []
    kinds = [(oneshot_client, 1), (slow_client, 2), (never_reading_client, 3)] + [(session_client, 10 + k) for k in range(3)]
    if os.environ.get("SOAK_CLIENTS"):  # a subset, for finding out which client does what
        kinds = [(f, seed) for f, seed in kinds if f.__name__ in os.environ["SOAK_CLIENTS"].split()]
    workers = [multiprocessing.Process(target=run_client, args=(f, port, seed)) for f, seed in kinds]
    for w in workers:
        w.start()
    samples = []  # (seconds, rss MB, healthz ms)
    started = time.monotonic()
    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while not stop.is_set() and time.monotonic() - started < MINUTES * 60:
        t0 = time.monotonic()
        call(probe, "GET", "/healthz")
        samples.append((time.monotonic() - started, rss_kb(proc.pid) / 1024, (time.monotonic() - t0) * 1000))
        if os.environ.get("SOAK_VERBOSE"):
            print(f"  {samples[-1][0]:6.1f} s  rss {samples[-1][1]:6.1f} MB  healthz {samples[-1][2]:7.1f} ms", flush=True)
        time.sleep(1)
    stop.set()
    for _ in workers:
        report = results.get(timeout=120)
        counts["requests"] += report["counts"]["requests"]
        counts["5xx"] += report["counts"]["5xx"]
        for status, n in report["counts"]["by_status"].items():
            counts["by_status"][status] = counts["by_status"].get(status, 0) + n
        problems.extend(report["problems"])
        for a in report["alive"]:
            session = Session(a["id"], a["document"])
            session.batches = a["batches"]
            alive.append(session)
    for w in workers:
        w.join(timeout=60)
    # Every surviving session against a fresh one given the same document and batches.
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    compared = 0
    for s in alive:
        status, mine = call(conn, "GET", f"/v1/sessions/{s.id}")
        if status == 404:
            continue
        _, body = call(conn, "POST", "/v1/sessions", s.document)
        twin = json.loads(body)["id"]
        for b in s.batches:
            call(conn, "POST", f"/v1/sessions/{twin}/edits", b)
        _, theirs = call(conn, "GET", f"/v1/sessions/{twin}")
        a, b = json.loads(mine), json.loads(theirs)
        for key in ("revision", "frames", "diagnostics", "document"):
            if a[key] != b[key]:
                fail(f"session {s.id} differs from its replay in {key}")
                break
        compared += 1
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    third = max(1, len(samples) // 3)
    early = max(m for _, m, _ in samples[:2 * third])
    late = max(m for _, m, _ in samples[2 * third:]) if samples[2 * third:] else early
    latencies = sorted(ms for _, _, ms in samples)
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    flat = late <= max(early * 1.25, early + 32)
    print(f"soak: {MINUTES:g} min, {counts['requests']} requests {dict(sorted(counts['by_status'].items()))}, "
          f"rss first two thirds max {early:.0f} MB, last third max {late:.0f} MB ({'flat' if flat else 'GROWING'}), "
          f"healthz p99 {p99:.1f} ms, {compared} surviving sessions equal to their replay")
    if not flat:
        problems.append("memory grows")
    if counts["5xx"]:
        problems.append(f"{counts['5xx']} answers 5xx")
    for p in problems[:10]:
        print(f"soak: FAIL: {p}")
    sys.exit(1 if problems else 0)


main()
