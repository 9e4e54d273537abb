"""Crash and split-brain test of a fleet (docs/fleet.md), driven by scripts/check-fleet.

`scripts/fleet up 3 PORT` runs PostgreSQL, three instances sharing it and nginx in front.
Client threads make sessions and send edits batches and reads through nginx; a twin server
(memory only, alone) receives every batch the fleet acknowledged, in the same order.

Every batch carries `ifRevision` (the revision last acknowledged), so a retry never applies
twice. A client retries a 503 after its Retry-After, and a 502, a 504 or a broken connection
(the batch's fate is then unknown) at once, with the same body, until an answer settles it:
200, a refusal (422, which the twin must give too), or 409 when an attempt whose answer was
lost had been committed (the session must then be one revision further, and the twin takes
the batch). Every read must be at the revision last acknowledged and equal to the twin's
answer: a read never sees stale state.

Part one, crashes: KILLS times, SIGKILL a random instance under that load, let the load run
on, restart the instance with `scripts/fleet up` (which must restart only it), pause the load
and read every session through nginx. Part two, split brain: find the instance that owns the
most sessions (nginx's access log says which instance answered), SIGSTOP it under a load on
those sessions until they have moved to other instances and advanced, SIGCONT it and ask it
directly: reads must answer the current revision (it took the session over again) or 503,
never what it had; an edit with the revision it knew must be refused (409 or 503) and never
land, which reads through nginx then confirm.

    python3 fleet_check.py TRELLIS_BINARY WORK_DIR PORT [kills=20] [seed]

The environment names the fleet's state directory (FLEET_STATE) for scripts/fleet and for
nginx's access log.
"""
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

from session_load import Session, answer_difference, exchange, problem_codes, refused_after_running, request

# Diagnostics are compared without their members' locations (`anywhere`): a session that moved
# through kills may have been compacted at another edit than its twin, and its document is then
# the checkpoint's text, so locations point into another text. An attempt whose answer was lost
# is one such edit: the instance that had it may still run it after nginx gave up (a request
# that waited for a lock, or one held by an instance stopped and continued), find its client
# gone, refuse it and start the history over from a checkpoint (docs/durability.md,
# Compaction), which the twin never does. The fleet's layout is then rebuilt from its document,
# and an ambiguous attribute may settle elsewhere (docs/sessions.md): such a session is compared
# without its ambiguous attributes from then on (`Session.diverged`; not for an attempt lost to
# a killed instance, a 502, which runs nowhere later). Frames the layout determines, codes and
# members stay equal, and are compared exactly.

BIN, WORK, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
KILLS = int(sys.argv[4]) if len(sys.argv) > 4 else 20
SEED = int(sys.argv[5]) if len(sys.argv) > 5 else int(time.time())
STATE = os.environ["FLEET_STATE"]
FLEET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fleet")
INSTANCES = 3
INSTANCE_PORTS = [PORT + k for k in range(1, INSTANCES + 1)]
CLIENTS, SESSIONS_PER_CLIENT = 4, 4
LEASE_SECONDS = 3         # trellis serve's default --lease-seconds
TIMEOUT = 25              # past nginx's proxy_read_timeout (10 s) twice: a GET it resends
PATIENCE = 90             # seconds one request may take, retries included
FLEET_METRICS = ("takeovers", "lease_renewals", "lease_releases", "fenced", "refused")
rng = random.Random(SEED)
TWIN = []
FAILING = threading.Lock()


def fail(message, session=None):
    # From any thread: stop the twin and the whole check (scripts/check-fleet stops the fleet).
    # The first failure is the one reported; another thread failing meanwhile waits for the end.
    if not FAILING.acquire(blocking=False):
        time.sleep(3600)
    print(f"check-fleet: FAIL (seed {SEED}): {message}", file=sys.stderr, flush=True)
    if session is not None:
        dump(session)
    for twin in TWIN:
        if twin.poll() is None:
            twin.kill()
    os._exit(1)


def dump(s):
    """What it takes to replay a failed session's two histories offline: every batch sent, in
    order, with the fleet's and the twin's statuses (WORK/failed-session.jsonl), and the records
    the fleet's store holds for it (WORK/failed-records.txt: seq, kind, bytes, body as hex)."""
    path = os.path.join(WORK, "failed-session.jsonl")
    with open(path, "w") as out:
        out.write(json.dumps({"session": s.id, "twin": s.twin, "document": s.doc}) + "\n")
        for entry in s.exchanges:
            out.write(json.dumps(entry) + "\n")
    records = os.path.join(WORK, "failed-records.txt")
    query = f"SELECT seq, kind, length(body), encode(body, 'hex') FROM trellis_records WHERE session = '{s.id}' ORDER BY seq"
    with open(records, "w") as out:
        subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(PORT + 100), "-U", "postgres", "-d", "trellis", "-At", "-c", query],
                       stdout=out, stderr=subprocess.STDOUT, timeout=30)
    print(f"check-fleet: the session's batches are in {path}, its stored records in {records}", file=sys.stderr, flush=True)


