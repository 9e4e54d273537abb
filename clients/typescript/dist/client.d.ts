import type { CallOptions, SessionOptions, SolveOptions, TrellisOptions } from "./options.js";
import type { Answer, ExplainReport, LayoutDocument } from "./schema.js";
import { Session } from "./session.js";
export declare class Trellis {
    private readonly transport;
    constructor(options: TrellisOptions);
    /**
     * Solves a layout once (`POST /v1/layouts`). A string is sent as it is, so that the
     * line and column of every error are those of the caller's own text.
     */
    solve(doc: LayoutDocument | string, options?: SolveOptions): Promise<Answer>;
    /** Creates a live session from a layout (`POST /v1/sessions`). */
    createSession(doc: LayoutDocument | string, options?: SessionOptions): Promise<Session>;
    /** Attaches to an existing session by id; reads it first, so an unknown id is a 404 here. */
    session(id: string, options?: SessionOptions): Promise<Session>;
    /** Reads an Auto Layout console log as pasted (`POST /v1/explain`). */
    explain(logText: string, options?: CallOptions): Promise<ExplainReport>;
}
