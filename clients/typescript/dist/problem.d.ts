import type { Diagnostic, Problem } from "./schema.js";
export declare class TrellisProblem extends Error {
    /** The HTTP status. */
    readonly status: number;
    /** The first error's code (`unknown-view`, `revision-mismatch`, ...); null when the body was no problem object. */
    readonly code: string | null;
    /** Every error the server found, each with its `location` in the request when it has one. */
    readonly errors: Diagnostic[];
    /** The parsed problem object, or the body's text when it was not one (a proxy's HTML page, say). */
    readonly body: Problem | string;
    /** The answer's `X-Request-Id`, the id the server's access log shows. */
    readonly requestId: string | null;
    constructor(status: number, body: Problem | string, requestId?: string | null);
    /** Reads a non-2xx response. A failure reading the body (an abort, a reset) is thrown as it is. */
    static from(response: Response): Promise<TrellisProblem>;
}
