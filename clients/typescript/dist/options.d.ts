export interface TrellisOptions {
    /** Where the server is, e.g. `http://127.0.0.1:8080`; `""` means this page's own origin. */
    baseUrl: string;
    /** A fetch to use instead of the global one (a test double, a retrying wrapper, ...). */
    fetch?: typeof fetch;
    /** Sent with every request (an API gateway's key, an `X-Request-Id`, ...). */
    headers?: HeadersInit;
    /** Aborts every request of this client, in flight or to come. */
    signal?: AbortSignal;
    /**
     * A 503 means nothing was applied (in a fleet, `session-owned-elsewhere` while a session
     * moves between instances, or `store-unavailable`): it is sent again after its
     * `Retry-After` (at most 30 s), up to this many times, before it is thrown. Default 0.
     */
    retries?: number;
}
export interface CallOptions {
    /** Aborts this request; combined with the client's own signal. */
    signal?: AbortSignal;
    /** Sent with this request, over the client's headers of the same name. */
    headers?: HeadersInit;
}
export interface SolveOptions extends CallOptions {
    /** `"root"`: every frame in absolute (root) coordinates rather than its superview's. */
    space?: "root";
}
/** A session remembers its `space`, so every answer it keeps is in the same coordinates. */
export declare type SessionOptions = SolveOptions;
export interface EditOptions extends CallOptions {
    /** Apply only if the session is still at this revision (409 `revision-mismatch` otherwise). */
    ifRevision?: number;
    /** Refuse (422) a batch that leaves required constraints unsatisfiable, rather than recover. */
    strict?: boolean;
    /**
     * Ask only for the frames the batch moves (`?frames=changed`): a smaller answer for a big
     * layout. The session merges them into the answer it keeps, whose `frames` stay whole; the
     * answer returned is the server's, with only those frames.
     */
    changedFrames?: boolean;
}
