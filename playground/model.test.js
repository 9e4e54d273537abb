// Unit tests of model.js (the pure parts). scripts/check-playground runs them in Chromium,
// in the loaded page, and fails unless every one passes. Evaluates to
// {passed, failed, failures}.
(function () {
  "use strict";
  const M = window.TrellisModel;
  let passed = 0;
  const failures = [];
  function test(name, body) {
    try { body(); passed += 1; } catch (e) { failures.push(name + ": " + (e && e.message ? e.message : e)); }
  }
  function eq(actual, expected, what) {
    const a = JSON.stringify(actual), b = JSON.stringify(expected);
    if (a !== b) throw new Error((what || "value") + " " + a + " != " + b);
  }

  test("fragments round-trip any text, accents and emoji included", () => {
    for (const text of ["", "{}", '{"views": [{"id": "r\u00e9sum\u00e9"}]}', "line\nbreak \ud83d\ude00", "x".repeat(70000)]) {
      const f = M.encodeFragment(text);
      eq(/^doc=[A-Za-z0-9_-]*$/.test(f), true, "url-safe " + f.slice(0, 20));
      eq(M.decodeFragment("#" + f), text, "round trip");
      eq(M.decodeFragment(f), text, "without #");
    }
  });

  test("a fragment without a document, or a damaged one, gives null", () => {
    eq(M.decodeFragment(""), null);
    eq(M.decodeFragment("#other=1"), null);
    eq(M.decodeFragment("#doc=%%%"), null);
    eq(M.decodeFragment("#doc=_w"), null, "invalid UTF-8");
  });

  test("shapes: one per frame, outermost first, with conflicts and ambiguity", () => {
    const doc = { views: [{ id: "root" }, { id: "b", superview: "a" }, { id: "a", superview: "root" }, { id: "g", superview: "a", kind: "guide" }] };
    const answer = {
      frames: { root: { x: 0, y: 0, width: 100, height: 50 }, b: { x: 10, y: 10, width: 5, height: 5 },
                a: { x: 1, y: 2, width: 30, height: 40 }, g: { x: 3, y: 3, width: 1, height: 1 } },
      diagnostics: [
        { code: "ambiguous", views: { b: ["x", "width"] } },
        { code: "unsatisfiable", constraints: [{ id: "c1", attribute: "width", description: "a.width == b.width" }] },
      ],
    };
    const s = M.shapes(answer, doc);
    eq(s.map((x) => x.id), ["root", "a", "b", "g"]);
    eq(s.map((x) => x.depth), [0, 1, 2, 2]);
    eq(s.find((x) => x.id === "b").ambiguous, ["x", "width"]);
    eq(s.filter((x) => x.conflict).map((x) => x.id), ["a", "b"]);
    eq(s.find((x) => x.id === "g").guide, true);
    eq([s[1].x, s[1].y, s[1].width, s[1].height], [1, 2, 30, 40]);
  });

  test("implicit constraint ids name their view", () => {
    const views = M.viewIndex({ views: [{ id: "card" }] });
    eq(M.viewsOfReference({ id: "card.frame.x", description: "card.frame.x == 20" }, views), ["card"]);
    eq(M.viewsOfReference({ id: "zzz", description: "nothing here" }, views), []);
  });

  test("fit centres the bounds in the canvas", () => {
    const f = M.fit({ x: 0, y: 0, width: 100, height: 50 }, 224, 224, 12);
    eq(f.scale, 2);
    eq([f.tx, f.ty], [12, 62]);
    const b = M.bounds([{ x: -5, y: 0, width: 10, height: 10 }, { x: 0, y: 20, width: 5, height: -30 }]);
    eq(b, { x: -5, y: -10, width: 10, height: 30 });
  });

  test("conflict cards list members with source, line and the broken one", () => {
    const cards = M.conflictCards({ diagnostics: [{ code: "unsatisfiable", message: "broke w",
      constraints: [
        { id: "a", attribute: "width", description: "v.width == 1", source: { file: "V.swift", line: 3 }, location: { line: 7 } },
        { id: "w", attribute: "width", description: "v.width == 2", label: "wide", location: { line: 9 } }],
      broken: [{ id: "w", attribute: "width" }] }, { code: "ambiguous" }] });
    eq(cards.length, 1);
    eq(cards[0].members.map((m) => [m.id, m.source, m.line, m.broken, m.label]),
       [["a", "V.swift:3", 7, false, null], ["w", null, 9, true, "wide"]]);
  });

  test("error marks carry line and column, inside expressions too", () => {
    const marks = M.errorMarks({ errors: [
      { code: "unknown-view", message: "m", location: { pointer: "/c/0", line: 4, column: 7 } },
      { code: "expression-syntax", message: "e", location: { pointer: "/c/1", line: 5, column: 3, exprColumn: 10 } },
      { code: "x", message: "no location" }] });
    eq(marks.map((m) => [m.line, m.column]), [[4, 7], [5, 13], [1, 1]]);
    eq(M.syntaxErrorLine("a\nb\nc", "Unexpected token at position 4"), 3);
    eq(M.syntaxErrorLine("a", "at line 9 column 2"), 9);
  });

  test("constraints of a view, in both forms", () => {
    const doc = { constraints: [
      { id: "k", view: "a", attributes: ["top", "left"], to: "superview", offset: 8, priority: 750 },
      "b.width == a.width * 0.5 + 4 @low",
      { expr: "c.left >= 10" },
      { view: "a", attributes: "size", to: { width: 1, height: 2 } }] };
    const cs = M.constraintsOfView(doc, "a");
    eq(cs.map((c) => [c.index, c.first, c.attribute, c.second, c.secondAttribute, c.priority, c.constant]),
       [[0, "a", "top", "superview", "top", 750, 8], [1, "b", "width", "a", "width", 250, 4], [3, "a", "size", null, null, 1000, 0]]);
  });

  test("update specs restate a constraint with a new constant", () => {
    eq(M.withConstant({ id: "k", view: "a", attributes: "top", to: "superview", offset: 8, label: "l" }, 12),
       { attributes: "top", to: "superview", offset: 12 });
    eq(M.withConstant({ view: "a", attributes: "width", to: 100 }, 120), { attributes: "width", to: 120 });
    eq(M.withConstant({ view: "a", attributes: "edges", to: "superview", inset: 20 }, 4), { attributes: "edges", to: "superview", inset: 4 });
    eq(M.withConstant("a.width == 100 @750", 90), "a.width == 90 @750");
    eq(M.withConstant("a.top == b.bottom + 8", -4), "a.top == b.bottom - 4");
    eq(M.withConstant("a.top == b.bottom", 6), "a.top == b.bottom + 6");
    eq(M.withConstant({ id: "x", expr: "a.left >= 10" }, 3), { expr: "a.left >= 3" });
  });

  test("anchors follow the layout direction", () => {
    const f = { x: 10, y: 20, width: 100, height: 40 };
    eq(M.anchor(f, "leading", false), { x: 10, y: 40 });
    eq(M.anchor(f, "leading", true), { x: 110, y: 40 });
    eq(M.anchor(f, "bottom", false), { x: 60, y: 60 });
  });

  test("curl commands quote what they send", () => {
    eq(M.curlCommand("http://h", "POST", "/v1/layouts", "{\"a\": \"it's\"}"),
       "curl -sS -X POST -H 'Content-Type: application/json' --data-binary '{\"a\": \"it'\\''s\"}' 'http://h/v1/layouts'");
    eq(M.curlCommand("http://h", "GET", "/healthz"), "curl -sS 'http://h/healthz'");
  });

  return { passed, failed: failures.length, failures };
})();
