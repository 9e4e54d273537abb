// The playground's pure parts: no DOM, no network. They turn documents and answers into
// what the page draws and lists, and documents into URLs; model.test.js tests them.
(function (root) {
  "use strict";

  // --- documents in the URL fragment: base64url of the UTF-8 text -----------------------

  function encodeFragment(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return "doc=" + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The text a fragment carries, or null when it carries none (or is damaged).
  function decodeFragment(fragment) {
    const match = /(?:^#?|&)doc=([^&]*)/.exec(fragment || "");
    if (!match || /[^A-Za-z0-9_-]/.test(match[1])) return null;
    try {
      let b64 = match[1].replace(/-/g, "+").replace(/_/g, "/");
      while (b64.length % 4) b64 += "=";
      const binary = atob(b64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      return null;
    }
  }

  // --- views and frames -----------------------------------------------------------------

  // The views of a document (parsed JSON) by id: superview, kind, depth.
  function viewIndex(document) {
    const views = {};
    for (const v of (document && Array.isArray(document.views) ? document.views : [])) {
      if (v && typeof v.id === "string") views[v.id] = { id: v.id, superview: v.superview || null, kind: v.kind || "view" };
    }
    for (const id of Object.keys(views)) {
      let depth = 0, at = views[id];
      const seen = new Set();
      while (at && at.superview && views[at.superview] && !seen.has(at.superview) && depth < 64) {
        seen.add(at.superview);
        at = views[at.superview];
        depth += 1;
      }
      views[id].depth = depth;
    }
    return views;
  }

  // One shape per frame of an answer given in root space (`?space=root`): what the canvas
  // draws, outermost first. Ambiguous attributes and conflict membership ride along.
  function shapes(answer, document) {
    const views = viewIndex(document);
    const ambiguous = {};
    const conflicted = new Set();
    for (const d of (answer && answer.diagnostics) || []) {
      if (d.code === "ambiguous" && d.views) for (const id of Object.keys(d.views)) ambiguous[id] = d.views[id];
      if (d.code === "unsatisfiable") {
        for (const c of d.constraints || []) for (const id of viewsOfReference(c, views)) conflicted.add(id);
      }
    }
    const out = [];
    const frames = (answer && answer.frames) || {};
    let order = 0;
    for (const id of Object.keys(frames)) {
      const f = frames[id] || {};
      const v = views[id] || { depth: 0, kind: "view" };
      out.push({
        id, x: num(f.x), y: num(f.y), width: num(f.width), height: num(f.height),
        depth: v.depth || 0, guide: v.kind === "guide", order: order++,
        ambiguous: ambiguous[id] || [], conflict: conflicted.has(id),
      });
    }
    out.sort((a, b) => a.depth - b.depth || a.order - b.order);
    return out;
  }

  function num(v) { return typeof v === "number" && isFinite(v) ? v : 0; }

  // The views a diagnostic's constraint reference names: the item of its id (`card.frame.x`)
  // or the items its description mentions (`title.width >= card.width * 0.5`).
  function viewsOfReference(ref, views) {
    // An explained log's members say which views they name (their descriptions are the log's).
    if (ref && Array.isArray(ref.views)) return ref.views.filter((id) => views[id]);
    const found = [];
    const text = (ref && ref.description) || "";
    const re = /([A-Za-z_][A-Za-z0-9_]*)\./g;
    let m;
    while ((m = re.exec(text))) {
      if (views[m[1]] && found.indexOf(m[1]) < 0) found.push(m[1]);
    }
    if (!found.length && ref && typeof ref.id === "string") {
      const head = ref.id.split(".")[0];
      if (views[head]) found.push(head);
    }
    return found;
  }

  // The smallest rectangle holding every shape (at least 1 x 1).
  function bounds(list) {
    if (!list.length) return { x: 0, y: 0, width: 1, height: 1 };
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const s of list) {
      x0 = Math.min(x0, s.x, s.x + s.width); y0 = Math.min(y0, s.y, s.y + s.height);
      x1 = Math.max(x1, s.x, s.x + s.width); y1 = Math.max(y1, s.y, s.y + s.height);
    }
    return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
  }

  // Scale and offset that fit `box` into a canvas of `width` x `height` with `margin`.
  function fit(box, width, height, margin) {
    const m = margin === undefined ? 24 : margin;
    const scale = Math.max(0.01, Math.min((width - 2 * m) / box.width, (height - 2 * m) / box.height));
    return {
      scale,
      tx: m + ((width - 2 * m) - box.width * scale) / 2 - box.x * scale,
      ty: m + ((height - 2 * m) - box.height * scale) / 2 - box.y * scale,
    };
  }

  // --- conflicts ------------------------------------------------------------------------

  // One card per unsatisfiable diagnostic: its members in plain words, the broken one marked,
  // each with the caller's file:line and the line in the document.
  function conflictCards(answer) {
    const cards = [];
    for (const d of (answer && answer.diagnostics) || []) {
      if (d.code !== "unsatisfiable") continue;
      const broken = new Set((d.broken || []).map((b) => b.id + "/" + b.attribute));
      cards.push({
        message: d.message || "",
        // Plain words and what to try, when the server says (a later version adds them).
        explanation: typeof d.explanation === "string" && d.explanation ? d.explanation : null,
        suggestions: (Array.isArray(d.suggestions) ? d.suggestions : []).map(suggestionText).filter((t) => t),
        members: (d.constraints || []).map((c) => ({
          id: c.id, attribute: c.attribute, description: c.description || c.id,
          label: c.label || null,
          source: c.source ? c.source.file + ":" + c.source.line + (c.source.column ? ":" + c.source.column : "") : null,
          line: c.location && c.location.line ? c.location.line : (typeof c.line === "number" ? c.line : null),
          column: c.location && c.location.column ? c.location.column : (typeof c.column === "number" ? c.column : 1),
          broken: broken.has(c.id + "/" + c.attribute),
        })),
      });
    }
    return cards;
  }

  // A suggestion as a line of text: a string as it is; an object by its text, message or
  // description (or its JSON, so that nothing it says is lost).
  function suggestionText(s) {
    if (typeof s === "string") return s;
    if (!s || typeof s !== "object") return s === null || s === undefined ? "" : String(s);
    for (const k of ["text", "message", "description", "summary", "title"]) if (typeof s[k] === "string") return s[k];
    return JSON.stringify(s);
  }

  // Problem errors as editor marks: line, column, message (lines without a location go to 1).
  function errorMarks(problem) {
    return ((problem && problem.errors) || []).map((e) => ({
      line: e.location && e.location.line ? e.location.line : 1,
      column: e.location && e.location.column ? e.location.column + (e.location.exprColumn ? e.location.exprColumn : 0) : 1,
      code: e.code || "", message: e.message || "", pointer: e.location ? e.location.pointer : "",
    }));
  }

  // The 1-based lines of `text` that hold a VFL line: a string that starts, after spaces,
  // with `|` or `[`, or with `H` or `V`, spaces, then `:` (the server's own test).
  function vflLines(text) {
    const out = [];
    String(text).split("\n").forEach((line, k) => {
      if (/"\s*(\||\[|[HV]\s*:)/.test(line)) out.push(k + 1);
    });
    return out;
  }

  // Where a JSON syntax error stands, from the parser's message (`... at position 12`, or
  // `line 3 column 5`), as a 1-based line; 1 when the message says nothing usable.
  function syntaxErrorLine(text, message) {
    let m = /line (\d+)/i.exec(message || "");
    if (m) return parseInt(m[1], 10);
    m = /position (\d+)/i.exec(message || "");
    if (m) return text.slice(0, parseInt(m[1], 10)).split("\n").length;
    return 1;
  }

  // --- constraints as relations ----------------------------------------------------------

  // semantics.md §1.2: the fixed order expanded relations come in, and what composites name.
  const ORDER = ["left", "top", "right", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
    "lastBaseline", "firstBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin", "leadingMargin",
    "trailingMargin", "centerXWithinMargins", "centerYWithinMargins"];
  const COMPOSITES = {
    edges: ["left", "top", "right", "bottom"], horizontalEdges: ["left", "right"], verticalEdges: ["top", "bottom"],
    directionalEdges: ["top", "bottom", "leading", "trailing"], directionalHorizontalEdges: ["leading", "trailing"],
    directionalVerticalEdges: ["top", "bottom"], size: ["width", "height"], center: ["centerX", "centerY"],
    margins: ["leftMargin", "rightMargin", "topMargin", "bottomMargin"],
    directionalMargins: ["topMargin", "bottomMargin", "leadingMargin", "trailingMargin"],
    centerWithinMargins: ["centerXWithinMargins", "centerYWithinMargins"],
  };
  const GUIDES = ["layoutMarginsGuide", "safeAreaLayoutGuide"];
  const X_AXIS = /^(left|right|leading|trailing|centerX)/;

  // An attribute set (a name or a list, composites included) as single attributes in the
  // fixed order, each once; names it does not know come last, as written.
  function expandAttributes(names) {
    const list = Array.isArray(names) ? names : names === undefined || names === null ? [] : [names];
    const set = new Set(), unknown = [];
    for (const raw of list) {
      const name = raw === "baseline" ? "lastBaseline" : raw;
      if (COMPOSITES[name]) COMPOSITES[name].forEach((a) => set.add(a));
      else if (ORDER.indexOf(name) >= 0) set.add(name);
      else if (typeof name === "string" && unknown.indexOf(name) < 0) unknown.push(name);
    }
    return ORDER.filter((a) => set.has(a)).concat(unknown);
  }

  // An item string with attributes (`card`, `superview.safeAreaLayoutGuide.top`,
  // `hero.top.leading`): the item and the attributes named after it.
  function splitItem(text) {
    const parts = String(text).split(".");
    let item = parts[0], i = 1;
    if (GUIDES.indexOf(parts[1]) >= 0) { item += "." + parts[1]; i = 2; }
    return { item, attributes: parts.slice(i) };
  }

  // The view an item belongs to (`card.layoutMarginsGuide` is card's).
  function viewOfItem(item) { return item ? String(item).split(".")[0] : null; }

  // The parent of a first item (semantics.md §2.4): an implicit guide's view, else the superview.
  function parentOf(item, views) {
    const s = splitItem(item);
    if (s.item.indexOf(".") > 0) return viewOfItem(s.item);
    return (views[s.item] || {}).superview || null;
  }

  function sameSet(a, b) { return a.length === b.length && a.every((x) => b.indexOf(x) >= 0); }

  // The target attribute of each first attribute (semantics.md §2.2, rules 1 to 4): edges
  // to margins go each to its twin (`left` to `leftMargin`), and back.
  function targetAttributes(first, target) {
    if (!target.length) return first.slice();
    for (const [edges, margins] of [[COMPOSITES.edges, COMPOSITES.margins], [COMPOSITES.directionalEdges, COMPOSITES.directionalMargins]]) {
      if (sameSet(first, edges) && sameSet(target, margins)) return first.map((a) => a + "Margin");
      if (sameSet(first, margins) && sameSet(target, edges)) return first.map((a) => a.replace(/Margin$/, ""));
    }
    if (sameSet(first, target)) return first.slice();
    return first.map(() => target[0]);
  }

  // The constant of one expanded relation, keyed by its target attribute (semantics.md §3.2).
  function constantFor(key, entry, rtl) {
    if (typeof entry.offset === "number") return entry.offset;
    if (typeof entry.to === "number") return entry.to;
    const base = key.replace(/Margin$|WithinMargins$/, "");
    const point = entry.to && typeof entry.to === "object" && !entry.to.view ? entry.to : null;
    if (point && ("x" in point || "y" in point)) {
      if (base === "width" || base === "height") return 0;
      return (X_AXIS.test(base) ? point.x : point.y) || 0;
    }
    if (point && ("width" in point || "height" in point) && !("top" in point || "left" in point || "leading" in point)) {
      return base === "width" || base === "height" ? point[base] || 0 : 0;
    }
    const insets = typeof entry.inset === "number"
      ? { top: entry.inset, left: entry.inset, bottom: entry.inset, right: entry.inset }
      : entry.inset && typeof entry.inset === "object" ? entry.inset : point;
    if (!insets) return 0;
    const side = (k) => (typeof insets[k] === "number" ? insets[k] : 0);
    const directional = "leading" in insets || "trailing" in insets;
    const L = directional ? side(rtl ? "trailing" : "leading") : side("left");
    const R = directional ? side(rtl ? "leading" : "trailing") : side("right");
    const lead = directional ? side("leading") : side(rtl ? "right" : "left");
    const trail = directional ? side("trailing") : side(rtl ? "left" : "right");
    switch (base) {
      case "left": return L;
      case "right": return -R;
      case "leading": return lead;
      case "trailing": return -trail;
      case "centerX": return directional ? (lead - trail) / 2 : (L - R) / 2;
      case "width": return -(L + R);
      case "top": case "firstBaseline": return side("top");
      case "bottom": case "lastBaseline": return -side("bottom");
      case "centerY": return (side("top") - side("bottom")) / 2;
      case "height": return -(side("top") + side("bottom"));
      default: return 0;
    }
  }

  // An expression string (`title.top == card.top + 12 @750`) as the object form GET lists:
  // {view, attributes, relation, to, multiplier | dividedBy, offset, priority}; null when it
  // cannot be read (the server is the judge).
  function expressionEntry(text) {
    const m = /^\s*([A-Za-z_][\w.]*)\s*(==|<=|>=)\s*(.*?)\s*(?:@\s*(\S+))?\s*$/.exec(String(text));
    if (!m) return null;
    const subject = splitItem(m[1]);
    if (!subject.attributes.length) return null;
    const entry = { view: subject.item, attributes: subject.attributes, relation: m[2] };
    const rhs = m[3], NUM = "(\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)";
    let t;
    if ((t = new RegExp("^(-?)\\s*" + NUM + "$").exec(rhs))) {
      entry.to = (t[1] ? -1 : 1) * parseFloat(t[2]);
    } else if ((t = new RegExp("^([A-Za-z_][\\w.]*)\\s*(?:([*/])\\s*(-?)\\s*" + NUM + ")?\\s*(?:([+-])\\s*" + NUM + ")?$").exec(rhs))) {
      entry.to = t[1];
      if (t[2]) {
        const factor = (t[3] ? -1 : 1) * parseFloat(t[4]);
        if (t[2] === "*") entry.multiplier = factor; else entry.dividedBy = factor;
      }
      if (t[5]) entry.offset = (t[5] === "-" ? -1 : 1) * parseFloat(t[6]);
    } else {
      return null;
    }
    if (m[4] !== undefined) entry.priority = isNaN(parseFloat(m[4])) ? m[4] : parseFloat(m[4]);
    return entry;
  }

  // A document's constraint entry (object, `{expr}` object or expression string) in the object form.
  function entryOf(c) {
    if (typeof c === "string") return expressionEntry(c);
    if (!c || typeof c !== "object") return null;
    if (typeof c.expr !== "string") return typeof c.view === "string" ? c : null;
    const e = expressionEntry(c.expr);
    if (!e) return null;
    for (const k of ["id", "label", "source", "active", "priority"]) if (c[k] !== undefined) e[k] = c[k];
    return e;
  }

  function priorityValue(p) {
    if (typeof p === "number") return p;
    return { required: 1000, high: 750, medium: 500, low: 250 }[p] || 1000;
  }

  function number(n) { return String(+(+n).toFixed(6)); }

  // SnapKit-style, as the server describes a relation (semantics.md §8.1).
  function describeRow(r) {
    let rhs;
    if (r.second) {
      rhs = r.second + "." + r.secondAttribute + (r.multiplier !== 1 ? " * " + number(r.multiplier) : "");
      if (r.constant) rhs += (r.constant < 0 ? " - " : " + ") + number(Math.abs(r.constant));
    } else {
      rhs = number(r.constant);
    }
    return r.view + "." + r.attribute + " " + r.relation + " " + rhs + (r.priority < 1000 ? " @" + number(r.priority) : "");
  }

  // One row per expanded relation of a document's constraints (the session's GET document,
  // or the editor's): an entry `c2` on ["top", "leading"] gives rows `c2.top` and
  // `c2.leading`; an entry on one attribute gives one row under the entry's own id. Each row
  // has its first and second item and attribute (the second resolved: `superview` is named by
  // its id), relation, multiplier, priority and constant, and a description; the server's own
  // description and a `broken` mark when `answer`'s diagnostics name the relation.
  function relationRows(document, answer) {
    const views = viewIndex(document);
    const rtl = !!(document && document.direction === "rtl");
    const said = {}, broken = new Set();
    for (const d of (answer && answer.diagnostics) || []) {
      for (const c of d.constraints || []) if (c.description) said[c.id + "/" + c.attribute] = c.description;
      for (const b of d.broken || []) broken.add(b.id + "/" + b.attribute);
    }
    const rows = [];
    const list = (document && Array.isArray(document.constraints)) ? document.constraints : [];
    list.forEach((raw, index) => {
      const e = entryOf(raw);
      if (!e) return;
      const first = expandAttributes(e.attributes);
      const constantTarget = typeof e.to === "number" || !!(e.to && typeof e.to === "object" && !e.to.view);
      let target = null, targetNames = [];
      if (typeof e.to === "string") {
        const s = splitItem(e.to);
        target = s.item; targetNames = s.attributes;
      } else if (e.to && typeof e.to === "object" && typeof e.to.view === "string") {
        target = e.to.view; targetNames = e.to.attribute === undefined ? [] : [].concat(e.to.attribute);
      }
      const seconds = constantTarget ? null : targetAttributes(first, expandAttributes(targetNames));
      const parent = parentOf(e.view, views);
      let second = target;
      if (viewOfItem(target) === "superview") second = (parent || "superview") + target.slice("superview".length);
      const multiplier = typeof e.multiplier === "number" ? e.multiplier : typeof e.dividedBy === "number" && e.dividedBy ? 1 / e.dividedBy : 1;
      first.forEach((attribute, k) => {
        let secondItem = second, secondAttribute = seconds ? seconds[k] : null;
        if (constantTarget) {
          const pure = attribute === "width" || attribute === "height";
          secondItem = pure ? null : parent;
          secondAttribute = pure ? null : attribute === "centerX" ? "left" : attribute === "centerY" ? "top" : attribute;
        }
        const id = e.id ? (first.length > 1 ? e.id + "." + attribute : e.id) : null;
        const row = {
          id, entryId: e.id || null, index, view: e.view, first: viewOfItem(e.view), attribute,
          relation: e.relation || "==", target, second: secondItem, secondView: viewOfItem(secondItem), secondAttribute,
          constantTarget, multiplier, priority: e.priority === undefined ? 1000 : priorityValue(e.priority),
          constant: constantFor(secondAttribute || attribute, e, rtl), active: e.active !== false,
          label: e.label || null, entry: e,
        };
        const key = e.id + "/" + attribute;
        row.description = said[key] || describeRow(row);
        row.broken = broken.has(key);
        rows.push(row);
      });
    });
    return rows;
  }

  // The rows that involve view `id`, as its first or second item.
  function rowsOfView(rows, id) {
    return rows.filter((r) => r.first === id || r.secondView === id);
  }

  // The `set` op that changes one relation (SnapKit's `update(offset:)`, `update(priority:)`,
  // `isActive` on the row's id): `constant` as a constant `to` for a constant target, else as
  // its offset (the number is the relation's constant either way); `priority`; `active`.
  function rowSet(row, change) {
    const op = { op: "set", ids: [row.id] };
    if (typeof change.constant === "number") op[row.constantTarget ? "to" : "offset"] = change.constant;
    if (change.priority !== undefined) op.priority = change.priority;
    if (change.active !== undefined) op.active = change.active;
    return op;
  }

  // activate / deactivate of one row.
  function rowToggle(row, active) {
    return { op: active ? "activate" : "deactivate", ids: [row.id] };
  }

  // The point of a frame an attribute stands for, for drawing a constraint between anchors.
  function anchor(frame, attribute, rtl) {
    const x = frame.x, y = frame.y, w = frame.width, h = frame.height;
    switch (attribute) {
      case "left": return { x, y: y + h / 2 };
      case "right": return { x: x + w, y: y + h / 2 };
      case "leading": return rtl ? { x: x + w, y: y + h / 2 } : { x, y: y + h / 2 };
      case "trailing": return rtl ? { x, y: y + h / 2 } : { x: x + w, y: y + h / 2 };
      case "top": return { x: x + w / 2, y };
      case "bottom": case "lastBaseline": return { x: x + w / 2, y: y + h };
      case "firstBaseline": return { x: x + w / 2, y };
      case "width": return { x: x + w / 2, y: y + h / 4 };
      case "height": return { x: x + w / 4, y: y + h / 2 };
      default: return { x: x + w / 2, y: y + h / 2 };
    }
  }

  // --- requests as curl commands -----------------------------------------------------------

  function curlCommand(base, method, path, body, type) {
    const quoted = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
    let cmd = "curl -sS";
    if (method !== "GET") cmd += " -X " + method;
    if (body !== undefined && body !== null) cmd += " -H 'Content-Type: " + (type || "application/json") + "' --data-binary " + quoted(body);
    return cmd + " " + quoted(base + path);
  }

  // An explained paste's warnings as editor marks (line and column in the paste).
  function warningMarks(report) {
    return ((report && report.warnings) || []).map((w) => ({
      line: w.line || 1, column: w.column || 1, code: w.code || "", message: w.message || "",
    }));
  }

  // One log of an explained paste as the canvas and the panels read an answer, with the
  // rebuilt document as the editor's document.
  function explainedLog(report, k) {
    const log = report && report.logs && report.logs[k];
    if (!log) return null;
    return { document: log.document, answer: { frames: log.frames || {}, diagnostics: log.diagnostics || [] }, log };
  }

  const api = {
    encodeFragment, decodeFragment, viewIndex, shapes, viewsOfReference, bounds, fit,
    conflictCards, suggestionText, errorMarks, syntaxErrorLine, vflLines, expandAttributes, expressionEntry, relationRows,
    rowsOfView, rowSet, rowToggle, anchor, curlCommand, warningMarks, explainedLog,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  root.TrellisModel = api;
})(typeof window !== "undefined" ? window : globalThis);
