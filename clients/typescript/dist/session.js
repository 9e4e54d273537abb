import { sessionPath, withSpace } from "./paths.js";
export class Session {
    /** Made by `Trellis.createSession` and `Trellis.session`, not directly. */
    constructor(transport, id, answer, space) {
        this.transport = transport;
        this.id = id;
        this.latest = answer;
        this.space = space;
    }
    /** The session's revision as of the newest answer this object has seen. */
    get revision() {
        return this.latest.revision;
    }
    /** The newest answer this object has seen (frames, diagnostics, stats, revision). */
    get answer() {
        return this.latest;
    }
    /** Applies `ops` atomically (all or none) and keeps the answer. */
    async edit(ops, options = {}) {
        const batch = { ops };
        if (options.ifRevision !== undefined)
            batch.ifRevision = options.ifRevision;
        if (options.strict !== undefined)
            batch.strict = options.strict;
        const frames = options.changedFrames === true ? "changed" : undefined;
        const answer = await this.transport.send("POST", withSpace(sessionPath(this.id, "/edits"), this.space, frames), { json: batch }, options);
        if (answer.changedSince === undefined) {
            this.keep(answer);
        }
        else if (answer.changedSince === this.latest.revision) {
            this.keep(merged(this.latest, answer));
        }
        else if (answer.revision > this.latest.revision) {
            // Moved from a revision this object has not seen (another client's edits): read it whole.
            await this.get(options);
        }
        return answer;
    }
    /** A window resize or rotation: one `setFrame` op, edited in the live solver. */
    setFrame(view, frame, options = {}) {
        return this.edit([{ op: "setFrame", view, frame }], options);
    }
    /** The document as it now stands, with the answer; refreshes `revision` and `answer`. */
    async get(options = {}) {
        const state = await this.transport.send("GET", withSpace(sessionPath(this.id), this.space), undefined, options);
        this.keep(state);
        return state;
    }
    /** Ends the session on the server. */
    async delete(options = {}) {
        await this.transport.send("DELETE", sessionPath(this.id), undefined, options);
    }
    // Answers of overlapping requests may arrive out of order; an older one never replaces a newer.
    keep(answer) {
        if (answer.revision >= this.latest.revision)
            this.latest = answer;
    }
}
/** `base` with the frames a `?frames=changed` answer moved, added or removed. */
function merged(base, changed) {
    const frames = {};
    const removed = new Set(changed.removedViews ?? []);
    for (const [id, frame] of Object.entries(base.frames))
        if (!removed.has(id))
            frames[id] = changed.frames[id] ?? frame;
    for (const [id, frame] of Object.entries(changed.frames))
        if (!(id in frames))
            frames[id] = frame;
    const { changedSince: _since, removedViews: _removed, ...rest } = changed;
    return { ...rest, frames };
}