def thread_failed(args):
    # An exception a client thread did not expect (the twin gone, a malformed answer) ends
    # the check, rather than quietly ending that thread's share of the load.
    fail(f"{args.thread.name}: {args.exc_type.__name__}: {args.exc_value}")


threading.excepthook = thread_failed


class Counts:
    def __init__(self):
        self.lock = threading.Lock()
        self.values = {}

    def add(self, name, n=1):
        with self.lock:
            self.values[name] = self.values.get(name, 0) + n

    def __getitem__(self, name):
        with self.lock:
            return self.values.get(name, 0)


COUNTS = Counts()


def fleet_up():
    """`scripts/fleet up 3 PORT`; {port: pid} of the instances it reports."""
    done = subprocess.run([FLEET, "up", str(INSTANCES), str(PORT)], stdout=subprocess.PIPE, text=True, timeout=300)
    if done.returncode != 0:
        fail(f"scripts/fleet up failed ({done.returncode}): {done.stdout}")
    pids = {}
    for line in done.stdout.splitlines():
        kind, port, pid = line.split("\t")
        if kind == "instance":
            pids[int(port)] = int(pid)
    if sorted(pids) != INSTANCE_PORTS:
        fail(f"scripts/fleet up reported instances on {sorted(pids)}, not {INSTANCE_PORTS}:\n{done.stdout}")
    return pids


def start_twin():
    log = open(os.path.join(WORK, "twin.log"), "a")
    proc = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "warning",
                             "--state-dir", "none", "--hot-sessions", "6"], stdout=subprocess.PIPE, stderr=log, text=True)
    TWIN.append(proc)
    line = proc.stdout.readline()
    if "listening on" not in line:
        fail(f"the twin did not start: {line!r}")
    return int(line.strip().rsplit(":", 1)[1])


def problem_code(answer):
    """The code a problem is typed by: its first error's (nginx's own pages have none)."""
    return (problem_codes(answer) or ["?"])[0]


class Metrics:
    """The fleet counters of every instance, summed across restarts: each instance is read
    just before it is killed, and its count starts again from zero."""
    def __init__(self):
        self.last = {port: {} for port in INSTANCE_PORTS}
        self.total = {name: 0 for name in FLEET_METRICS}

    @staticmethod
    def read(port):
        status, body = request(port, "GET", "/metrics", timeout=10)
        if status != 200:
            fail(f"GET /metrics on :{port} answered {status}")
        values = {}
        for line in body.decode().splitlines():
            for name in FLEET_METRICS:
                if line.startswith(f"trellis_fleet_{name}_total "):
                    values[name] = float(line.split()[1])
        missing = set(FLEET_METRICS) - set(values)
        if missing:
            fail(f"/metrics on :{port} lacks trellis_fleet_{sorted(missing)[0]}_total")
        return values

    def scrape(self, port):
        values = self.read(port)
        for name, value in values.items():
            self.total[name] += value - self.last[port].get(name, 0)
        self.last[port] = values
        return values

    def restarted(self, port):
        self.last[port] = {}


