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
        members: (d.constraints || []).map((c) => ({
          id: c.id, attribute: c.attribute, description: c.description || c.id,
          label: c.label || null,
          source: c.source ? c.source.file + ":" + c.source.line + (c.source.column ? ":" + c.source.column : "") : null,
          line: c.location && c.location.line ? c.location.line : null,
          broken: broken.has(c.id + "/" + c.attribute),
        })),
      });
    }
    return cards;
  }

  // Problem errors as editor marks: line, column, message (lines without a location go to 1).
  function errorMarks(problem) {
    return ((problem && problem.errors) || []).map((e) => ({
      line: e.location && e.location.line ? e.location.line : 1,
      column: e.location && e.location.column ? e.location.column + (e.location.exprColumn ? e.location.exprColumn : 0) : 1,
      code: e.code || "", message: e.message || "", pointer: e.location ? e.location.pointer : "",
    }));
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

  // --- constraints of a view ------------------------------------------------------------

  const ATTRIBUTE = /^(left|right|top|bottom|leading|trailing|width|height|centerX|centerY|lastBaseline|firstBaseline|edges|size|center|horizontalEdges|verticalEdges|directionalEdges|margins)$/;

  // The constraints of a document (as a session's GET lists them, with ids) that name view
  // `id`, each with its first and second item and attribute, relation, priority, constant.
  function constraintsOfView(document, id) {
    const out = [];
    const list = (document && document.constraints) || [];
    list.forEach((c, index) => {
      const parsed = parseConstraint(c);
      if (!parsed) return;
      if (parsed.first === id || parsed.second === id) out.push(Object.assign({ index }, parsed));
    });
    return out;
  }

  // A constraint (object or expression string) read far enough to draw it.
  function parseConstraint(c) {
    if (typeof c === "string") return parseExpression(c, null);
    if (!c || typeof c !== "object") return null;
    if (typeof c.expr === "string") {
      const p = parseExpression(c.expr, c.id || null);
      if (p && c.priority !== undefined) p.priority = priorityValue(c.priority);
      return p;
    }
    const attributes = Array.isArray(c.attributes) ? c.attributes : [c.attributes];
    let second = null, secondAttribute = null, constant = 0;
    if (typeof c.to === "string") {
      const parts = c.to.split(".");
      second = parts[0];
      secondAttribute = parts.length > 1 && ATTRIBUTE.test(parts[parts.length - 1]) ? parts[parts.length - 1] : attributes[0];
    } else if (c.to && typeof c.to === "object" && typeof c.to.view === "string") {
      second = c.to.view;
      secondAttribute = Array.isArray(c.to.attribute) ? c.to.attribute[0] : c.to.attribute || attributes[0];
    } else if (typeof c.to === "number") {
      constant = c.to;
    }
    if (typeof c.offset === "number") constant = c.offset;
    if (typeof c.inset === "number") constant = c.inset;
    return {
      id: c.id || null, first: c.view, attribute: attributes[0], attributes,
      relation: c.relation || "==", second, secondAttribute,
      priority: c.priority === undefined ? 1000 : priorityValue(c.priority), constant,
      constantField: typeof c.to === "number" ? "to" : typeof c.inset === "number" ? "inset" : "offset",
    };
  }

  function priorityValue(p) {
    if (typeof p === "number") return p;
    return { required: 1000, high: 750, medium: 500, low: 250 }[p] || 1000;
  }

  // `item.attr REL target.attr * m + c @p`, read loosely (the server is the judge).
  function parseExpression(text, id) {
    const m = /^\s*([A-Za-z_]\w*)((?:\.\w+)+)\s*(==|<=|>=)\s*(.*?)\s*(?:@\s*(\S+))?\s*$/.exec(text);
    if (!m) return null;
    const attributes = m[2].slice(1).split(".").filter((a) => ATTRIBUTE.test(a));
    let second = null, secondAttribute = null, constant = 0;
    const rhs = m[4];
    const t = /^([A-Za-z_]\w*)((?:\.\w+)*)\s*(?:[*/]\s*[-\d.eE]+)?\s*(?:([+-])\s*([\d.eE]+))?$/.exec(rhs);
    if (t) {
      second = t[1];
      const attrs = t[2].slice(1).split(".").filter((a) => ATTRIBUTE.test(a));
      secondAttribute = attrs.length ? attrs[attrs.length - 1] : attributes[0];
      if (t[4]) constant = (t[3] === "-" ? -1 : 1) * parseFloat(t[4]);
    } else if (/^-?[\d.]/.test(rhs)) {
      constant = parseFloat(rhs);
    }
    const p = m[5];
    return {
      id, first: m[1], attribute: attributes[0] || null, attributes, relation: m[3], second, secondAttribute,
      priority: p === undefined ? 1000 : isNaN(parseFloat(p)) ? priorityValue(p) : parseFloat(p), constant,
      constantField: "expr",
    };
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

  // --- update: the same constraint with another constant ---------------------------------

  // A constraint of a document (object or expression string) restated with `value` as its
  // constant, as an `update` op sends it (no id, label or source: update matches on the rest).
  function withConstant(c, value) {
    if (typeof c === "string") return expressionWithConstant(c, value);
    const out = {};
    for (const k of Object.keys(c)) if (k !== "id" && k !== "label" && k !== "source" && k !== "view") out[k] = c[k];
    if (typeof out.expr === "string") { out.expr = expressionWithConstant(out.expr, value); return out; }
    if (typeof out.to === "number") out.to = value;
    else if (typeof out.inset === "number") out.inset = value;
    else { delete out.inset; out.offset = value; }
    return out;
  }

  function expressionWithConstant(text, value) {
    const m = /^(\s*[^=<>]+(?:==|<=|>=)\s*)(.*?)(\s*@\s*\S+)?\s*$/.exec(text);
    if (!m) return text;
    let rhs = m[2];
    if (/^-?[\d.]+(?:[eE][-+]?\d+)?$/.test(rhs)) rhs = String(value);
    else {
      rhs = rhs.replace(/\s*[+-]\s*[\d.]+(?:[eE][-+]?\d+)?$/, "");
      if (value !== 0) rhs += (value < 0 ? " - " : " + ") + Math.abs(value);
    }
    return m[1] + rhs + (m[3] || "");
  }

  // --- requests as curl commands -----------------------------------------------------------

  function curlCommand(base, method, path, body) {
    const quoted = (s) => "'" + String(s).replace(/'/g, "'\\''") + "'";
    let cmd = "curl -sS";
    if (method !== "GET") cmd += " -X " + method;
    if (body !== undefined && body !== null) cmd += " -H 'Content-Type: application/json' --data-binary " + quoted(body);
    return cmd + " " + quoted(base + path);
  }

  const api = {
    encodeFragment, decodeFragment, viewIndex, shapes, viewsOfReference, bounds, fit,
    conflictCards, errorMarks, syntaxErrorLine, constraintsOfView, parseConstraint, parseExpression,
    anchor, curlCommand, withConstant,
  };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  root.TrellisModel = api;
})(typeof window !== "undefined" ? window : globalThis);
