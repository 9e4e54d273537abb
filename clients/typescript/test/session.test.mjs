// Sessions: create, edit (revision and answer kept), setFrame, get, delete, attach by id.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Session, Trellis } from "../dist/index.js";
import { base, card, recordingFetch } from "./helpers.mjs";

test("createSession answers id, revision 1 and the answer", async () => {
  const s = await new Trellis({ baseUrl: base }).createSession(card());
  assert.ok(s instanceof Session);
  assert.match(s.id, /^[0-9a-f]{32}$/);
  assert.equal(s.revision, 1);
  assert.equal(s.answer.revision, 1);
  assert.deepEqual(s.answer.frames.card, { x: 20, y: 20, width: 335, height: 627 });
  await s.delete();
});

test("edit applies ops and keeps revision and answer current", async () => {
  const s = await new Trellis({ baseUrl: base }).createSession(card());
  const answer = await s.edit([
    { op: "addViews", views: [{ id: "badge", superview: "card", intrinsicSize: { width: 24, height: 24 } }] },
    { op: "make", view: "badge", constraints: [{ attributes: ["top", "trailing"], to: "superview", inset: 8 }] },
  ]);
  assert.equal(answer.revision, 2);
  assert.equal(s.revision, 2);
  assert.equal(s.answer, answer);
  assert.deepEqual(answer.frames.badge, { x: 303, y: 8, width: 24, height: 24 });
  const next = await s.edit([{ op: "update", view: "badge", constraints: [{ attributes: ["top", "trailing"], to: "superview", inset: 12 }] }], { ifRevision: 2 });
  assert.equal(next.revision, 3);
  assert.deepEqual(s.answer.frames.badge, { x: 299, y: 12, width: 24, height: 24 });
  // An empty batch changes nothing, revision included.
  assert.equal((await s.edit([])).revision, 3);
  await s.delete();
});

test("edit sends ifRevision and strict only when given", async () => {
  const rec = recordingFetch();
  const s = await new Trellis({ baseUrl: base, fetch: rec.fetch }).createSession(card());
  await s.edit([{ op: "remove", ids: ["title-min-width"] }]);
  await s.edit([{ op: "deactivate", view: "title" }], { ifRevision: 2, strict: true });
  assert.equal(rec.calls[1].url, `${base}/v1/sessions/${s.id}/edits`);
  assert.equal(rec.calls[1].method, "POST");
  assert.deepEqual(JSON.parse(rec.calls[1].body), { ops: [{ op: "remove", ids: ["title-min-width"] }] });
  assert.deepEqual(JSON.parse(rec.calls[2].body), { ops: [{ op: "deactivate", view: "title" }], ifRevision: 2, strict: true });
  assert.equal(s.revision, 3);
  await s.delete();
});

test("setFrame is one setFrame edit and moves the frames", async () => {
  const rec = recordingFetch();
  const s = await new Trellis({ baseUrl: base, fetch: rec.fetch }).createSession(card());
  const answer = await s.setFrame("root", { x: 0, y: 0, width: 667, height: 375 });
  assert.deepEqual(JSON.parse(rec.calls[1].body), { ops: [{ op: "setFrame", view: "root", frame: { x: 0, y: 0, width: 667, height: 375 } }] });
  assert.equal(answer.revision, 2);
  assert.deepEqual(s.answer.frames.card, { x: 20, y: 20, width: 627, height: 335 });
  await s.delete();
});

test("get answers the document as it stands and refreshes the session", async () => {
  const t = new Trellis({ baseUrl: base });
  const s = await t.createSession(card());
  const other = await t.session(s.id);
  await other.setFrame("root", { x: 0, y: 0, width: 390, height: 844 });
  assert.equal(s.revision, 1);
  const state = await s.get();
  assert.equal(state.id, s.id);
  assert.equal(state.revision, 2);
  assert.equal(s.revision, 2);
  assert.deepEqual(state.document.views[0].frame, { x: 0, y: 0, width: 390, height: 844 });
  assert.ok(state.document.constraints.every((c) => typeof c.id === "string"));
  await s.delete();
});

test("a session in root space answers absolute frames on every call", async () => {
  const t = new Trellis({ baseUrl: base });
  const s = await t.createSession(card(), { space: "root" });
  assert.equal(s.space, "root");
  assert.deepEqual(s.answer.frames.title, { x: 32, y: 32, width: 120, height: 21 });
  await s.setFrame("root", { x: 0, y: 0, width: 300, height: 300 });
  assert.deepEqual(s.answer.frames.title, { x: 32, y: 32, width: 120, height: 21 });
  assert.deepEqual((await s.get()).frames.title, { x: 32, y: 32, width: 120, height: 21 });
  await s.delete();
});

test("session(id) attaches to an existing session with its revision and answer", async () => {
  const t = new Trellis({ baseUrl: base });
  const s = await t.createSession(card());
  await s.edit([{ op: "remove", ids: ["title-min-width"] }]);
  const attached = await t.session(s.id);
  assert.equal(attached.id, s.id);
  assert.equal(attached.revision, 2);
  assert.deepEqual(attached.answer.frames, s.answer.frames);
  await attached.edit([{ op: "setFrame", view: "root", frame: { x: 0, y: 0, width: 320, height: 480 } }], { ifRevision: 2 });
  assert.equal(attached.revision, 3);
  await attached.delete();
});

test("delete answers nothing and ends the session", async () => {
  const rec = recordingFetch();
  const t = new Trellis({ baseUrl: base, fetch: rec.fetch });
  const s = await t.createSession(card());
  assert.equal(await s.delete(), undefined);
  assert.equal(rec.calls[1].method, "DELETE");
  assert.equal(rec.calls[1].url, `${base}/v1/sessions/${s.id}`);
  assert.equal(rec.calls[1].response.status, 204);
  await assert.rejects(s.get(), { name: "TrellisProblem", status: 404, code: "unknown-session" });
});

test("changedFrames asks for the frames a batch moves and keeps the whole answer", async () => {
  const rec = recordingFetch();
  const s = await new Trellis({ baseUrl: base, fetch: rec.fetch }).createSession(card());
  const whole = await new Trellis({ baseUrl: base }).createSession(card());
  const answer = await s.setFrame("root", { x: 0, y: 0, width: 667, height: 375 }, { changedFrames: true });
  assert.equal(rec.calls[1].url, `${base}/v1/sessions/${s.id}/edits?frames=changed`);
  assert.equal(answer.changedSince, 1);
  assert.deepEqual(answer.removedViews, []);
  assert.ok(Object.keys(answer.frames).length < Object.keys(s.answer.frames).length, JSON.stringify(answer.frames));
  const full = await whole.setFrame("root", { x: 0, y: 0, width: 667, height: 375 });
  assert.deepEqual(s.answer.frames, full.frames);
  assert.equal(s.revision, 2);
  await s.delete();
  await whole.delete();
});