class Client:
    """One client of the fleet, through nginx: it settles every request before the next."""
    def __init__(self, name, twin, seed):
        self.name, self.twin, self.r, self.n = name, twin, random.Random(seed), 0

    def send(self, method, path, body=None):
        """Sends until an answer that is not 503, 502 or 504 arrives; returns (status,
        answer, request id, how earlier attempts that may have been applied were lost: a set
        of 502, 504 and None for a broken connection, empty when none was)."""
        deadline = time.monotonic() + PATIENCE
        unknown, last = set(), None
        while True:
            self.n += 1
            rid = f"check-fleet-{self.name}-{self.n}"
            try:
                status, headers, answer = exchange(PORT, method, path, body, TIMEOUT, {"X-Request-ID": rid})
            except (OSError, http.client.HTTPException) as error:
                status, headers, answer = None, {}, str(error).encode()
            if status is None or status in (502, 504):
                if method == "POST":
                    unknown.add(status)
                COUNTS.add(f"lost {status or 'connection'}")
                wait = 0.2
            elif status == 503:
                retry = headers.get("retry-after", "")
                if not retry.isdigit() or int(retry) < 1:
                    fail(f"{method} {path}: 503 without a Retry-After of whole seconds ({retry!r}): {answer[:300]!r}")
                COUNTS.add(f"503 {problem_code(answer)}")
                wait = int(retry)
            else:
                return status, answer, rid, unknown
            last = (status, answer[:200])
            if time.monotonic() + wait > deadline:
                fail(f"{method} {path}: no answer within {PATIENCE} s (last {last})")
            time.sleep(wait)

    def twin_edit(self, s, body):
        return request(self.twin, "POST", f"/v1/sessions/{s.twin}/edits", body)

    def create(self, s):
        status, answer, _, _ = self.send("POST", "/v1/sessions", s.doc)
        tstatus, tanswer = request(self.twin, "POST", "/v1/sessions", s.doc)
        if status != 201 or tstatus != 201:
            fail(f"create answered {status} (twin {tstatus}): {answer[:300]!r}")
        s.id, s.twin, s.acked = json.loads(answer)["id"], json.loads(tanswer)["id"], 1
        if not re.fullmatch(r"[0-9a-f]{32}", s.id):
            fail(f"a session id that is not 32 hex digits: {s.id!r}")

    def edit(self, s, ops=None):
        body = json.dumps({"ifRevision": s.acked, "ops": ops if ops is not None else s.ops(self.r)})
        s.in_flight = body
        status, answer, rid, unknown = self.send("POST", f"/v1/sessions/{s.id}/edits", body)
        s.exchanges.append({"body": body, "status": status, "lost": sorted(str(k) for k in unknown)})
        # An attempt nginx gave up on (504) or the client did (a broken connection) may still
        # run on a live instance and be refused for its departed client (above); one lost to a
        # killed instance (502) cannot, but a batch refused after running may have run there,
        # and then runs twice in the fleet, once in the twin.
        if unknown - {502} or (unknown and refused_after_running(body)):
            s.diverged = True
        if status == 409 and unknown:
            # An attempt whose answer was lost was committed: the session is one further.
            mine = self.read(s, ahead=1)
            tstatus, tanswer = self.twin_edit(s, body)
            s.exchanges[-1]["twin"] = tstatus
            if tstatus != 200:
                fail(f"session {s.id}: the twin refused ({tstatus}) a batch the fleet committed: {body}", s)
            s.acked = mine["revision"]
            COUNTS.add("committed unanswered")
            COUNTS.add("edits")
        elif status == 200:
            mine = json.loads(answer)
            if mine["revision"] != s.acked + 1:
                fail(f"session {s.id}: an edit at revision {s.acked} answered revision {mine['revision']}")
            tstatus, tanswer = self.twin_edit(s, body)
            s.exchanges[-1]["twin"] = tstatus
            if tstatus != 200:
                fail(f"session {s.id}: the fleet took a batch the twin refused ({tstatus}): {body}", s)
            difference = answer_difference(mine, json.loads(tanswer), s.diverged, anywhere=True)
            if difference:
                fail(f"session {s.id}: the answer to an edit {difference}", s)
            s.acked = mine["revision"]
            s.last_rid = rid
            COUNTS.add("edits")
        elif status == 409:
            fail(f"session {s.id}: 409 to a batch at the acknowledged revision {s.acked}, sent once: {answer[:300]!r}")
        else:
            tstatus, tanswer = self.twin_edit(s, body)
            s.exchanges[-1]["twin"] = tstatus
            # Alike down to the codes: a batch refused for another reason on one side (time)
            # starts that side's history over from a checkpoint.
            if tstatus != status or problem_codes(answer) != problem_codes(tanswer):
                fail(f"session {s.id}: the fleet answered {status} {problem_codes(answer)}, the twin {tstatus} "
                     f"{problem_codes(tanswer)}: {answer[:300]!r}", s)
            COUNTS.add("refused")
        s.in_flight = None

    def read(self, s, ahead=0, when="a read"):
        """GET through nginx: the revision acknowledged (plus `ahead`), the twin's answer."""
        status, answer, _, _ = self.send("GET", f"/v1/sessions/{s.id}")
        if status != 200:
            fail(f"{when}: session {s.id} answered {status}: {answer[:300]!r}")
        mine = json.loads(answer)
        if mine["revision"] != s.acked + ahead:
            fail(f"{when}: session {s.id} is at revision {mine['revision']}, expected {s.acked + ahead} "
                 f"({'stale' if mine['revision'] < s.acked + ahead else 'ahead'})")
        if ahead == 0:
            _, tanswer = request(self.twin, "GET", f"/v1/sessions/{s.twin}")
            difference = answer_difference(mine, json.loads(tanswer), s.diverged, anywhere=True)
            if difference:
                fail(f"{when}: session {s.id} {difference}", s)
        COUNTS.add("reads")
        return mine

    def run(self, mine, stop):
        while not stop.is_set():
            s = self.r.choice(mine)
            if self.r.random() < 0.25:
                self.read(s)
            else:
                self.edit(s)


