// @trellis/client as one ES module, built by scripts/build-ts-client; types in index.d.ts.

// paths.js
function withSpace(path, space, frames) {
  const query = [space === void 0 ? "" : `space=${encodeURIComponent(space)}`, frames === void 0 ? "" : `frames=${frames}`].filter((part) => part !== "");
  return query.length === 0 ? path : `${path}?${query.join("&")}`;
}
function sessionPath(id, tail = "") {
  return `/v1/sessions/${encodeURIComponent(id)}${tail}`;
}

// session.js
var Session = class {
  /** Made by `Trellis.createSession` and `Trellis.session`, not directly. */
  constructor(transport, id, answer, space) {
    this.transport = transport;
    this.id = id;
    this.latest = answer;
    this.space = space;
  }
  /** The session's revision as of the newest answer this object has seen. */
  get revision() {
    return this.latest.revision;
  }
  /** The newest answer this object has seen (frames, diagnostics, stats, revision). */
  get answer() {
    return this.latest;
  }
  /** Applies `ops` atomically (all or none) and keeps the answer. */
  async edit(ops, options = {}) {
    const batch = { ops };
    if (options.ifRevision !== void 0)
      batch.ifRevision = options.ifRevision;
    if (options.strict !== void 0)
      batch.strict = options.strict;
    const frames = options.changedFrames === true ? "changed" : void 0;
    const answer = await this.transport.send("POST", withSpace(sessionPath(this.id, "/edits"), this.space, frames), { json: batch }, options);
    if (answer.changedSince === void 0) {
      this.keep(answer);
    } else if (answer.changedSince === this.latest.revision) {
      this.keep(merged(this.latest, answer));
    } else if (answer.revision > this.latest.revision) {
      await this.get(options);
    }
    return answer;
  }
  /** A window resize or rotation: one `setFrame` op, edited in the live solver. */
  setFrame(view, frame, options = {}) {
    return this.edit([{ op: "setFrame", view, frame }], options);
  }
  /** The document as it now stands, with the answer; refreshes `revision` and `answer`. */
  async get(options = {}) {
    const state = await this.transport.send("GET", withSpace(sessionPath(this.id), this.space), void 0, options);
    this.keep(state);
    return state;
  }
  /** Ends the session on the server. */
  async delete(options = {}) {
    await this.transport.send("DELETE", sessionPath(this.id), void 0, options);
  }
  // Answers of overlapping requests may arrive out of order; an older one never replaces a newer.
  keep(answer) {
    if (answer.revision >= this.latest.revision)
      this.latest = answer;
  }
};
function merged(base, changed) {
  const frames = {};
  const removed = new Set(changed.removedViews ?? []);
  for (const [id, frame] of Object.entries(base.frames))
    if (!removed.has(id))
      frames[id] = changed.frames[id] ?? frame;
  for (const [id, frame] of Object.entries(changed.frames))
    if (!(id in frames))
      frames[id] = frame;
  const { changedSince: _since, removedViews: _removed, ...rest } = changed;
  return { ...rest, frames };
}

// problem.js
var TYPE_PREFIX = "urn:trellis:problem:";
var TrellisProblem = class extends Error {
  constructor(status, body, requestId = null) {
    const problem = typeof body === "string" ? null : body;
    const code = problem ? codeOf(problem) : null;
    super(messageOf(status, code, problem));
    this.name = "TrellisProblem";
    this.status = status;
    this.code = code;
    this.errors = problem && Array.isArray(problem.errors) ? problem.errors : [];
    this.body = body;
    this.requestId = requestId;
  }
  /** Reads a non-2xx response. A failure reading the body (an abort, a reset) is thrown as it is. */
  static async from(response) {
    const text = await response.text();
    return new TrellisProblem(response.status, parseProblem(text) ?? text, response.headers.get("x-request-id"));
  }
};
function parseProblem(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return null;
  const record = value;
  return Array.isArray(record.errors) || typeof record.type === "string" ? value : null;
}
function codeOf(problem) {
  const first = Array.isArray(problem.errors) ? problem.errors[0] : void 0;
  if (first && typeof first.code === "string")
    return first.code;
  return typeof problem.type === "string" && problem.type.startsWith(TYPE_PREFIX) ? problem.type.slice(TYPE_PREFIX.length) : null;
}
function messageOf(status, code, problem) {
  const detail = problem?.detail ?? problem?.title;
  if (code && detail)
    return `${status} ${code}: ${detail}`;
  if (code)
    return `${status} ${code}`;
  return `HTTP ${status} (the answer is not a problem+json object)`;
}

