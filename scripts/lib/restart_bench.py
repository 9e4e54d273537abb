"""Restart benchmark of durable sessions (docs/durability.md), driven by scripts/bench-restart.

1. restart: N sessions of V views (scripts/gen-layout-doc V) created over HTTP, each read
   once; a graceful restart; the time from starting the process to /readyz answering 200;
   then every session read again: the same bytes, and what the first reads (which wake the
   sessions from the store) cost against the creates.
2. long: one session edited E times (setFrame, a window being resized); the bytes the store
   keeps for it, the time its first read after a restart takes against creating it fresh,
   and its answer against a memory-only twin given the same edits.

    python3 restart_bench.py TRELLIS_BINARY WORK_DIR SESSIONS VIEWS EDITS
"""
import hashlib
import http.client
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time

BIN, WORK = sys.argv[1], sys.argv[2]
SESSIONS, VIEWS, EDITS = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
THREADS = 8


def start(args, name):
    log = open(os.path.join(WORK, f"{name}.log"), "a")
    t0 = time.monotonic()
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "warning"] + args,
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if "listening on" not in line:
        sys.exit(f"bench-restart: {name} did not start: {line!r}")
    port = int(line.strip().rsplit(":", 1)[1])
    conn = http.client.HTTPConnection("127.0.0.1", port)
    while True:
        conn.request("GET", "/readyz")
        r = conn.getresponse()
        r.read()
        if r.status == 200:
            break
    return proc, port, time.monotonic() - t0


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=120)


def parallel(port, items, work):
    """Runs work(conn, item) for every item on THREADS keep-alive connections; answers the results in order."""
    results = [None] * len(items)

    def run(k):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        for i in range(k, len(items), THREADS):
            results[i] = work(conn, items[i])
    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def call(conn, method, path, body=None):
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    r = conn.getresponse()
    return r.status, r.read()


def metric(port, name):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    _, text = call(conn, "GET", "/metrics")
    for line in text.decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return None


def rss_mb(proc):
    with open(f"/proc/{proc.pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def restart_part(doc):
    state = os.path.join(WORK, "state-restart")
    subprocess.run(["rm", "-rf", state])
    proc, port, first_start = start(["--state-dir", state], "restart")
    t0 = time.monotonic()
    ids = parallel(port, list(range(SESSIONS)), lambda c, _: json.loads(call(c, "POST", "/v1/sessions", doc)[1])["id"])
    create_s = time.monotonic() - t0
    before = parallel(port, ids, lambda c, i: hashlib.sha256(call(c, "GET", f"/v1/sessions/{i}")[1]).hexdigest())
    t0 = time.monotonic()
    stop(proc)
    stop_s = time.monotonic() - t0
    db_mb = os.path.getsize(os.path.join(state, "sessions.db")) / 1e6
    proc, port, ready_s = start(["--state-dir", state], "restart")
    restored = metric(port, "trellis_sessions_restored")
    rss_ready = rss_mb(proc)
    t0 = time.monotonic()
    after = parallel(port, ids, lambda c, i: hashlib.sha256(call(c, "GET", f"/v1/sessions/{i}")[1]).hexdigest())
    wake_s = time.monotonic() - t0
    same = sum(1 for a, b in zip(before, after) if a == b)
    rss_after = rss_mb(proc)
    stop(proc)
    print(f"restart sessions={SESSIONS} views={VIEWS} create_s={create_s:.2f} ({SESSIONS / create_s:.0f}/s) "
          f"stop_s={stop_s:.2f} store_mb={db_mb:.1f} ready_s={ready_s:.3f} restored={restored:.0f} "
          f"rss_ready_mb={rss_ready:.0f} first_reads_s={wake_s:.2f} ({SESSIONS / wake_s:.0f}/s) rss_after_mb={rss_after:.0f} "
          f"same_bytes={same}/{SESSIONS}")
    return same == SESSIONS and ready_s < 2


def long_part(doc):
    state = os.path.join(WORK, "state-long")
    subprocess.run(["rm", "-rf", state])
    proc, port, _ = start(["--state-dir", state], "long")
    twin, tport, _ = start(["--state-dir", "none"], "long-twin")
    conn, tconn = http.client.HTTPConnection("127.0.0.1", port), http.client.HTTPConnection("127.0.0.1", tport)
    t0 = time.monotonic()
    sid = json.loads(call(conn, "POST", "/v1/sessions", doc)[1])["id"]
    create_ms = (time.monotonic() - t0) * 1000
    tid = json.loads(call(tconn, "POST", "/v1/sessions", doc)[1])["id"]
    t0 = time.monotonic()
    for k in range(EDITS):
        body = json.dumps({"ops": [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 300 + k % 500, "height": 667}}]})
        s1, _ = call(conn, "POST", f"/v1/sessions/{sid}/edits", body)
        s2, _ = call(tconn, "POST", f"/v1/sessions/{tid}/edits", body)
        if s1 != 200 or s2 != 200:
            sys.exit(f"bench-restart: edit {k} answered {s1} / {s2}")
    edits_s = time.monotonic() - t0
    compactions = metric(port, "trellis_journal_compactions_total")
    stop(proc)
    db = sqlite3.connect(os.path.join(state, "sessions.db"))
    records, kept = db.execute("SELECT count(*), sum(length(body)) FROM records WHERE session = ?", (sid,)).fetchone()
    db.close()
    proc, port, _ = start(["--state-dir", state], "long")
    conn = http.client.HTTPConnection("127.0.0.1", port)
    t0 = time.monotonic()
    _, mine = call(conn, "GET", f"/v1/sessions/{sid}")
    wake_ms = (time.monotonic() - t0) * 1000
    _, theirs = call(tconn, "GET", f"/v1/sessions/{tid}")
    a, b = json.loads(mine), json.loads(theirs)
    same = all(a[k] == b[k] for k in ("revision", "frames", "diagnostics", "document"))
    stop(proc)
    stop(twin)
    print(f"long edits={EDITS} views={VIEWS} edits_s={edits_s:.1f} compactions={compactions:.0f} store_records={records} "
          f"store_bytes={kept} create_ms={create_ms:.2f} first_read_after_restart_ms={wake_ms:.2f} "
          f"revision={a['revision']} equal_to_twin={same}")
    return same


os.makedirs(WORK, exist_ok=True)
document = subprocess.run([os.path.join(os.path.dirname(__file__), "..", "gen-layout-doc"), str(VIEWS)],
                          capture_output=True, text=True, check=True).stdout
ok = restart_part(document)
if EDITS > 0:
    ok = long_part(document) and ok
sys.exit(0 if ok else 1)
