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
      div.innerHTML = "<p>" + esc(card.message) + "</p>";
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
          li.addEventListener("click", () => jumpTo(m.line, 1));
          li.addEventListener("keydown", (e) => { if (e.key === "Enter") jumpTo(m.line, 1); });
        }
        ul.appendChild(li);
      }
      div.appendChild(ul);
      box.appendChild(div);
    }
  }

  function ambiguity(box, shapes) {
    const list = shapes.filter((s) => s.ambiguous.length);
    if (!list.length) { box.innerHTML = '<p class="empty">Every frame is determined.</p>'; return; }
    box.innerHTML = "<ul>" + list.map((s) => '<li data-id="' + esc(s.id) + '"><strong>' + esc(s.id) + "</strong>: " +
      s.ambiguous.map(esc).join(", ") + " not determined</li>").join("") + "</ul>";
  }

  // The selected view: its frame and the constraints that involve it; in live mode each
  // constraint with an id gets a field for its constant (`onConstant` sends the update).
  function inspector(box, view) {
    const s = view.shape;
    if (!s) { box.innerHTML = '<p class="empty">Click a view.</p>'; return; }
    box.innerHTML = "<dl><dt>view</dt><dd>" + esc(s.id) + "</dd><dt>frame (absolute)</dt><dd>" + fmt(s.x) + ", " +
      fmt(s.y) + ", " + fmt(s.width) + " \u00d7 " + fmt(s.height) + "</dd></dl>";
    const ul = document.createElement("ul");
    for (const c of view.constraints) {
      const li = document.createElement("li");
      const raw = view.document.constraints[c.index];
      li.innerHTML = esc(typeof raw === "string" ? raw : raw.expr || describe(c)) +
        '<span class="where">' + (c.id ? "id " + esc(c.id) + " \u00b7 " : "") +
        (c.priority < 1000 ? "optional @" + c.priority : "required") + (c.broken ? " \u00b7 broken" : "") + "</span>";
      if (view.live && c.id) {
        const input = document.createElement("input");
        input.type = "number";
        input.value = c.constant;
        input.setAttribute("aria-label", "constant of " + c.id);
        input.dataset.constraint = c.id;
        input.addEventListener("change", () => {
          const value = parseFloat(input.value);
          if (isFinite(value)) view.onConstant(c, raw, value);
        });
        li.appendChild(input);
      }
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }

  function describe(c) {
    const constant = c.constant ? (c.constant < 0 ? " - " + -c.constant : " + " + c.constant) : "";
    return c.first + "." + c.attribute + " " + c.relation + " " + (c.second ? c.second + "." + c.secondAttribute + constant : c.constant);
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
