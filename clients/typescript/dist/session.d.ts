import type { CallOptions, EditOptions } from "./options.js";
import type { EditOp, Rect, SessionAnswer, SessionState, ViewId } from "./schema.js";
import type { Transport } from "./transport.js";
export declare class Session {
    /** The server's id for this session (32 hex digits). */
    readonly id: string;
    /** `"root"` when this session's frames are asked for in absolute coordinates. */
    readonly space: "root" | undefined;
    private readonly transport;
    private latest;
    /** Made by `Trellis.createSession` and `Trellis.session`, not directly. */
    constructor(transport: Transport, id: string, answer: SessionAnswer, space: "root" | undefined);
    /** The session's revision as of the newest answer this object has seen. */
    get revision(): number;
    /** The newest answer this object has seen (frames, diagnostics, stats, revision). */
    get answer(): SessionAnswer;
    /** Applies `ops` atomically (all or none) and keeps the answer. */
    edit(ops: EditOp[], options?: EditOptions): Promise<SessionAnswer>;
    /** A window resize or rotation: one `setFrame` op, edited in the live solver. */
    setFrame(view: ViewId, frame: Rect, options?: EditOptions): Promise<SessionAnswer>;
    /** The document as it now stands, with the answer; refreshes `revision` and `answer`. */
    get(options?: CallOptions): Promise<SessionState>;
    /** Ends the session on the server. */
    delete(options?: CallOptions): Promise<void>;
    private keep;
}
