// The playground page: an editor, a canvas and the diagnostics of the public API's answers.
// Everything it learns comes from POST /v1/layouts and the session endpoints.
(function () {
  "use strict";
  const M = window.TrellisModel, P = window.TrellisPanels;
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const base = location.origin;

  const state = {
    text: "",
    document: null,          // the editor's document, parsed (null while it is not JSON)
    answer: null,            // the last answer (frames in root space)
    shapes: [],
    view: { scale: 1, tx: 0, ty: 0, auto: true },
    selected: null,
    session: null,           // {id, revision, document} in live mode
    inFlight: false, pending: false, timer: 0,
    edit: { inFlight: false, queue: [] },   // edits batches waiting their turn
    drag: null,              // the corner drag under way: pointer, origin, the size asked for
    lastExchange: null,
    log: { on: false, report: null, index: 0, layoutText: "" },  // "Paste a log" mode
  };

  // --- the editor -----------------------------------------------------------------------

  const source = $("source"), gutter = $("gutter"), menu = $("examples");

  function setText(text, solveNow) {
    source.value = text;
    onInput(solveNow);
  }

  function onInput(solveNow) {
    if (state.log.on) {
      state.text = source.value;
      renderGutter([]);
      history.replaceState(null, "", "#log&" + M.encodeFragment(state.text));
      clearTimeout(state.timer);
      state.timer = setTimeout(() => logMode.explain(), solveNow ? 0 : 300);
      return;
    }
    noteText();
    clearTimeout(state.timer);
    state.timer = setTimeout(state.session ? recreateSession : solve, solveNow ? 0 : 250);
  }

  // The editor's text is the document: parsed, its lines numbered, carried by the URL.
  function noteText() {
    state.text = source.value;
    const match = window.TrellisExamples.findIndex((ex) => JSON.stringify(ex.document, null, 2) === state.text);
    menu.value = match >= 0 ? String(match) : "custom";
    try { state.document = JSON.parse(state.text); } catch (e) { state.document = null; }
    renderGutter([]);
    history.replaceState(null, "", "#" + M.encodeFragment(state.text));
  }

  // After an accepted edit the editor shows the session's document as it now stands (GET's
  // `document`: new constants, frames and ids), so that the URL and Share carry it too. It is
  // not sent again: the session already is this document.
  function showSessionDocument(document) {
    const text = JSON.stringify(document, null, 2);
    if (text === source.value) return;
    const top = source.scrollTop;
    source.value = text;
    source.scrollTop = top;
    noteText();
  }

  function renderGutter(marks) {
    const lines = state.text.split("\n").length;
    const bad = new Set(marks.map((m) => m.line));
    const vfl = new Set(M.vflLines(state.text));  // VFL lines are marked in the gutter
    let html = "";
    for (let i = 1; i <= lines; i++) {
      const cls = [bad.has(i) ? "error" : "", vfl.has(i) ? "vfl" : ""].filter((c) => c).join(" ");
      html += '<span data-line="' + i + '"' + (cls ? ' class="' + cls + '"' : "") + (vfl.has(i) ? ' title="a VFL line"' : "") + ">" + i + "</span>";
    }
    gutter.innerHTML = html;
    gutter.scrollTop = source.scrollTop;
  }

  function jumpTo(line, column) {
    const lines = state.text.split("\n");
    let offset = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
    const start = offset + Math.max(0, (column || 1) - 1);
    source.focus();
    source.setSelectionRange(start, offset + (lines[line - 1] || "").length);
    source.scrollTop = Math.max(0, (line - 4) * 18);
    gutter.scrollTop = source.scrollTop;
  }

  function showErrors(marks) {
    renderGutter(marks);
    const list = $("errors");
    list.innerHTML = "";
    for (const m of marks) {
      const li = document.createElement("li");
      li.tabIndex = 0;
      li.dataset.line = m.line;
      li.innerHTML = "<code>" + esc(m.code) + "</code> line " + m.line + ", column " + m.column + ": " + esc(m.message);
      li.addEventListener("click", () => jumpTo(m.line, m.column));
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") jumpTo(m.line, m.column); });
      list.appendChild(li);
    }
  }

  // --- talking to the server --------------------------------------------------------------

  const api = window.TrellisAPI(base);

  // One exchange with the server, made by the TypeScript client (`api`, playground/api.js);
  // unless `quiet`, it becomes "Request and answer"'s (shown as the curl command that makes
  // it; the follow-up GET of an edit is quiet: the edit is what a reader wants to run again).
  async function call(method, path, body, exchange, quiet) {
    const started = performance.now();
    const r = await exchange();
    if (!quiet) {
      const text = r.json === null || r.json === undefined ? "" : JSON.stringify(r.json);
      state.lastExchange = { curl: M.curlCommand(base, method, path, body), status: r.status, text, millis: performance.now() - started };
      renderExchange();
    }
    return r;
  }

  // One request in flight: a change while one runs is sent when it returns (the latest wins).
  async function solve() {
    if (state.inFlight) { state.pending = true; return; }
    state.inFlight = true;
    try {
      do {
        state.pending = false;
        const text = state.text;
        const r = await call("POST", "/v1/layouts?space=root", text, () => api.solve(text));
        if (state.pending) continue;
        accept(r);
      } while (state.pending);
    } catch (e) {
      showErrors([{ line: 1, column: 1, code: "network", message: String(e) }]);
    } finally {
      state.inFlight = false;
    }
  }

  function accept(r) {
    if (r.status === 200 || r.status === 201) {
      showErrors([]);
      state.answer = r.json;
      $("solve-time").textContent = "solved in " + (r.json.stats ? r.json.stats.solveMicros : "?") + " \u00b5s";
      render();
    } else {
      let marks = M.errorMarks(r.json);
      if (!marks.length) marks = [{ line: 1, column: 1, code: String(r.status), message: r.json ? r.json.title || "" : "" }];
      if (state.document === null && r.json && r.json.errors && r.json.errors[0] && !r.json.errors[0].location) {
        try { JSON.parse(state.text); } catch (e) { marks[0].line = M.syntaxErrorLine(state.text, e.message); }
      }
      showErrors(marks);
    }
  }

  // --- live sessions ------------------------------------------------------------------------

  async function startSession() {
    const text = state.text;
    const r = await call("POST", "/v1/sessions?space=root", text, () => api.createSession(text));
    if (r.status !== 201) { accept(r); $("live").checked = false; return; }
    state.session = { id: r.json.id, revision: r.json.revision, document: null };
    accept(r);
    await refreshSessionDocument(false);
    showSession();
  }

  async function stopSession() {
    const s = state.session;
    state.session = null;
    showSession();
    if (s) await call("DELETE", "/v1/sessions/" + s.id, undefined, () => api.deleteSession(s.id));
  }

  async function recreateSession() {
    await stopSession();
    if ($("live").checked) await startSession();
  }

  // The session as it now stands (GET): its document, with every constraint's id, for the
  // inspector, and after an edit for the editor too (`rewrite`).
  async function refreshSessionDocument(rewrite) {
    const s = state.session;
    if (!s) return;
    const r = await call("GET", "/v1/sessions/" + s.id + "?space=root", undefined, () => api.getSession(s.id), true);
    if (r.status !== 200 || state.session !== s) return;
    s.document = r.json.document;
    if (r.json.revision >= s.revision) {
      s.revision = r.json.revision;
      state.answer = r.json;
    }
    if (rewrite) showSessionDocument(r.json.document);
  }

  function showSession() {
    const s = state.session;
    $("live-controls").hidden = !s;
    $("session-status").textContent = s ? "session " + s.id.slice(0, 8) + "\u2026" : "";
    $("revision").textContent = s ? "revision " + s.revision : "";
    $("revision").dataset.revision = s ? s.revision : "";
    const root = rootView();
    if (s && root && state.answer && state.answer.frames[root.id]) {
      $("root-width").value = state.answer.frames[root.id].width;
      $("root-height").value = state.answer.frames[root.id].height;
    }
    render();
  }

  // Edits take turns: one batch in flight, the others queued in order. Sizes coalesce: a
  // setFrame asked for while another still waits replaces it, so that when an answer arrives
  // only the latest size goes. After the last accepted edit, one GET rewrites the editor.
  function sendEdit(ops, kind) {
    const q = state.edit.queue, last = q[q.length - 1];
    if (kind === "frame" && last && last.kind === "frame") last.ops = ops;
    else q.push({ ops, kind: kind || "edit" });
    if (!state.edit.inFlight) pumpEdits();
  }

  async function pumpEdits() {
    state.edit.inFlight = true;
    let accepted = false;
    try {
      while (state.session && (state.edit.queue.length || accepted)) {
        const s = state.session;
        if (!state.edit.queue.length) {
          accepted = false;
          await refreshSessionDocument(true);
          if (state.session === s) showSession();
          continue;
        }
        const { ops } = state.edit.queue.shift();
        const r = await call("POST", "/v1/sessions/" + s.id + "/edits?space=root", JSON.stringify({ ops }), () => api.edit(s.id, ops));
        if (state.session !== s) break;
        if (r.status === 200) {
          s.revision = r.json.revision;
          $("edit-time").textContent = "edit solved in " + r.json.stats.solveMicros + " \u00b5s";
          accept(r);
          showSession();
          accepted = true;
        } else {
          accept(r);
          render();  // the inspector shows the constants as they are, not the refused one
        }
      }
    } catch (e) {
      showErrors([{ line: 1, column: 1, code: "network", message: String(e) }]);
    } finally {
      state.edit.inFlight = false;
      if (!state.session) state.edit.queue = [];
    }
  }

  // Nothing left to send or hear for the live session: no drag frame waiting, no edit queued
  // or in flight (the follow-up GET included).
  function settled() {
    return !state.edit.inFlight && !state.edit.queue.length && !(state.drag && (state.drag.frame || state.drag.want));
  }

  function setRootSize(width, height) {
    const root = rootView();
    const f = root && state.answer && state.answer.frames[root.id];
    if (!f || !state.session) return;
    sendEdit([{ op: "setFrame", view: root.id, frame: { x: f.x, y: f.y, width: Math.max(0, Math.round(width)), height: Math.max(0, Math.round(height)) } }], "frame");
  }

  function rootView() {
    const views = (state.document && state.document.views) || [];
    return views.find((v) => v && !v.superview && v.frame) || null;
  }

  // --- the canvas ---------------------------------------------------------------------------

  const svg = $("canvas"), world = $("world");

  function render() {
    state.shapes = state.answer ? M.shapes(state.answer, state.document) : [];
    const rect = svg.getBoundingClientRect();
    const box = M.bounds(state.shapes);
    // A log's views often have no size of their own (0 wide cells): fit at least a cell's worth.
    if (state.log.on) { box.width = Math.max(box.width, 320); box.height = Math.max(box.height, 120); }
    if (state.view.auto) Object.assign(state.view, M.fit(box, rect.width || 600, rect.height || 400));
    const v = state.view;
    world.setAttribute("transform", "translate(" + v.tx + " " + v.ty + ") scale(" + v.scale + ")");
    svg.dataset.scale = v.scale; svg.dataset.tx = v.tx; svg.dataset.ty = v.ty;
    world.innerHTML = "";
    const placed = [];  // labels already drawn, so that one at the same corner moves down
    for (const s of state.shapes) {
      const r = el("rect", { x: s.x, y: s.y, width: Math.max(0, s.width), height: Math.max(0, s.height), "data-id": s.id, tabindex: 0 });
      r.setAttribute("class", "frame" + (s.guide ? " guide" : "") + (s.conflict ? " conflict" : "") + (s.id === state.selected ? " selected" : ""));
      r.addEventListener("mouseenter", () => { $("hover").textContent = s.id + ": " + fmt(s.x) + ", " + fmt(s.y) + ", " + fmt(s.width) + " \u00d7 " + fmt(s.height); });
      r.addEventListener("click", () => select(s.id));
      r.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); select(s.id); } });
      const title = el("title", {});
      title.textContent = s.id;
      r.appendChild(title);
      world.appendChild(r);
      if (s.ambiguous.length) world.appendChild(el("rect", { x: s.x, y: s.y, width: Math.max(0, s.width), height: Math.max(0, s.height), class: "hatch", "data-ambiguous": s.id }));
      let ly = s.y + 12 / v.scale;
      while (placed.some((p) => Math.abs(p.x - s.x) < 40 / v.scale && Math.abs(p.y - ly) < 11 / v.scale)) ly += 12 / v.scale;
      placed.push({ x: s.x, y: ly });
      const label = el("text", { x: s.x + 3 / v.scale, y: ly, class: "label", "font-size": 11 / v.scale });
      label.textContent = s.id;
      world.appendChild(label);
    }
    drawLinks();
    placeCorner();
    renderConflicts();
    renderAmbiguity();
    renderInspector();
  }

  function el(name, attributes) {
    const node = document.createElementNS(SVG, name);
    for (const k of Object.keys(attributes)) node.setAttribute(k, attributes[k]);
    return node;
  }

  // --- the root's corner: one handle for the page's life -----------------------------------
  // It lives outside the redrawn group and is only moved, so a drag's pointer capture holds
  // through every redraw. Its place is in canvas pixels: the root's corner as answered, or,
  // while a drag is under way, where the pointer holds it.

  const corner = $("corner");

  function placeCorner() {
    const root = rootView();
    const s = state.session && root && state.shapes.find((x) => x.id === root.id);
    if (!s) { corner.setAttribute("hidden", ""); return; }
    const v = state.view;
    const at = state.drag ? state.drag.at : { x: v.tx + v.scale * (s.x + s.width), y: v.ty + v.scale * (s.y + s.height) };
    corner.setAttribute("cx", at.x);
    corner.setAttribute("cy", at.y);
    corner.removeAttribute("hidden");
  }

  function pointerAt(e) {
    const box = svg.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  corner.addEventListener("pointerdown", (e) => {
    const root = rootView();
    const f = state.session && root && state.answer && state.answer.frames[root.id];
    if (!f || e.button !== 0 || state.drag) return;
    e.preventDefault();
    corner.setPointerCapture(e.pointerId);
    state.view.auto = false;  // the canvas holds still while the window is dragged
    const v = state.view, p = pointerAt(e);
    const at = { x: v.tx + v.scale * (f.x + f.width), y: v.ty + v.scale * (f.y + f.height) };
    // Where on the handle it was taken: the corner stays that far from the pointer.
    state.drag = { pointerId: e.pointerId, origin: { x: f.x, y: f.y }, grab: { x: p.x - at.x, y: p.y - at.y }, at, want: null, frame: 0 };
  });

  corner.addEventListener("pointermove", (e) => {
    const d = state.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    const v = state.view, p = pointerAt(e);
    d.at = { x: p.x - d.grab.x, y: p.y - d.grab.y };
    d.want = { width: (d.at.x - v.tx) / v.scale - d.origin.x, height: (d.at.y - v.ty) / v.scale - d.origin.y };
    placeCorner();
    if (!d.frame) d.frame = requestAnimationFrame(flushDrag);
  });

  // Once per animation frame: the latest size the pointer asks for, as a setFrame edit.
  function flushDrag() {
    const d = state.drag;
    if (!d) return;
    d.frame = 0;
    if (d.want) { setRootSize(d.want.width, d.want.height); d.want = null; }
  }

  function endDrag(e) {
    const d = state.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    if (d.frame) { cancelAnimationFrame(d.frame); d.frame = 0; }
    if (d.want) { setRootSize(d.want.width, d.want.height); d.want = null; }
    state.drag = null;
    if (corner.hasPointerCapture(e.pointerId)) corner.releasePointerCapture(e.pointerId);
    placeCorner();
  }
  corner.addEventListener("pointerup", endDrag);
  corner.addEventListener("pointercancel", endDrag);
  corner.addEventListener("lostpointercapture", endDrag);

  corner.addEventListener("keydown", (e) => {
    const root = rootView();
    const f = state.session && root && state.answer && state.answer.frames[root.id];
    const step = e.shiftKey ? 10 : 1;
    const d = { ArrowRight: [step, 0], ArrowLeft: [-step, 0], ArrowDown: [0, step], ArrowUp: [0, -step] }[e.key];
    if (!f || !d) return;
    e.preventDefault();
    const pending = state.edit.queue.filter((q) => q.kind === "frame").pop();  // keys held down add up
    const from = pending ? pending.ops[0].frame : f;
    setRootSize(from.width + d[0], from.height + d[1]);
  });

  function drawLinks() {
    if (!state.selected) return;
    const frames = state.answer ? state.answer.frames : {};
    const rtl = state.document && state.document.direction === "rtl";
    for (const c of selectedRows()) {
      const firstFrame = frames[c.first];
      const secondFrame = c.secondView ? frames[c.secondView] : null;
      if (!firstFrame || !c.active) continue;
      const a = M.anchor(firstFrame, c.attribute, rtl);
      const b = secondFrame ? M.anchor(secondFrame, c.secondAttribute, rtl) : { x: a.x + 24 / state.view.scale, y: a.y - 24 / state.view.scale };
      const line = el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "marker-end": "url(#arrow)", "data-constraint": c.id || c.index + "." + c.attribute });
      line.setAttribute("class", "link" + (c.priority < 1000 ? " optional" : "") + (c.broken ? " broken" : ""));
      world.appendChild(line);
      if (c.priority < 1000) {
        const t = el("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, class: "link-label", "font-size": 10 / state.view.scale });
        t.textContent = "@" + c.priority;
        world.appendChild(t);
      }
    }
  }

  function zoom(factor) {
    const rect = svg.getBoundingClientRect();
    const v = state.view;
    const cx = rect.width / 2, cy = rect.height / 2;
    v.tx = cx - (cx - v.tx) * factor;
    v.ty = cy - (cy - v.ty) * factor;
    v.scale *= factor;
    v.auto = false;
    render();
  }

  // --- diagnostics (drawn by panels.js) -----------------------------------------------------

  function renderConflicts() { P.conflicts($("conflicts"), state.answer, jumpTo); }
  function renderAmbiguity() { P.ambiguity($("ambiguity"), state.shapes); }
  function renderExchange() { P.exchange($("curl"), $("answer"), state.lastExchange); }

  function select(id) {
    state.selected = state.selected === id ? null : id;
    render();
  }

  // One row per relation that involves the selected view: from the session's document (with
  // every id) in live mode, else from the editor's; the answer's diagnostics mark the broken.
  function selectedRows() {
    if (!state.selected) return [];
    const doc = (state.session && state.session.document) || state.document;
    return M.rowsOfView(M.relationRows(doc, state.answer), state.selected);
  }

  function renderInspector() {
    P.inspector($("inspector"), {
      shape: state.shapes.find((x) => x.id === state.selected),
      rows: selectedRows(),
      live: !!state.session,
      onSet: (row, change) => sendEdit([M.rowSet(row, change)]),
      onActive: (row, active) => sendEdit([M.rowToggle(row, active)]),
    });
  }

  const fmt = P.fmt, esc = P.esc;

  // --- wiring ----------------------------------------------------------------------------------

  const custom = document.createElement("option");
  custom.value = "custom";
  custom.textContent = "(your document)";
  custom.disabled = true;
  menu.appendChild(custom);
  window.TrellisExamples.forEach((ex, i) => {
    const option = document.createElement("option");
    option.value = i;
    option.textContent = ex.name;
    menu.appendChild(option);
  });
  menu.addEventListener("change", () => {
    state.selected = null;
    state.view.auto = true;
    setText(JSON.stringify(window.TrellisExamples[+menu.value].document, null, 2), true);
  });
  source.addEventListener("input", () => onInput(false));
  source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; });
  source.addEventListener("keydown", (e) => {
    if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey && !e.altKey) {
      // Two spaces; Escape then Tab leaves the editor (keyboard users are not trapped).
      if (source.dataset.escaped === "1") { source.dataset.escaped = ""; return; }
      e.preventDefault();
      document.execCommand("insertText", false, "  ");
    } else if (e.key === "Escape") {
      source.dataset.escaped = "1";
    }
  });
  $("zoom-fit").addEventListener("click", () => { state.view.auto = true; render(); });
  $("zoom-in").addEventListener("click", () => zoom(1.25));
  $("zoom-out").addEventListener("click", () => zoom(0.8));
  $("live").addEventListener("change", async (e) => { if (e.target.checked) await startSession(); else await stopSession(); });
  $("root-width").addEventListener("change", () => setRootSize(+$("root-width").value, +$("root-height").value));
  $("root-height").addEventListener("change", () => setRootSize(+$("root-width").value, +$("root-height").value));
  $("share").addEventListener("click", () => {
    const url = location.origin + location.pathname + "#" + (state.log.on ? "log&" : "") + M.encodeFragment(state.text);
    history.replaceState(null, "", url);
    if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
    $("share").textContent = "Link copied";
    setTimeout(() => { $("share").textContent = "Share"; }, 1500);
  });
  window.addEventListener("resize", () => { if (state.view.auto) render(); });
  window.addEventListener("pagehide", () => {
    if (state.session) fetch(base + "/v1/sessions/" + state.session.id, { method: "DELETE", keepalive: true }).catch(() => {});
  });

  const logMode = window.TrellisLogMode({ state, base, api, source, menu, setText, render, showErrors, renderExchange, stopSession });

  // `#doc=…` carries a document; `#log&doc=…` a pasted log (the "Paste a log" mode).
  const hash = location.hash.slice(1);
  const pasted = hash.startsWith("log&") ? M.decodeFragment(hash) : null;
  const shared = pasted === null ? M.decodeFragment(hash) : null;
  setText(shared !== null ? shared : JSON.stringify(window.TrellisExamples[0].document, null, 2), pasted === null);
  if (pasted !== null) logMode.set(true, pasted);
  window.TrellisPlayground = { state, render, settled, setLogMode: logMode.set };
})();
