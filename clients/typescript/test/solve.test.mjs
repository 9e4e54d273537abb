// Trellis.solve: POST /v1/layouts, frames as the contract says, in both coordinate spaces.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Trellis } from "../dist/index.js";
import { base, card, cardText, recordingFetch } from "./helpers.mjs";

test("solve answers every frame in its superview's space", async () => {
  const answer = await new Trellis({ baseUrl: base }).solve(card());
  assert.deepEqual(Object.keys(answer.frames), ["root", "card", "title"]);
  assert.deepEqual(answer.frames.card, { x: 20, y: 20, width: 335, height: 627 });
  assert.deepEqual(answer.frames.title, { x: 12, y: 12, width: 120, height: 21 });
  assert.deepEqual(answer.diagnostics, []);
  assert.equal(answer.stats.views, 3);
  assert.equal("revision" in answer, false);
});

test("solve with space root answers absolute frames", async () => {
  const answer = await new Trellis({ baseUrl: base }).solve(card(), { space: "root" });
  assert.deepEqual(answer.frames.title, { x: 32, y: 32, width: 120, height: 21 });
});

test("solve posts JSON to /v1/layouts, and a string document as it is", async () => {
  const rec = recordingFetch();
  const t = new Trellis({ baseUrl: base + "/", fetch: rec.fetch });
  await t.solve(card(), { space: "root" });
  await t.solve(cardText);
  assert.equal(rec.calls.length, 2);
  assert.equal(rec.calls[0].method, "POST");
  assert.equal(rec.calls[0].url, base + "/v1/layouts?space=root");
  assert.equal(rec.calls[0].headers.get("content-type"), "application/json");
  assert.deepEqual(JSON.parse(rec.calls[0].body), card());
  assert.equal(rec.calls[1].url, base + "/v1/layouts");
  assert.equal(rec.calls[1].body, cardText);
});

test("an unsatisfiable layout is a 200 answer with its diagnostic", async () => {
  const doc = card();
  doc.constraints.push({ id: "too-wide", expr: "title.width == 500" }, "title.width <= 100");
  const answer = await new Trellis({ baseUrl: base }).solve(doc);
  const conflict = answer.diagnostics.find((d) => d.code === "unsatisfiable");
  assert.ok(conflict, JSON.stringify(answer.diagnostics));
  assert.ok(conflict.constraints.every((c) => c.location && typeof c.location.pointer === "string"));
  assert.ok(conflict.broken.length >= 1);
});
