// Compile-time checks (tsc --noEmit, never run): the generated types accept what the contract's
// examples send and answer, and refuse what the spec refuses where TypeScript can say so.
import {
  Answer, Constraint, EditOp, LayoutDocument, Problem, Session, SessionAnswer, SessionState, Trellis, TrellisProblem,
} from "../src/index.js";

// docs/api.md §2, the document of the example.
export const card: LayoutDocument = {
  direction: "ltr",
  views: [
    { id: "root", frame: { x: 0, y: 0, width: 375, height: 667 } },
    { id: "card", superview: "root", margins: { top: 8, left: 16, bottom: 8, right: 16 } },
    {
      id: "title", superview: "card", intrinsicSize: { width: 120, height: 21 },
      hugging: { horizontal: 250, vertical: 250 }, compressionResistance: { horizontal: 750, vertical: "high" },
      baselines: { first: 17, last: 17 },
    },
  ],
  constraints: [
    { view: "card", attributes: "edges", to: "superview", inset: 20, source: { file: "CardView.swift", line: 31 } },
    { view: "title", attributes: ["top", "leading"], to: "card", offset: 12, label: "title-anchor" },
    "title.trailing <= card.trailing - 12 @750",
    { expr: "title.width >= 44", source: { file: "CardView.swift", line: 40, column: 9 } },
    { distribute: ["a", "b"], axis: "horizontal", spacing: 10 },
    { vfl: "H:|-[a]-[b]-|", options: ["alignAllTop"], metrics: { pad: 20 } },
    { view: "title", attributes: "size", to: { width: 10, height: 20 } },
    { view: "title", attributes: "center", to: { view: "card", attribute: "center" }, priority: "low" },
    { view: "title", attributes: "edges", to: "superview", inset: { top: 1, leading: 2 } },
  ],
  metrics: { pad: 8 },
};

// Every op of docs/api.md §4.4.
export const ops: EditOp[] = [
  { op: "addViews", views: [{ id: "badge", superview: "card" }] },
  { op: "make", view: "badge", constraints: [{ attributes: ["top", "trailing"], to: "superview", inset: 8 }] },
  { op: "update", view: "badge", constraints: ["badge.top == superview.top + 12"] },
  { op: "remake", view: "badge", constraints: [{ expr: "badge.center == superview.center" }] },
  { op: "remove", view: "badge" },
  { op: "remove", ids: ["title-min-width"] },
  { op: "removeViews", ids: ["badge"] },
  { op: "setFrame", view: "root", frame: { x: 0, y: 0, width: 667, height: 375 } },
  { op: "activate", ids: ["c1"] },
  { op: "deactivate", view: "title" },
  { op: "set", ids: ["c2.top"], offset: 40, priority: 750, active: true },
];

// What the spec refuses, where a type can tell.
// @ts-expect-error a constraint object needs `to` (missing-target)
export const noTarget: Constraint = { view: "a", attributes: "width" };
// @ts-expect-error a distribute entry takes `spacing` or `itemLength`, not both
export const bothLengths: Constraint = { distribute: ["a", "b"], axis: "vertical", spacing: 1, itemLength: 2 };
// @ts-expect-error `remove` needs `view` or `ids`
export const removeNothing: EditOp = { op: "remove" };
// @ts-expect-error no such op
export const unknownOp: EditOp = { op: "resize", view: "root" };
// @ts-expect-error a frame needs all four members
export const halfFrame: EditOp = { op: "setFrame", view: "root", frame: { x: 0, y: 0 } };
// @ts-expect-error relation is an enumeration
export const badRelation: Constraint = { view: "a", attributes: "width", to: 1, relation: "=" };

// The answers, as the contract shows them.
export const answer: Answer = {
  frames: { root: { x: 0, y: 0, width: 375, height: 667 } },
  diagnostics: [{
    severity: "error", code: "unsatisfiable", message: "broke title.width == 500",
    constraints: [{
      id: "c4", attribute: "width", label: null, description: "title.width == 500",
      source: { file: "CardView.swift", line: 40 }, location: { pointer: "/constraints/3", line: 14, column: 5 },
    }],
    broken: [{ id: "c4", attribute: "width" }],
  }, { severity: "warning", code: "ambiguous", message: "title", views: { title: ["x", "width"] } }],
  stats: { views: 3, constraints: 9, solveMicros: 41 },
};
export const problem: Problem = {
  type: "urn:trellis:problem:unknown-view", title: "Unprocessable Content", status: 422,
  errors: [{ severity: "error", code: "unknown-view", message: "no titel", location: { pointer: "/constraints/1", line: 9, column: 5 } }],
};

// The client's surface, as issue 42 writes it.
export async function surface(baseUrl: string, signal: AbortSignal): Promise<void> {
  const t = new Trellis({ baseUrl, fetch, headers: { "X-Request-Id": "a" }, signal });
  const solved: Answer = await t.solve(card, { space: "root", signal });
  const s: Session = await t.createSession(card, { signal });
  const revision: number = s.revision;
  const current: SessionAnswer = s.answer;
  await s.edit(ops, { ifRevision: revision, strict: true, signal });
  await s.setFrame("root", { x: 0, y: 0, width: 390, height: 844 });
  const state: SessionState = await s.get();
  await s.delete({ signal });
  const again: Session = await t.session(state.id);
  const report = await t.explain("log", { signal });
  const line: number = report.logs[0].line;
  // @ts-expect-error `space` takes only "root"
  await t.solve(card, { space: "absolute" });
  try { await again.get(); } catch (e) {
    if (e instanceof TrellisProblem) {
      const status: number = e.status;
      const code: string | null = e.code;
      const where = e.errors[0]?.location?.pointer;
      void [status, code, where];
    }
  }
  void [solved, current, line];
}
