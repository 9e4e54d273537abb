// AbortSignal, per call and per client: the abort's own error comes back, never a TrellisProblem.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Trellis, TrellisProblem } from "../dist/index.js";
import { base, card, stallingServer } from "./helpers.mjs";

async function rejectsAsAbort(promise, reason) {
  const error = await promise.then(() => assert.fail("resolved, but the request was aborted"), (e) => e);
  assert.equal(error instanceof TrellisProblem, false, `disguised as a problem: ${error}`);
  if (reason !== undefined) assert.equal(error, reason);
  else assert.equal(error.name, "AbortError", `${error}`);
  return error;
}

test("a call signal already aborted: the call rejects with AbortError", async () => {
  const t = new Trellis({ baseUrl: base });
  await rejectsAsAbort(t.solve(card(), { signal: AbortSignal.abort() }));
});

test("a call signal aborted once the request is sent: AbortError", async () => {
  const t = new Trellis({ baseUrl: base });
  const controller = new AbortController();
  const pending = t.solve(card(), { signal: controller.signal });
  controller.abort();
  await rejectsAsAbort(pending);
});

test("a call signal aborted while the server holds the answer: AbortError", async () => {
  const server = await stallingServer("head");
  try {
    const controller = new AbortController();
    const arrived = server.nextRequest();
    const pending = new Trellis({ baseUrl: server.base }).solve(card(), { signal: controller.signal });
    await arrived;
    controller.abort();
    await rejectsAsAbort(pending);
  } finally {
    await server.close();
  }
});

// With both signals, the client's one must still reach the body: the link is released only after.
for (const which of ["call", "client"]) {
  test(`the ${which} signal aborted while the answer's body is read: AbortError`, { timeout: 5000 }, async () => {
    const server = await stallingServer("body");
    try {
      const client = new AbortController();
      const call = new AbortController();
      let headersIn;
      const headers = new Promise((resolve) => { headersIn = resolve; });
      // Resolves its promise once fetch has the status and headers: the body is then being read.
      const watching = async (url, init) => { const response = await fetch(url, init); headersIn(); return response; };
      const t = new Trellis({ baseUrl: server.base, fetch: watching, signal: client.signal });
      const pending = t.solve(card(), { signal: call.signal });
      await headers;
      // A turn of the event loop, so the client is inside its body read when the abort comes.
      await new Promise((resolve) => setTimeout(resolve, 20));
      (which === "call" ? call : client).abort();
      await rejectsAsAbort(pending);
    } finally {
      await server.close();
    }
  });
}

test("the abort reason given is what the call rejects with", async () => {
  const t = new Trellis({ baseUrl: base });
  const reason = new Error("user left the page");
  const controller = new AbortController();
  const pending = t.createSession(card(), { signal: controller.signal });
  controller.abort(reason);
  await rejectsAsAbort(pending, reason);
});

test("the client's signal aborts a call in flight", async () => {
  const server = await stallingServer("head");
  try {
    const controller = new AbortController();
    const arrived = server.nextRequest();
    const pending = new Trellis({ baseUrl: server.base, signal: controller.signal }).solve(card());
    await arrived;
    controller.abort();
    await rejectsAsAbort(pending);
  } finally {
    await server.close();
  }
});

test("once the client's signal aborted, every method rejects", async () => {
  const controller = new AbortController();
  const t = new Trellis({ baseUrl: base, signal: controller.signal });
  const s = await t.createSession(card());
  controller.abort();
  await rejectsAsAbort(t.solve(card()));
  await rejectsAsAbort(t.createSession(card()));
  await rejectsAsAbort(t.session(s.id));
  await rejectsAsAbort(s.edit([]));
  await rejectsAsAbort(s.setFrame("root", { x: 0, y: 0, width: 1, height: 1 }));
  await rejectsAsAbort(s.get());
  await rejectsAsAbort(s.delete());
  await rejectsAsAbort(t.explain("log"));
  assert.equal(s.revision, 1);
  await (await new Trellis({ baseUrl: base }).session(s.id)).delete();
});

test("client and call signals combine: either one aborts", async () => {
  const server = await stallingServer("head");
  try {
    const client = new AbortController();
    const t = new Trellis({ baseUrl: server.base, signal: client.signal });
    // The call's signal, the client's still live.
    const call = new AbortController();
    let arrived = server.nextRequest();
    const first = t.solve(card(), { signal: call.signal });
    await arrived;
    call.abort();
    await rejectsAsAbort(first);
    // The client's signal, the call's still live.
    arrived = server.nextRequest();
    const second = t.solve(card(), { signal: new AbortController().signal });
    await arrived;
    client.abort();
    await rejectsAsAbort(second);
  } finally {
    await server.close();
  }
});

test("signals that never fire leave the calls alone", async () => {
  const t = new Trellis({ baseUrl: base, signal: new AbortController().signal });
  const answer = await t.solve(card(), { signal: new AbortController().signal });
  assert.deepEqual(answer.frames.card, { x: 20, y: 20, width: 335, height: 627 });
});

test("a call lets go of the client's signal once it is over", async () => {
  const client = new AbortController();
  let listeners = 0;
  const add = client.signal.addEventListener.bind(client.signal);
  const remove = client.signal.removeEventListener.bind(client.signal);
  client.signal.addEventListener = (...args) => { listeners++; add(...args); };
  client.signal.removeEventListener = (...args) => { listeners--; remove(...args); };
  const t = new Trellis({ baseUrl: base, signal: client.signal });
  for (let i = 0; i < 5; i++) await t.solve(card(), { signal: new AbortController().signal });
  await t.solve("{", { signal: new AbortController().signal }).catch(() => {});
  assert.equal(listeners, 0);
});