def load(twin, sessions, stop):
    """CLIENTS threads (fewer for fewer sessions), each with its own sessions."""
    n = min(CLIENTS, len(sessions))
    threads = []
    for c in range(n):
        client = Client(f"c{c}", twin, rng.randrange(1 << 30))
        threads.append(threading.Thread(target=client.run, args=(sessions[c::n], stop), daemon=True))
    for t in threads:
        t.start()
    return threads


def owners(sessions):
    """{session id: instance port} from nginx's access log: the instance that answered each
    session's last acknowledged edit."""
    wanted = {s.last_rid: s.id for s in sessions}
    found = {}
    with open(os.path.join(STATE, "nginx", "logs", "access.log")) as log:
        for line in log:
            m = re.search(r"upstream=(.*?) upstream_status=.* request_id=(\S+)$", line.rstrip("\n"))
            if m and m.group(2) in wanted:
                last = re.split(r",\s*|\s:\s", m.group(1))[-1]
                found[wanted[m.group(2)]] = int(last.rsplit(":", 1)[1])
    if len(found) != len(sessions):
        fail(f"nginx's access log names the instance of {len(found)} of {len(sessions)} edits")
    return found


def split_brain(twin, sessions, pids, metrics):
    # One resize each (never refused), whose answer names the instance that owns it now.
    settle = Client("own", twin, rng.randrange(1 << 30))
    resize = [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}]
    for s in sessions:
        s.last_rid = None
        while s.last_rid is None:
            settle.edit(s, resize)
    owner = owners(sessions)
    by_port = {port: [s for s in sessions if owner[s.id] == port] for port in INSTANCE_PORTS}
    stalled = max(INSTANCE_PORTS, key=lambda port: (len(by_port[port]), rng.random()))
    victims = by_port[stalled]
    pid = pids[stalled]
    before = metrics.scrape(stalled)

    stop = threading.Event()
    threads = load(twin, victims, stop)
    time.sleep(0.3)
    os.kill(pid, signal.SIGSTOP)
    stopped = time.monotonic()
    base = {s.id: s.acked for s in victims}
    lost_before = COUNTS["lost 504"] + COUNTS["lost 502"] + COUNTS["lost connection"]
    # Until every one of its sessions moved and advanced past anything it may have held.
    deadline = stopped + 60
    while any(s.acked < base[s.id] + 2 for s in victims):
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGCONT)
            fail(f"with :{stalled} stopped, its sessions did not advance through nginx within 60 s: "
                 f"{[(s.id, base[s.id], s.acked) for s in victims]}")
        time.sleep(0.2)
    stop.set()
    for t in threads:
        t.join()
    held = time.monotonic() - stopped
    lost = COUNTS["lost 504"] + COUNTS["lost 502"] + COUNTS["lost connection"] - lost_before
    os.kill(pid, signal.SIGCONT)

    def direct(method, path, body=None):
        try:
            status, _, answer = exchange(stalled, method, path, body, TIMEOUT)
            return status, answer
        except (OSError, http.client.HTTPException) as error:
            fail(f"the continued instance :{stalled} did not answer {method} {path}: {error}")

    # Straight to the continued instance, before anything else reaches it.
    refused = {"409": 0, "503": 0}
    current = unavailable = 0
    for s in victims:
        stale = json.dumps({"ifRevision": base[s.id], "ops": [
            {"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": 999, "height": 999}}]})
        status, answer = direct("POST", f"/v1/sessions/{s.id}/edits", stale)
        if status not in (409, 503):
            fail(f"the continued instance :{stalled} answered {status} to an edit at the revision it knew "
                 f"({base[s.id]}; the session is at {s.acked}): {answer[:300]!r}")
        refused[str(status)] += 1
        status, answer = direct("GET", f"/v1/sessions/{s.id}")
        if status == 200:
            mine = json.loads(answer)
            if mine["revision"] != s.acked:
                fail(f"the continued instance :{stalled} answered session {s.id} at revision {mine['revision']}, "
                     f"its current revision is {s.acked} (stale)")
            _, tanswer = request(twin, "GET", f"/v1/sessions/{s.twin}")
            difference = answer_difference(mine, json.loads(tanswer), s.diverged, anywhere=True)
            if difference:
                fail(f"the continued instance :{stalled}: session {s.id} {difference}", s)
            current += 1
        elif status == 503:
            unavailable += 1
        else:
            fail(f"the continued instance :{stalled} answered {status} to a read of session {s.id}: {answer[:300]!r}")
    # Nothing it did landed: through nginx now, and once every lease it could hold is over.
    for s in victims:
        settle.read(s, when="after the split brain")
    time.sleep(LEASE_SECONDS + 0.5)
    for s in victims:
        settle.read(s, when=f"{LEASE_SECONDS} s after the split brain")
    after = metrics.scrape(stalled)
    delta = {name: int(after[name] - before[name]) for name in FLEET_METRICS}
    return (f"split brain: :{stalled} stopped {held:.1f} s holding {len(victims)} sessions; they moved "
            f"({lost} answers lost meanwhile) and advanced by {sum(s.acked - base[s.id] for s in victims)} revisions; "
            f"continued, it answered {current} reads current and {unavailable} with 503, refused every stale edit "
            f"({refused['409']} with 409, {refused['503']} with 503); its counters meanwhile: takeovers {delta['takeovers']}, "
            f"fenced {delta['fenced']}, refused {delta['refused']}, renewals {delta['lease_renewals']}")


