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
    eq([cards[0].explanation, cards[0].suggestions], [null, []], "nothing when the answer says nothing");
  });

  test("conflict cards carry the explanation and suggestions when the answer has them", () => {
    const cards = M.conflictCards({ diagnostics: [{ code: "unsatisfiable", message: "m", constraints: [], broken: [],
      explanation: "The width cannot be both 1 and 2.",
      suggestions: ["Lower the priority of w", { text: "Remove a" }, { op: "remove", ids: ["a"] }, ""] }] });
    eq(cards[0].explanation, "The width cannot be both 1 and 2.");
    eq(cards[0].suggestions, ["Lower the priority of w", "Remove a", '{"op":"remove","ids":["a"]}']);
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

  test("attribute sets expand in the fixed order, composites included, each once", () => {
    eq(M.expandAttributes(["leading", "top"]), ["top", "leading"]);
    eq(M.expandAttributes("edges"), ["left", "top", "right", "bottom"]);
    eq(M.expandAttributes(["size", "center", "width"]), ["width", "height", "centerX", "centerY"]);
    eq(M.expandAttributes(["directionalMargins"]), ["topMargin", "bottomMargin", "leadingMargin", "trailingMargin"]);
    eq(M.expandAttributes("baseline"), ["lastBaseline"]);
    eq(M.expandAttributes(["top", "nonsense"]), ["top", "nonsense"]);
  });

  test("expressions read as the object form", () => {
    eq(M.expressionEntry("title.top.leading == card + 12"),
       { view: "title", attributes: ["top", "leading"], relation: "==", to: "card", offset: 12 });
    eq(M.expressionEntry("b.width <= a.width * 0.5 - 4 @low"),
       { view: "b", attributes: ["width"], relation: "<=", to: "a.width", multiplier: 0.5, offset: -4, priority: "low" });
    eq(M.expressionEntry("c.top >= superview.safeAreaLayoutGuide.top / 2 @750"),
       { view: "c", attributes: ["top"], relation: ">=", to: "superview.safeAreaLayoutGuide.top", dividedBy: 2, priority: 750 });
    eq(M.expressionEntry("c.left == -10"), { view: "c", attributes: ["left"], relation: "==", to: -10 });
    eq(M.expressionEntry("card.layoutMarginsGuide.width == 1e2").view, "card.layoutMarginsGuide");
    eq(M.expressionEntry("no relation here"), null);
    eq(M.expressionEntry("a == b"), null, "an item without an attribute");
  });

  const CARD = { direction: "ltr",
    views: [{ id: "root", frame: { x: 0, y: 0, width: 375, height: 667 } }, { id: "card", superview: "root" }, { id: "title", superview: "card" }],
    constraints: [
      { id: "c1", view: "card", attributes: "edges", relation: "==", to: "superview", inset: 20 },
      { id: "c2", view: "title", attributes: ["top", "leading"], relation: "==", to: "card", offset: 12, label: "title-anchor" },
      { id: "c3", view: "title", attributes: "trailing", relation: "<=", to: "card.trailing", offset: -12, priority: 750 },
      { id: "title-min-width", view: "title", attributes: "width", relation: ">=", to: 44 }] };

  test("a composite entry is one row per relation, named entry.attribute", () => {
    const rows = M.rowsOfView(M.relationRows(CARD), "title");
    eq(rows.map((r) => [r.id, r.description, r.constant]), [
      ["c2.top", "title.top == card.top + 12", 12], ["c2.leading", "title.leading == card.leading + 12", 12],
      ["c3", "title.trailing <= card.trailing - 12 @750", -12], ["title-min-width", "title.width >= 44", 44]]);
    eq(rows.map((r) => r.entryId), ["c2", "c2", "c3", "title-min-width"]);
    eq(rows[0].label, "title-anchor");
    // The card's edges: insets point inward, so the far sides' constants are negative; the
    // superview is named by its id. The card is the second item of the title's first rows.
    const card = M.rowsOfView(M.relationRows(CARD), "card");
    eq(card.filter((r) => r.first === "card").map((r) => r.description),
       ["card.left == root.left + 20", "card.top == root.top + 20", "card.right == root.right - 20", "card.bottom == root.bottom - 20"]);
    eq(card.filter((r) => r.first === "title").map((r) => r.id), ["c2.top", "c2.leading", "c3"]);
  });

  test("rows follow the target rules: constants, margins, insets and direction", () => {
    const doc = { direction: "rtl", views: [{ id: "r" }, { id: "a", superview: "r" }, { id: "b", superview: "a" }],
      constraints: [
        { id: "k1", view: "a", attributes: "directionalEdges", to: "superview", inset: { top: 5, leading: 7, bottom: 11, trailing: 13 } },
        { id: "k2", view: "b", attributes: "center", to: { x: 30, y: 40 } },
        { id: "k3", view: "b", attributes: "size", to: { width: 50, height: 60 }, active: false },
        { id: "k4", view: "a", attributes: "edges", to: "superview.margins", inset: { top: 1, left: 2, bottom: 3, right: 4 } },
        { id: "k5", view: "b", attributes: "size", to: "a", dividedBy: 4, priority: "high" },
        "b.centerX == superview.centerX * 0.5 @300"] };
    eq(M.relationRows(doc).map((r) => r.description), [
      "a.top == r.top + 5", "a.bottom == r.bottom - 11", "a.leading == r.leading + 7", "a.trailing == r.trailing - 13",
      "b.centerX == a.left + 30", "b.centerY == a.top + 40",
      "b.width == 50", "b.height == 60",
      "a.left == r.leftMargin + 2", "a.top == r.topMargin + 1", "a.right == r.rightMargin - 4", "a.bottom == r.bottomMargin - 3",
      "b.width == a.width * 0.25 @750", "b.height == a.height * 0.25 @750",
      "b.centerX == a.centerX * 0.5 @300"]);
    const rows = M.relationRows(doc);
    eq(rows.filter((r) => !r.active).map((r) => r.id), ["k3.width", "k3.height"]);
    eq(rows[14].id, null, "an expression without an id has none");
  });

  test("the server's descriptions and broken marks come from the answer", () => {
    const answer = { diagnostics: [{ code: "unsatisfiable",
      constraints: [{ id: "c2", attribute: "top", description: "title.top == card.top + 12 (said)" }],
      broken: [{ id: "c2", attribute: "leading" }] }] };
    const rows = M.relationRows(CARD, answer).filter((r) => r.entryId === "c2");
    eq(rows.map((r) => [r.description, r.broken]), [["title.top == card.top + 12 (said)", false], ["title.leading == card.leading + 12", true]]);
  });

  test("editing one row sets that relation alone: constant, priority, on or off", () => {
    const rows = M.relationRows(CARD);
    const row = (id) => rows.find((r) => r.id === id);
    eq(M.rowSet(row("c2.top"), { constant: 30 }), { op: "set", ids: ["c2.top"], offset: 30 });
    eq(M.rowSet(row("c1.right"), { constant: -40 }), { op: "set", ids: ["c1.right"], offset: -40 });
    eq(M.rowSet(row("c3"), { priority: 500 }), { op: "set", ids: ["c3"], priority: 500 });
    eq(M.rowSet(row("title-min-width"), { constant: 300 }), { op: "set", ids: ["title-min-width"], to: 300 });
    eq(M.rowToggle(row("c2.top"), false), { op: "deactivate", ids: ["c2.top"] });
    eq(M.rowToggle(row("c3"), true), { op: "activate", ids: ["c3"] });
    const more = M.relationRows({ views: [{ id: "r" }, { id: "a", superview: "r" }],
      constraints: [{ id: "m", view: "a", attributes: "size", to: "superview", multiplier: 0.5, priority: "low" },
                    { id: "p", view: "a", attributes: "center", to: { x: 1, y: 2 }, active: false }] });
    eq(M.rowSet(more[1], { constant: 8 }), { op: "set", ids: ["m.height"], offset: 8 });
    eq(M.rowSet(more[3], { constant: 9, active: true }), { op: "set", ids: ["p.centerY"], to: 9, active: true });
    eq([more[3].active, more[0].priority], [false, 250]);
  });

  test("VFL lines are told from expressions as the server tells them", () => {
    const text = '{\n  "constraints": [\n    "H:|-[a]-|",\n    "a.top == b.top",\n    {"vfl": " V :[a]"},\n    "[a][b]",\n    "V|[a]"\n  ]\n}';
    eq(M.vflLines(text), [3, 5, 6]);
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

  test("an explained log reads as an answer: members name their views and paste lines", () => {
    const report = { logs: [{ line: 3, document: { views: [{ id: "window" }, { id: "UILabel_0x1", superview: "window" }], constraints: [] },
      frames: { window: { x: 0, y: 0, width: 10, height: 10 }, UILabel_0x1: { x: 1, y: 1, width: 2, height: 2 } },
      diagnostics: [{ code: "unsatisfiable", message: "m", explanation: "e", suggestions: ["s"], broken: [{ id: "c1", attribute: "width", address: "0x9" }],
        constraints: [{ id: "c1", attribute: "width", address: "0x9", description: "UILabel:0x1.width == 5", line: 7, column: 5, views: ["UILabel_0x1"] }] }],
      autoLayoutBroke: null }], warnings: [{ line: 9, column: 2, code: "unreadable", message: "w" }] };
    const shown = M.explainedLog(report, 0);
    eq(Object.keys(shown.answer.frames), ["window", "UILabel_0x1"]);
    eq(M.explainedLog(report, 1), null);
    const cards = M.conflictCards(shown.answer);
    eq([cards[0].members[0].line, cards[0].members[0].column, cards[0].members[0].broken], [7, 5, true]);
    eq(M.shapes(shown.answer, shown.document).filter((s) => s.conflict).map((s) => s.id), ["UILabel_0x1"]);
    eq(M.warningMarks(report), [{ line: 9, column: 2, code: "unreadable", message: "w" }]);
    eq(M.curlCommand("http://h", "POST", "/v1/explain", "log", "text/plain"),
       "curl -sS -X POST -H 'Content-Type: text/plain' --data-binary 'log' 'http://h/v1/explain'");
  });

  return { passed, failed: failures.length, failures };
})();
