// Sends one request and reads its answer: the JSON of a 2xx, a TrellisProblem for anything else.
// Errors from fetch itself (network, abort) pass through untouched.
import type { CallOptions, TrellisOptions } from "./options.js";
import { TrellisProblem } from "./problem.js";
import { linkSignals } from "./signals.js";

export type RequestBody = { json: unknown } | { text: string; type: string };

export class Transport {
  private readonly base: string;
  private readonly fetchImpl: typeof fetch;
  private readonly headers: HeadersInit | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly retries: number;

  constructor(options: TrellisOptions) {
    // Paths are appended, so a base with a path prefix (behind a proxy) keeps it.
    this.base = options.baseUrl.replace(/\/+$/, "");
    const injected = options.fetch;
    if (!injected && typeof globalThis.fetch !== "function") {
      throw new TypeError("Trellis: no global fetch here; pass options.fetch");
    }
    // The global fetch is bound: browsers refuse it called as a method of another object.
    this.fetchImpl = injected ?? globalThis.fetch.bind(globalThis);
    this.headers = options.headers;
    this.signal = options.signal;
    this.retries = Math.max(0, Math.floor(options.retries ?? 0));
  }

  /** Resolves to the parsed JSON answer, or undefined for a 204. */
  async send<T>(method: string, path: string, body: RequestBody | undefined, call: CallOptions = {}): Promise<T> {
    const link = linkSignals(this.signal, call.signal);
    try {
      let response: Response;
      for (let attempt = 0; ; attempt++) {
        response = await this.fetchImpl(this.base + path, {
          method,
          headers: this.headersFor(body, call.headers),
          body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.text,
          signal: link.signal,
        });
        if (response.status !== 503 || attempt >= this.retries) break;
        await response.body?.cancel();
        await pause(retryAfterSeconds(response.headers.get("retry-after")), link.signal);
      }
      if (!response.ok) throw await TrellisProblem.from(response);
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    } finally {
      // Only now: an abort must still reach a body being read.
      link.release();
    }
  }

  private headersFor(body: RequestBody | undefined, extra: HeadersInit | undefined): Headers {
    const headers = new Headers(this.headers);
    new Headers(extra).forEach((value, name) => headers.set(name, value));
    if (!headers.has("accept")) headers.set("accept", "application/json, application/problem+json");
    // The server reads bodies by their declared type (415 otherwise), so ours always wins.
    if (body !== undefined) headers.set("content-type", "json" in body ? "application/json" : body.type);
    return headers;
  }
}

/** Seconds a 503 asks to wait: its `Retry-After` in seconds (an HTTP date counts as 1), at most 30. */
function retryAfterSeconds(header: string | null): number {
  const seconds = header === null ? 1 : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 30) : 1;
}

/** Waits, or rejects with the signal's reason as soon as it aborts. */
function pause(seconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, seconds * 1000);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