// signals.js
function linkSignals(a, b) {
  if (!a || !b)
    return { signal: a ?? b, release() {
    } };
  const controller = new AbortController();
  const onA = () => controller.abort(a.reason);
  const onB = () => controller.abort(b.reason);
  if (a.aborted)
    onA();
  else if (b.aborted)
    onB();
  else {
    a.addEventListener("abort", onA, { once: true });
    b.addEventListener("abort", onB, { once: true });
  }
  return {
    signal: controller.signal,
    release() {
      a.removeEventListener("abort", onA);
      b.removeEventListener("abort", onB);
    }
  };
}

// transport.js
var Transport = class {
  constructor(options) {
    this.base = options.baseUrl.replace(/\/+$/, "");
    const injected = options.fetch;
    if (!injected && typeof globalThis.fetch !== "function") {
      throw new TypeError("Trellis: no global fetch here; pass options.fetch");
    }
    this.fetchImpl = injected ?? globalThis.fetch.bind(globalThis);
    this.headers = options.headers;
    this.signal = options.signal;
    this.retries = Math.max(0, Math.floor(options.retries ?? 0));
  }
  /** Resolves to the parsed JSON answer, or undefined for a 204. */
  async send(method, path, body, call = {}) {
    const link = linkSignals(this.signal, call.signal);
    try {
      let response;
      for (let attempt = 0; ; attempt++) {
        response = await this.fetchImpl(this.base + path, {
          method,
          headers: this.headersFor(body, call.headers),
          body: body === void 0 ? void 0 : "json" in body ? JSON.stringify(body.json) : body.text,
          signal: link.signal
        });
        if (response.status !== 503 || attempt >= this.retries)
          break;
        await response.body?.cancel();
        await pause(retryAfterSeconds(response.headers.get("retry-after")), link.signal);
      }
      if (!response.ok)
        throw await TrellisProblem.from(response);
      if (response.status === 204)
        return void 0;
      return await response.json();
    } finally {
      link.release();
    }
  }
  headersFor(body, extra) {
    const headers = new Headers(this.headers);
    new Headers(extra).forEach((value, name) => headers.set(name, value));
    if (!headers.has("accept"))
      headers.set("accept", "application/json, application/problem+json");
    if (body !== void 0)
      headers.set("content-type", "json" in body ? "application/json" : body.type);
    return headers;
  }
};
function retryAfterSeconds(header) {
  const seconds = header === null ? 1 : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 30) : 1;
}
function pause(seconds, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, seconds * 1e3);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// client.js
var Trellis = class {
  constructor(options) {
    this.transport = new Transport(options);
  }
  /**
   * Solves a layout once (`POST /v1/layouts`). A string is sent as it is, so that the
   * line and column of every error are those of the caller's own text.
   */
  solve(doc, options = {}) {
    return this.transport.send("POST", withSpace("/v1/layouts", options.space), documentBody(doc), options);
  }
  /** Creates a live session from a layout (`POST /v1/sessions`). */
  async createSession(doc, options = {}) {
    const created = await this.transport.send("POST", withSpace("/v1/sessions", options.space), documentBody(doc), options);
    return new Session(this.transport, created.id, created, options.space);
  }
  /** Attaches to an existing session by id; reads it first, so an unknown id is a 404 here. */
  async session(id, options = {}) {
    const state = await this.transport.send("GET", withSpace(sessionPath(id), options.space), void 0, options);
    return new Session(this.transport, state.id, state, options.space);
  }
  /** Reads an Auto Layout console log as pasted (`POST /v1/explain`). */
  explain(logText, options = {}) {
    return this.transport.send("POST", "/v1/explain", { text: logText, type: "text/plain; charset=utf-8" }, options);
  }
};
function documentBody(doc) {
  return typeof doc === "string" ? { text: doc, type: "application/json" } : { json: doc };
}
export {
  Session,
  Trellis,
  TrellisProblem
};
