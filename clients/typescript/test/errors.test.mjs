// Every non-2xx answer is a TrellisProblem with status, code, located errors and body.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Trellis, TrellisProblem } from "../dist/index.js";
import { base, card } from "./helpers.mjs";

const t = new Trellis({ baseUrl: base });

/** The promise's TrellisProblem (fails when it resolves or throws anything else). */
async function problemOf(promise) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof TrellisProblem, `not a TrellisProblem: ${error}`);
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail("resolved, but a problem was expected");
}

test("400 invalid-json: a document that is not JSON", async () => {
  const p = await problemOf(t.solve('{"views": ['));
  assert.equal(p.status, 400);
  assert.equal(p.code, "invalid-json");
  assert.equal(p.name, "TrellisProblem");
  assert.match(p.message, /^400 invalid-json: /);
  assert.equal(p.body.type, "urn:trellis:problem:invalid-json");
  assert.equal(p.errors[0].location.line, 1);
});

test("400 bad-request: a space other than root", async () => {
  const p = await problemOf(t.solve(card(), { space: "absolute" }));
  assert.equal(p.status, 400);
  assert.equal(p.code, "bad-request");
});

test("422 lists every error, each with its location", async () => {
  const text = '{"views": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 320, "height": 480}},\n' +
    '           {"id": "box", "superview": "root"}],\n' +
    ' "constraints": [\n' +
    '   "box.top == superview.top +",\n' +
    '   {"view": "box", "attributes": "widht", "to": 100}]}';
  const p = await problemOf(t.solve(text));
  assert.equal(p.status, 422);
  assert.equal(p.code, "expression-syntax");
  assert.deepEqual(p.errors.map((e) => e.code), ["expression-syntax", "unknown-attribute"]);
  assert.deepEqual(p.errors[0].location, { pointer: "/constraints/0", line: 4, column: 4, exprColumn: 27 });
  assert.deepEqual(p.errors[1].location, { pointer: "/constraints/1/attributes", line: 5, column: 34 });
  assert.equal(p.body.status, 422);
  assert.equal(p.body.instance, "/v1/layouts");
});

test("422 echoes the caller's source on an error about its constraint", async () => {
  const doc = { views: [{ id: "a" }], constraints: [{ view: "a", attributes: "width", to: "b", source: { file: "A.swift", line: 7 } }] };
  const p = await problemOf(t.solve(doc));
  assert.equal(p.status, 422);
  assert.equal(p.code, "unknown-view");
  assert.deepEqual(p.errors[0].source, { file: "A.swift", line: 7 });
  assert.match(p.errors[0].location.pointer, /^\/constraints\/0/);
});

test("422 unsatisfiable under strict, and no session is made", async () => {
  const doc = card();
  doc.strict = true;
  doc.constraints.push("title.width == 500", "title.width <= 100");
  const p = await problemOf(t.createSession(doc));
  assert.equal(p.status, 422);
  assert.equal(p.code, "unsatisfiable");
  assert.ok(p.errors[0].constraints.length >= 2);
});

test("422 from an edit leaves the session as it was", async () => {
  const s = await t.createSession(card());
  const p = await problemOf(s.edit([{ op: "remove", ids: ["no-such-constraint"] }]));
  assert.equal(p.status, 422);
  assert.equal(p.code, "unknown-constraint");
  assert.equal(p.errors[0].location.pointer.startsWith("/ops/0"), true);
  assert.equal(s.revision, 1);
  assert.equal((await s.get()).revision, 1);
  await s.delete();
});

test("404 unknown-session: get, edit, delete and attach of an unknown id", async () => {
  const s = await t.createSession(card());
  await s.delete();
  for (const call of [() => s.get(), () => s.edit([]), () => s.setFrame("root", { x: 0, y: 0, width: 1, height: 1 }), () => s.delete(), () => t.session(s.id), () => t.session("not-an-id")]) {
    const p = await problemOf(call());
    assert.equal(p.status, 404);
    assert.equal(p.code, "unknown-session");
  }
});

test("404 not-found: a base URL with the wrong path", async () => {
  const p = await problemOf(new Trellis({ baseUrl: base + "/nowhere" }).solve(card()));
  assert.equal(p.status, 404);
  assert.equal(p.code, "not-found");
});

test("409 revision-mismatch: ifRevision behind, and nothing applied", async () => {
  const s = await t.createSession(card());
  await s.setFrame("root", { x: 0, y: 0, width: 400, height: 400 });
  const p = await problemOf(s.edit([{ op: "remove", ids: ["title-min-width"] }], { ifRevision: 1 }));
  assert.equal(p.status, 409);
  assert.equal(p.code, "revision-mismatch");
  assert.equal(s.revision, 2);
  const state = await s.get();
  assert.equal(state.revision, 2);
  assert.ok(state.document.constraints.some((c) => c.id === "title-min-width"));
  await s.delete();
});

test("413 too-large: a body over the limit", async () => {
  const doc = card();
  doc.constraints[1].label = "x".repeat(1100 * 1024);
  const p = await problemOf(t.solve(doc));
  assert.equal(p.status, 413);
  assert.equal(p.code, "too-large");
});

test("413 too-large: a layout over the view limit", async () => {
  const views = Array.from({ length: 10001 }, (_, i) => ({ id: `v${i}` }));
  const p = await problemOf(t.createSession({ views }));
  assert.equal(p.status, 413);
  assert.equal(p.code, "too-large");
});

test("a body that is not JSON is still a TrellisProblem, with code null", async () => {
  const gateway = async () => new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } });
  const p = await problemOf(new Trellis({ baseUrl: base, fetch: gateway }).solve(card()));
  assert.equal(p.status, 502);
  assert.equal(p.code, null);
  assert.deepEqual(p.errors, []);
  assert.equal(p.body, "<html>502 Bad Gateway</html>");
  assert.match(p.message, /HTTP 502/);
});

test("JSON that is not a problem object is kept as text, with code null", async () => {
  const odd = async () => new Response("[1, 2]", { status: 500 });
  const p = await problemOf(new Trellis({ baseUrl: base, fetch: odd }).solve(card()));
  assert.equal(p.status, 500);
  assert.equal(p.code, null);
  assert.equal(p.body, "[1, 2]");
});
