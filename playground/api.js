// The playground talks to the server through the TypeScript client (clients/typescript,
// served as /playground/trellis.js): each exchange app.js asks for is one of the client's
// methods, and a TrellisProblem comes back as the status and problem it carries.
(function (root) {
  "use strict";

  root.TrellisAPI = function (base) {
    // Loaded once, as an ES module, from a classic script.
    const loaded = import(base + "/playground/trellis.js").then((m) => ({ m, t: new m.Trellis({ baseUrl: base }) }));
    const sessions = new Map();  // id -> the client's Session

    async function run(status, work) {
      const { m, t } = await loaded;
      try {
        return { status, json: await work(t) };
      } catch (e) {
        if (e instanceof m.TrellisProblem) return { status: e.status, json: e.body };
        throw e;  // a network error stays one
      }
    }

    function session(id) {
      const s = sessions.get(id);
      if (!s) throw new Error("no such session in this page: " + id);
      return s;
    }

    return {
      solve: (text) => run(200, (t) => t.solve(text, { space: "root" })),
      createSession: (text) => run(201, async (t) => {
        const s = await t.createSession(text, { space: "root" });
        sessions.set(s.id, s);
        return s.answer;
      }),
      getSession: (id) => run(200, () => session(id).get()),
      edit: (id, ops) => run(200, () => session(id).edit(ops)),
      deleteSession: (id) => run(204, async () => { const s = sessions.get(id); sessions.delete(id); if (s) await s.delete(); return null; }),
      explain: (text) => run(200, (t) => t.explain(text)),
    };
  };
})(window);
