// dist/trellis.js, the one-file build the playground imports, is the same client.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as bundle from "../dist/trellis.js";
import * as modules from "../dist/index.js";
import { base, card } from "./helpers.mjs";

test("the bundle exports what index.js exports", () => {
  assert.deepEqual(Object.keys(bundle).sort(), Object.keys(modules).sort());
  assert.deepEqual(Object.keys(bundle).sort(), ["Session", "Trellis", "TrellisProblem"]);
});

test("the bundle solves and reports problems", async () => {
  const t = new bundle.Trellis({ baseUrl: base });
  assert.deepEqual((await t.solve(card())).frames.card, { x: 20, y: 20, width: 335, height: 627 });
  const p = await t.solve("{").catch((e) => e);
  assert.ok(p instanceof bundle.TrellisProblem);
  assert.equal(p.status, 400);
});
