// The playground's "Paste a log" mode (docs/explain.md): the editor holds a pasted Auto Layout
// log, POST /v1/explain explains it, and the canvas draws the views rebuilt from one of its
// logs with the conflict outlined; the cards list the members with the paste line each came
// from. app.js hands over what it shares (its state, editor and drawing).
(function (root) {
  "use strict";
  const M = root.TrellisModel;
  const $ = (id) => document.getElementById(id);

  root.TrellisLogMode = function (app) {
    const state = app.state, source = app.source;

    function set(on, text) {
      if (on === state.log.on) return;
      if (state.session) { $("live").checked = false; app.stopSession(); }
      state.log.on = on;
      $("log-mode").setAttribute("aria-pressed", String(on));
      $("log-controls").hidden = !on;
      $("live").disabled = on;
      app.menu.disabled = on;
      state.selected = null;
      state.view.auto = true;
      $("solve-time").textContent = ""; $("hover").textContent = "";  // they spoke of the other mode's layout
      if (on) {
        state.log.layoutText = source.value;
        state.log.report = null;
        state.answer = null; state.document = null;
        source.placeholder = "Paste an Auto Layout log: \"Unable to simultaneously satisfy constraints\" and the list after it";
        app.setText(text || "", true);
        app.render();
      } else {
        source.placeholder = "";
        app.setText(text !== undefined ? text : state.log.layoutText, true);
      }
    }

    async function explain() {
      const text = source.value;
      if (!text.trim()) { state.log.report = null; show(0); app.showErrors([]); return; }
      const started = performance.now();
      const response = await app.api.explain(text);
      if (!state.log.on || source.value !== text) return;  // a newer paste is on its way
      const json = response.json;
      state.lastExchange = { curl: M.curlCommand(app.base, "POST", "/v1/explain", text, "text/plain"), status: response.status,
        text: json ? JSON.stringify(json) : "", millis: performance.now() - started };
      app.renderExchange();
      if (response.status !== 200) {
        state.log.report = null;
        show(0);
        app.showErrors(M.errorMarks(json));
        return;
      }
      state.log.report = json;
      const pick = $("log-pick");
      pick.innerHTML = json.logs.map((l, k) => '<option value="' + k + '">line ' + l.line + "</option>").join("");
      pick.disabled = json.logs.length < 2;
      show(Math.min(state.log.index, json.logs.length - 1));
      app.showErrors(M.warningMarks(json));
    }

    function show(k) {
      const shown = M.explainedLog(state.log.report, k);
      state.log.index = shown ? k : 0;
      state.document = shown ? shown.document : null;
      state.answer = shown ? shown.answer : null;
      $("log-pick").value = String(state.log.index);
      $("open-document").disabled = !shown;
      const status = $("log-status");
      if (!shown) { status.textContent = ""; app.render(); return; }
      const conflicts = shown.answer.diagnostics.filter((d) => d.code === "unsatisfiable").length;
      const broke = shown.log.autoLayoutBroke;
      status.textContent = (conflicts ? conflicts + (conflicts > 1 ? " conflicts" : " conflict") : "no conflict among the listed constraints") +
        (broke ? "; Auto Layout broke the constraint on line " + broke.line + (broke.id ? " (" + broke.id + ")" : "") : "");
      state.view.auto = true;
      app.render();
    }

    $("log-mode").addEventListener("click", () => set(!state.log.on));
    $("log-pick").addEventListener("change", () => show(+$("log-pick").value));
    $("open-document").addEventListener("click", () => {
      const shown = M.explainedLog(state.log.report, state.log.index);
      if (shown) set(false, JSON.stringify(shown.document, null, 2));
    });
    return { set, explain };
  };
})(window);
