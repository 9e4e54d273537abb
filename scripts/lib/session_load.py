"""A session load and its judge, shared by the crash checks (durability_check.py, fleet_check.py).

- `request`: one HTTP exchange on a fresh connection;
- `document`: a realistic layout of n views (a column of rows in a root);
- `Session`: what a client knows of one session (its id, its twin's, the last revision
  acknowledged) and the edits batches it sends, drawn from a random generator;
- `answer_difference`: whether a session's answer equals its twin's, with the one exemption a
  crash allows (see `Session.diverged`); `problem_codes`: a refusal's codes, to compare two.
"""
import http.client
import json


def request(port, method, path, body=None, timeout=30, headers=None):
    """(status, body bytes) of one exchange with 127.0.0.1:port."""
    status, _, answer = exchange(port, method, path, body, timeout, headers)
    return status, answer


def exchange(port, method, path, body=None, timeout=30, headers=None):
    """(status, headers as a dict with lower-case names, body bytes); raises OSError or
    http.client.HTTPException when the connection fails."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        sent = dict(headers or {})
        if body is not None:
            sent.setdefault("Content-Type", "application/json")
        conn.request(method, path, body=body, headers=sent)
        response = conn.getresponse()
        answer = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, answer
    finally:
        conn.close()


def document(n):
    """A root and n - 1 rows stacked down it, each 44 high, inset 16 on both sides."""
    views = [{"id": "root", "frame": {"x": 0, "y": 0, "width": 375, "height": 667}}]
    constraints = []
    for k in range(1, n):
        v = f"v{k}"
        views.append({"id": v, "superview": "root", "intrinsicSize": {"width": 60, "height": 21}})
        constraints.append({"view": v, "attributes": "height", "to": 44})
        constraints.append({"view": v, "attributes": "leading", "to": "superview", "offset": 16})
        constraints.append(f"{v}.trailing <= superview.trailing - 16")
        constraints.append(f"{v}.top == superview.top + {8 + 52 * (k - 1)}" if k == 1 else f"{v}.top == v{k - 1}.bottom + 8")
    return json.dumps({"views": views, "constraints": constraints})


class Session:
    def __init__(self, views):
        self.views = views
        self.doc = document(views)
        self.id = self.twin = None
        self.acked = 0          # the last revision the server under test answered
        self.in_flight = None   # a batch sent and not answered (the server died meanwhile)
        # A batch the server refuses after running some of its ops (`remove` of a real id,
        # then of `nosuch`) leaves the same constraints but another solver, so it is kept in
        # the session's history. When one was in flight at a kill, nobody can tell whether
        # the server ran it: from then on the twin may hold another solver, and frames that
        # the layout leaves free (its `ambiguous` attributes) may settle elsewhere. In a fleet,
        # an attempt lost to a timeout may have been refused later for its departed client,
        # compacting the history (fleet_check.py).
        self.diverged = False
        self.made = []          # ids made, for removes
        self.exchanges = []     # every batch sent, with its statuses (dumped when the check fails)

    def ops(self, r):
        """The ops of one edits batch: an update, a resize, a make, or a remove (a fifth of
        the removes also remove an id that does not exist: refused, after running)."""
        v = f"v{r.randrange(1, self.views)}"
        kind = r.random()
        if kind < 0.35:
            return [{"op": "update", "view": v, "constraints": [f"{v}.height == {r.choice([30, 44, 60, 700])}"]}]
        if kind < 0.6:
            return [{"op": "setFrame", "view": "root", "frame": {"x": 0, "y": 0, "width": r.choice([320, 375, 414, 1024]), "height": 667}}]
        if kind < 0.8 or not self.made:
            cid = f"m{r.randrange(10**6)}"
            self.made.append(cid)
            return [{"op": "make", "view": v, "constraints": [{"id": cid, "expr": f"{v}.width >= {r.choice([40, 100, 500])} @{r.choice([250, 500, 1000])}"}]}]
        ops = [{"op": "remove", "ids": [self.made.pop(r.randrange(len(self.made)))]}]
        if r.random() < 0.2:
            ops.append({"op": "remove", "ids": ["nosuch"]})  # refused, changes nothing
        return ops

    def batch(self, r):
        return json.dumps({"ops": self.ops(r)})


def problem_codes(answer):
    """The codes of a problem's errors, in order (docs/api.md, errors): two refusals are alike
    when these are, since a refusal for another reason (time) may leave another history."""
    try:
        return [e.get("code") for e in json.loads(answer).get("errors", [])]
    except (ValueError, AttributeError):
        return ["?"]


def refused_after_running(body):
    """Whether a batch is one the server refuses after running some of its ops."""
    return "nosuch" in body


def same_determined_frames(mine, theirs):
    """Equal frames but for the attributes both answers call ambiguous."""
    def free(answer):
        out = {}
        for d in answer.get("diagnostics", []):
            if d.get("code") == "ambiguous":
                for view, attributes in d.get("views", {}).items():  # {"v4": ["width"]}
                    out.setdefault(view, set()).update(attributes)
        return out
    a, b = free(mine), free(theirs)
    if a != b or set(mine["frames"]) != set(theirs["frames"]):
        return False
    for view, frame in mine["frames"].items():
        for attribute, value in frame.items():
            if attribute not in a.get(view, set()) and value != theirs["frames"][view][attribute]:
                return False
    return True


def without_locations(diagnostics):
    """Diagnostics without their members' `location`s. A diverged session's history holds a
    refused batch once more or once less than its twin's, so it is compacted at another
    moment, and from then on its document is the checkpoint's text, whose lines and columns
    differ from the one first sent (docs/durability.md, Compaction)."""
    out = []
    for d in diagnostics:
        d = dict(d)
        if isinstance(d.get("constraints"), list):
            d["constraints"] = [{k: v for k, v in m.items() if k != "location"} if isinstance(m, dict) else m
                                for m in d["constraints"]]
        out.append(d)
    return out


def answer_difference(mine, theirs, diverged, anywhere=False):
    """None when two answers of a session (parsed JSON) agree on revision, frames and
    diagnostics (a diverged session's frames only where the layout determines them, and its
    diagnostics but for where their members were written, as with `anywhere`); otherwise what differs, for a
    failure message."""
    for key in ("revision", "frames", "diagnostics"):
        if key == "frames" and diverged:
            if not same_determined_frames(mine, theirs):
                return (f"frames differ from its twin's beyond ambiguous attributes (diverged):\n"
                        f"  {json.dumps(mine[key])[:600]}\n  {json.dumps(theirs[key])[:600]}")
            continue
        if key == "diagnostics" and (diverged or anywhere):
            if without_locations(mine[key]) != without_locations(theirs[key]):
                return (f"diagnostics differ from its twin's beyond locations (diverged):\n"
                        f"  {json.dumps(mine[key])[:600]}\n  {json.dumps(theirs[key])[:600]}")
            continue
        if mine[key] != theirs[key]:
            return (f"{key} differs from its twin's:\n  {json.dumps(mine[key])[:600]}\n  {json.dumps(theirs[key])[:600]}"
                    f"\n  diagnostics: {json.dumps(mine['diagnostics'])[:600]}\n  twin's: {json.dumps(theirs['diagnostics'])[:600]}")
    return None
