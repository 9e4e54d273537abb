// Trellis.explain: POST /v1/explain with the paste as text (docs/explain.md).
import assert from "node:assert/strict";
import { test } from "node:test";
import { Trellis, TrellisProblem } from "../dist/index.js";
import { base, recordingFetch } from "./helpers.mjs";

// A console log of the usual form: header, advice, the list, the break, the breakpoint advice.
const log = [
  "2024-05-02 09:41:07.512345+0200 Contacts[4242:99001] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
  "\tProbably at least one of the constraints in the following list is one you don't want. ",
  "\tTry this: ",
  "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
  "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
  "(",
  "    \"<NSLayoutConstraint:0x600001f2c0a0 H:|-(10)-[UILabel:0x7fa01200b390'Leo Nicholson']   (active, names: '|':UIView:0x7fa012009f50 )>\",",
  "    \"<NSLayoutConstraint:0x600001f2c0f0 H:[UILabel:0x7fa01200b390'Leo Nicholson']-(11)-|   (active, names: '|':UIView:0x7fa012009f50 )>\",",
  "    \"<NSLayoutConstraint:0x600001f2c140 'UIView-Encapsulated-Layout-Width' UIView:0x7fa012009f50.width == 1   (active)>\"",
  ")",
  "",
  "Will attempt to recover by breaking constraint ",
  "<NSLayoutConstraint:0x600001f2c0f0 H:[UILabel:0x7fa01200b390'Leo Nicholson']-(11)-|   (active, names: '|':UIView:0x7fa012009f50 )>",
  "",
  "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
  "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIView.h> may also be helpful.",
].join("\n");

test("explain of an empty paste is 422 no-log-found", async () => {
  const error = await new Trellis({ baseUrl: base }).explain("").then(() => assert.fail("resolved"), (e) => e);
  assert.ok(error instanceof TrellisProblem, `${error}`);
  assert.equal(error.status, 422);
  assert.equal(error.code, "no-log-found");
});

test("explain reads a console log: one log, its constraints, the conflict and the break", async () => {
  const rec = recordingFetch();
  const report = await new Trellis({ baseUrl: base, fetch: rec.fetch }).explain(log);
  assert.equal(rec.calls[0].headers.get("content-type"), "text/plain; charset=utf-8");
  assert.equal(rec.calls[0].body, log);
  assert.equal(report.logs.length, 1);
  const [first] = report.logs;
  assert.equal(first.line, 1);
  assert.equal(first.constraints.length, 3);
  assert.deepEqual(first.constraints.map((c) => c.line), [7, 8, 9]);
  assert.ok(first.views.some((v) => v.class === "UILabel" && v.address === "0x7fa01200b390" && v.text === "Leo Nicholson"));
  assert.ok(first.diagnostics.some((d) => d.code === "unsatisfiable"));
  assert.equal(first.autoLayoutBroke.address, "0x600001f2c0f0");
  assert.equal(first.autoLayoutBroke.line, 13);
  assert.ok(Array.isArray(report.warnings));
});
