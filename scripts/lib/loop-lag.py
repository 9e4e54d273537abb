"""How long one request holds an event loop (issue #13): a probe asks GET /healthz back to back
on one keep-alive connection of a one-loop server and records each wait, while another
connection sends layouts that look small but are slow (distinct priorities, each optional constraint
after a required one: each goes in alone; runs of them the solver orders in N log N), and edits of a
session whose weight is just under the pool's threshold. Prints the longest wait of each phase,
then the server's own histogram of how long requests held the loop (trellis_loop_hold_seconds).

    python3 scripts/lib/loop-lag.py PORT
"""
import http.client, json, sys, threading, time

port = int(sys.argv[1])
waits, stop = [], threading.Event()

def probe():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while not stop.is_set():
        t = time.perf_counter(); c.request("GET", "/healthz"); c.getresponse().read()
        waits.append(time.perf_counter() - t)

def post(c, path, body):
    c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    r = c.getresponse(); r.read()
    return r

def priorities(n):
    cs = ["a.left == 0", "a.top == 0", "a.height == 10"] + [c for i in range(n) for c in (f"a.right >= b.left + {i} @{1 + i % 999}", "a.width >= 0")]
    return json.dumps({"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}},
                                 {"id": "a", "superview": "root"}, {"id": "b", "superview": "root"}], "constraints": cs})

def phase(name, work):
    waits.clear()
    statuses = work()
    print(f"{name}: statuses {statuses}, longest wait {1000 * max(waits):.1f} ms over {len(waits)} probes", flush=True)

threading.Thread(target=probe, daemon=True).start()
c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
phase("quiet", lambda: (time.sleep(0.5), [])[1])
for n in (300, 700, 1000, 3000, 20000):  # 20,000: 40,003 constraints, under the 50,000 cap
    body = priorities(n)
    phase(f"one-shot, {n} priorities ({len(body) // 1024} KiB)", lambda: sorted(post(c, "/v1/layouts", body).status for _ in range(3)))
# 1,203 constraints: a weight of 200, edited on the loop.
location = post(c, "/v1/sessions", priorities(600)).getheader("Location")
make = [c for i in range(300) for c in (f"a.right >= b.left + {i} @{1 + (i * 7) % 999}", "a.width >= 0")]  # just under 16 KiB
phase("edit of 300 priorities (16 KiB) on a 1,203-constraint session",
      lambda: [post(c, location + "/edits", json.dumps({"ops": [{"op": "make", "view": "a", "constraints": make}]})).status])
phase("remake of the now 1,803-constraint session",
      lambda: [post(c, location + "/edits", json.dumps({"ops": [{"op": "remake", "view": "a",
                "constraints": ["a.left == 0", "a.top == 0", "a.height == 10"]}]})).status])
stop.set()
# The server's own account: how long each request's handling held the loop.
c.request("GET", "/metrics"); text = c.getresponse().read().decode()
buckets = [(float(line.split('le="')[1].split('"')[0]), int(float(line.split()[-1])))
           for line in text.splitlines() if line.startswith("trellis_loop_hold_seconds_bucket")]
total = buckets[-1][1]
within = dict(buckets).get(0.05, 0)
longest = next(bound for bound, n in buckets if n == total)
print(f"trellis_loop_hold_seconds: {total} requests, {total - within} held their loop over 50 ms, "
      f"the longest at most {longest * 1000:g} ms", flush=True)
