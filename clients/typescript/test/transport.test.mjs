// What the client sends and how fetch is used: injected fetch, headers, and network errors.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Trellis, TrellisProblem } from "../dist/index.js";
import { base, card, deadPort, recordingFetch } from "./helpers.mjs";

test("an injected fetch carries every call", async () => {
  const rec = recordingFetch();
  const t = new Trellis({ baseUrl: base, fetch: rec.fetch });
  await t.solve(card());
  const s = await t.createSession(card());
  await s.edit([]);
  await s.get();
  await t.session(s.id);
  await s.delete();
  await t.explain("").catch(() => {});
  assert.deepEqual(rec.calls.map((c) => `${c.method} ${c.url.slice(base.length)}`), [
    "POST /v1/layouts",
    "POST /v1/sessions",
    `POST /v1/sessions/${s.id}/edits`,
    `GET /v1/sessions/${s.id}`,
    `GET /v1/sessions/${s.id}`,
    `DELETE /v1/sessions/${s.id}`,
    "POST /v1/explain",
  ]);
  assert.equal(rec.calls[3].body, undefined);
  assert.equal(rec.calls[3].headers.has("content-type"), false);
  assert.equal(rec.calls[0].headers.get("accept"), "application/json, application/problem+json");
});

test("the client's headers go with every request, a call's over them", async () => {
  const rec = recordingFetch();
  const t = new Trellis({ baseUrl: base, fetch: rec.fetch, headers: { "X-Request-Id": "ts-client.1", "X-Extra": "kept" } });
  await t.solve(card());
  await t.solve(card(), { headers: { "x-request-id": "ts-client.2" } });
  assert.equal(rec.calls[0].headers.get("x-extra"), "kept");
  assert.equal(rec.calls[0].response.headers.get("x-request-id"), "ts-client.1");
  assert.equal(rec.calls[1].headers.get("x-extra"), "kept");
  assert.equal(rec.calls[1].response.headers.get("x-request-id"), "ts-client.2");
});

test("the client's content-type wins over a header that would be refused (415)", async () => {
  const t = new Trellis({ baseUrl: base, headers: [["Content-Type", "text/plain"]] });
  const answer = await t.solve(card());
  assert.equal(answer.stats.views, 3);
});

test("a problem carries the request id the server logged", async () => {
  const t = new Trellis({ baseUrl: base, headers: { "X-Request-Id": "ts-client.problem" } });
  const p = await t.solve("{").catch((e) => e);
  assert.ok(p instanceof TrellisProblem);
  assert.equal(p.requestId, "ts-client.problem");
});

test("a network error is fetch's own error, not a TrellisProblem", async () => {
  const port = await deadPort();
  const t = new Trellis({ baseUrl: `http://127.0.0.1:${port}` });
  const error = await t.solve(card()).then(() => assert.fail("resolved with no server"), (e) => e);
  assert.equal(error instanceof TrellisProblem, false);
  assert.ok(error instanceof TypeError, `${error}`);
  assert.ok(error.cause, "undici says why in cause");
});

test("whatever the injected fetch rejects with comes back as it is", async () => {
  const failure = new RangeError("from the wrapper");
  const t = new Trellis({ baseUrl: base, fetch: async () => { throw failure; } });
  await assert.rejects(t.solve(card()), (e) => e === failure);
  await assert.rejects(t.explain("x"), (e) => e === failure);
});

test("an injected fetch gets the combined signal", async () => {
  const rec = recordingFetch();
  const client = new AbortController();
  const t = new Trellis({ baseUrl: base, fetch: rec.fetch, signal: client.signal });
  await t.solve(card());
  assert.equal(rec.calls[0].signal, client.signal);
  const call = new AbortController();
  await t.solve(card(), { signal: call.signal });
  assert.ok(rec.calls[1].signal instanceof AbortSignal);
  assert.notEqual(rec.calls[1].signal, client.signal);
});

test("a 503 is sent again after its Retry-After, up to `retries` times, then thrown", async () => {
  let calls = 0;
  const unavailable = () =>
    new Response(JSON.stringify({ type: "urn:trellis:problem:session-owned-elsewhere", title: "Service Unavailable", status: 503,
      errors: [{ severity: "error", code: "session-owned-elsewhere", message: "another instance holds it" }] }),
      { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "0" } });
  const flaky = async (url, init) => (++calls <= 2 ? unavailable() : fetch(url, init));
  const t = new Trellis({ baseUrl: base, fetch: flaky, retries: 2 });
  const answer = await t.solve(card());
  assert.equal(calls, 3);
  assert.ok(answer.frames.card);
  calls = 0;
  const once = new Trellis({ baseUrl: base, fetch: flaky, retries: 1 });
  await assert.rejects(once.solve(card()), (e) => e instanceof TrellisProblem && e.status === 503 && e.code === "session-owned-elsewhere");
  assert.equal(calls, 2);
  calls = 0;
  await assert.rejects(new Trellis({ baseUrl: base, fetch: flaky }).solve(card()), (e) => e instanceof TrellisProblem && e.status === 503);
  assert.equal(calls, 1);
});
