import { sessionPath, withSpace } from "./paths.js";
import { Session } from "./session.js";
import { Transport } from "./transport.js";
export class Trellis {
    constructor(options) {
        this.transport = new Transport(options);
    }
    /**
     * Solves a layout once (`POST /v1/layouts`). A string is sent as it is, so that the
     * line and column of every error are those of the caller's own text.
     */
    solve(doc, options = {}) {
        return this.transport.send("POST", withSpace("/v1/layouts", options.space), documentBody(doc), options);
    }
    /** Creates a live session from a layout (`POST /v1/sessions`). */
    async createSession(doc, options = {}) {
        const created = await this.transport.send("POST", withSpace("/v1/sessions", options.space), documentBody(doc), options);
        return new Session(this.transport, created.id, created, options.space);
    }
    /** Attaches to an existing session by id; reads it first, so an unknown id is a 404 here. */
    async session(id, options = {}) {
        const state = await this.transport.send("GET", withSpace(sessionPath(id), options.space), undefined, options);
        return new Session(this.transport, state.id, state, options.space);
    }
    /** Reads an Auto Layout console log as pasted (`POST /v1/explain`). */
    explain(logText, options = {}) {
        return this.transport.send("POST", "/v1/explain", { text: logText, type: "text/plain; charset=utf-8" }, options);
    }
}
function documentBody(doc) {
    return typeof doc === "string" ? { text: doc, type: "application/json" } : { json: doc };
}