def main():
    os.makedirs(WORK, exist_ok=True)
    started = time.monotonic()
    pids = fleet_up()
    twin = start_twin()
    metrics = Metrics()

    # A one-shot through nginx answers as the twin does.
    setup = Client("setup", twin, rng.randrange(1 << 30))
    doc = Session(8).doc
    status, answer, _, _ = setup.send("POST", "/v1/layouts", doc)
    tstatus, tanswer = request(twin, "POST", "/v1/layouts", doc)
    if status != 200 or json.loads(answer)["frames"] != json.loads(tanswer)["frames"]:
        fail(f"a one-shot through nginx answered {status}: {answer[:300]!r}")

    sessions = []
    for _ in range(CLIENTS * SESSIONS_PER_CLIENT):
        s = Session(rng.randrange(4, 16))
        s.last_rid = None   # the request id of its last acknowledged edit
        setup.create(s)
        sessions.append(s)

    for round_ in range(1, KILLS + 1):
        stop = threading.Event()
        threads = load(twin, sessions, stop)
        time.sleep(rng.uniform(0.3, 1.0))
        victim = rng.choice(INSTANCE_PORTS)
        metrics.scrape(victim)
        os.kill(pids[victim], signal.SIGKILL)
        metrics.restarted(victim)
        time.sleep(rng.uniform(0.3, 1.5))
        now = fleet_up()
        for port in INSTANCE_PORTS:
            if (now[port] == pids[port]) == (port == victim):
                fail(f"after kill {round_} of :{victim}, scripts/fleet up {'kept' if port == victim else 'restarted'} :{port}")
        pids = now
        time.sleep(rng.uniform(0.1, 0.5))
        stop.set()
        for t in threads:
            t.join()
        for s in sessions:
            setup.read(s, when=f"after kill {round_}")
        for port in INSTANCE_PORTS:
            metrics.scrape(port)

    brain = split_brain(twin, sessions, pids, metrics)
    for port in INSTANCE_PORTS:
        metrics.scrape(port)
    TWIN[0].terminate()
    TWIN[0].wait(timeout=30)
    retried = {name[4:]: v for name, v in COUNTS.values.items() if name.startswith("503 ")}
    lost = {name[5:]: v for name, v in COUNTS.values.items() if name.startswith("lost ")}
    t = metrics.total
    print(f"check-fleet: {KILLS} kills of {INSTANCES} instances behind nginx, {len(sessions)} sessions equal to their twins "
          f"after every kill; {COUNTS['edits']} edits acknowledged ({COUNTS['committed unanswered']} committed with their "
          f"answer lost, found applied), {COUNTS['refused']} refused alike, {COUNTS['reads']} reads never stale; "
          f"503s retried: {sum(retried.values())} {retried}; answers lost and retried: {sum(lost.values())} {lost}; "
          f"instances' counters: takeovers {int(t['takeovers'])}, renewals {int(t['lease_renewals'])}, "
          f"releases {int(t['lease_releases'])}, fenced {int(t['fenced'])}, refused {int(t['refused'])}; "
          f"{sum(s.diverged for s in sessions)} compared without ambiguous attributes; {brain} "
          f"({time.monotonic() - started:.1f} s, seed {SEED})")


main()
