// What the tests share: the server's address, the card layout, and a fetch that records calls.
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";

export const base = process.env.TRELLIS_BASE;
if (!base) throw new Error("TRELLIS_BASE is not set; run scripts/check-ts-client (it starts a server)");

/** examples/card.json, the README's layout: its frames are known. */
export const cardText = readFileSync(new URL("../../../examples/card.json", import.meta.url), "utf8");
export const card = () => JSON.parse(cardText);

/** A fetch that calls the real one and keeps what it was asked and answered. */
export function recordingFetch() {
  const calls = [];
  const record = async (url, init = {}) => {
    const call = { url: String(url), method: init.method, headers: new Headers(init.headers), body: init.body, signal: init.signal };
    calls.push(call);
    call.response = await fetch(url, init);
    return call.response;
  };
  return { fetch: record, calls };
}

/** A loopback port nothing listens on: taken, then given back. */
export async function deadPort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A loopback server that never finishes its answer, so a request stays in flight until aborted:
 * `"head"` never answers at all, `"body"` sends a 200 and the start of a JSON body, then stalls.
 */
export async function stallingServer(stage) {
  const server = http.createServer((request, response) => {
    request.resume();
    if (stage === "body") {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"frames": {');
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    /** Resolves when the next request reaches the server (call it before sending). */
    nextRequest: () => new Promise((resolve) => server.once("request", resolve)),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
