import { TrellisProblem } from "./problem.js";
import { linkSignals } from "./signals.js";
export class Transport {
    constructor(options) {
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
    }
    /** Resolves to the parsed JSON answer, or undefined for a 204. */
    async send(method, path, body, call = {}) {
        const link = linkSignals(this.signal, call.signal);
        try {
            const response = await this.fetchImpl(this.base + path, {
                method,
                headers: this.headersFor(body, call.headers),
                body: body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.text,
                signal: link.signal,
            });
            if (!response.ok)
                throw await TrellisProblem.from(response);
            if (response.status === 204)
                return undefined;
            return (await response.json());
        }
        finally {
            // Only now: an abort must still reach a body being read.
            link.release();
        }
    }
    headersFor(body, extra) {
        const headers = new Headers(this.headers);
        new Headers(extra).forEach((value, name) => headers.set(name, value));
        if (!headers.has("accept"))
            headers.set("accept", "application/json, application/problem+json");
        // The server reads bodies by their declared type (415 otherwise), so ours always wins.
        if (body !== undefined)
            headers.set("content-type", "json" in body ? "application/json" : body.type);
        return headers;
    }
}
