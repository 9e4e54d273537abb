// The side panels of the playground: conflict cards, ambiguity, the inspector and the
// last exchange with the server. app.js hands each what it shows; nothing here keeps state.
(function (root) {
  "use strict";
  const M = root.TrellisModel;

  function fmt(n) { return Math.round(n * 100) / 100; }
  function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]); }

  // One card per conflict: its members in plain words, the broken one marked, each with the
  // caller's file:line and its line in the document (a click jumps there).
  function conflicts(box, answer, jumpTo) {
    const cards = M.conflictCards(answer);
    if (!cards.length) { box.innerHTML = '<p class="empty">None.</p>'; return; }
    box.innerHTML = "";
    for (const card of cards) {
      const div = document.createElement("div");
      div.className = "card";
      div.innerHTML = "<p>" + esc(card.message) + "</p>" +
        (card.explanation ? '<p class="explanation">' + esc(card.explanation) + "</p>" : "");
      const ul = document.createElement("ul");
      for (const m of card.members) {
        const li = document.createElement("li");
        li.tabIndex = 0;
        li.className = m.broken ? "broken" : "";
        li.dataset.id = m.id;
        li.innerHTML = esc(m.description) + (m.broken ? '<span class="badge">broken</span>' : "") +
          '<span class="where">' + esc(m.id) + (m.label ? " \u201c" + esc(m.label) + "\u201d" : "") +
          (m.source ? ' \u00b7 <span class="source">' + esc(m.source) + "</span>" : "") +
          (m.line ? " \u00b7 line " + m.line : "") + "</span>";
        if (m.line) {
          li.addEventListener("click", () => jumpTo(m.line, m.column || 1));
          li.addEventListener("keydown", (e) => { if (e.key === "Enter") jumpTo(m.line, m.column || 1); });
        }
        ul.appendChild(li);
      }
      div.appendChild(ul);
      if (card.suggestions.length) {
        const tips = document.createElement("ul");
        tips.className = "suggestions";
        tips.setAttribute("aria-label", "Suggestions");
        tips.innerHTML = card.suggestions.map((t) => "<li>" + esc(t) + "</li>").join("");
        div.appendChild(tips);
      }
      box.appendChild(div);
    }
  }

  function ambiguity(box, shapes) {
    const list = shapes.filter((s) => s.ambiguous.length);
    if (!list.length) { box.innerHTML = '<p class="empty">Every frame is determined.</p>'; return; }
    box.innerHTML = "<ul>" + list.map((s) => '<li data-id="' + esc(s.id) + '"><strong>' + esc(s.id) + "</strong>: " +
      s.ambiguous.map(esc).join(", ") + " not determined</li>").join("") + "</ul>";
  }

  // The selected view: its frame and one row per relation that involves it (a composite
  // entry `c2` on top and leading is two rows, `c2.top` and `c2.leading`). An inactive row is
  // drawn dashed and grey. In live mode each row with an id gets a switch (on: `activate`,
  // off: `deactivate`), and an active one fields for its constant and priority (`set`).
  function inspector(box, view) {
    const s = view.shape;
    if (!s) { box.innerHTML = '<p class="empty">Click a view.</p>'; return; }
    box.innerHTML = "<dl><dt>view</dt><dd>" + esc(s.id) + "</dd><dt>frame (absolute)</dt><dd>" + fmt(s.x) + ", " +
      fmt(s.y) + ", " + fmt(s.width) + " \u00d7 " + fmt(s.height) + "</dd></dl>";
    const ul = document.createElement("ul");
    for (const r of view.rows) {
      const li = document.createElement("li");
      if (r.id) li.dataset.row = r.id;
      li.className = (r.broken ? "broken" : "") + (r.active ? "" : " inactive");
      li.innerHTML = '<span class="relation">' + esc(r.description) + "</span>" +
        '<span class="where">' + (r.id ? "id " + esc(r.id) + " \u00b7 " : "") + (r.label ? "\u201c" + esc(r.label) + "\u201d \u00b7 " : "") +
        (r.priority < 1000 ? "optional @" + r.priority : "required") + (r.broken ? " \u00b7 broken" : "") +
        (r.active ? "" : " \u00b7 inactive") + "</span>";
      if (view.live && r.id) {
        const controls = document.createElement("span");
        controls.className = "controls";
        const toggle = field("checkbox", "active: " + r.id, r.id, "active");
        toggle.checked = r.active;
        toggle.addEventListener("change", () => view.onActive(r, toggle.checked));
        controls.appendChild(labelled("on", toggle));
        if (r.active) {
          const constant = field("number", "constant of " + r.id, r.id, "constant");
          constant.value = fmt(r.constant);
          constant.addEventListener("change", () => {
            const value = parseFloat(constant.value);
            if (isFinite(value)) view.onSet(r, { constant: value });
          });
          controls.appendChild(labelled("constant", constant));
          const priority = field("number", "priority of " + r.id, r.id, "priority");
          priority.min = "1"; priority.max = "1000"; priority.step = "1";
          priority.value = fmt(r.priority);
          priority.addEventListener("change", () => {
            const value = parseFloat(priority.value);
            if (value > 0 && value <= 1000) view.onSet(r, { priority: value });
          });
          controls.appendChild(labelled("@", priority));
        }
        li.appendChild(controls);
      }
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }

  function field(type, label, id, role) {
    const input = document.createElement("input");
    input.type = type;
    input.setAttribute("aria-label", label);
    input.dataset.constraint = id;
    input.dataset.role = role;
    return input;
  }

  function labelled(text, input) {
    const label = document.createElement("label");
    label.textContent = text + " ";
    label.appendChild(input);
    return label;
  }

  // The last request as a curl command, and the answer it got.
  function exchange(curlBox, answerBox, x) {
    if (!x) return;
    curlBox.textContent = x.curl;
    let pretty = x.text;
    try { pretty = JSON.stringify(JSON.parse(x.text), null, 2); } catch (e) { /* not JSON */ }
    answerBox.textContent = "HTTP " + x.status + " (" + x.millis.toFixed(1) + " ms)\n" + pretty;
  }

  root.TrellisPanels = { conflicts, ambiguity, inspector, exchange, fmt, esc };
})(window);
