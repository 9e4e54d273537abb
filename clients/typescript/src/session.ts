// A live session (docs/api.md §4): edits change it in place, and it keeps its latest revision and answer.
import type { CallOptions, EditOptions } from "./options.js";
import { sessionPath, withSpace } from "./paths.js";
import type { EditBatch, EditOp, Rect, SessionAnswer, SessionState, ViewId } from "./schema.js";
import type { Transport } from "./transport.js";

export class Session {
  /** The server's id for this session (32 hex digits). */
  readonly id: string;
  /** `"root"` when this session's frames are asked for in absolute coordinates. */
  readonly space: "root" | undefined;
  private readonly transport: Transport;
  private latest: SessionAnswer;

  /** Made by `Trellis.createSession` and `Trellis.session`, not directly. */
  constructor(transport: Transport, id: string, answer: SessionAnswer, space: "root" | undefined) {
    this.transport = transport;
    this.id = id;
    this.latest = answer;
    this.space = space;
  }

  /** The session's revision as of the newest answer this object has seen. */
  get revision(): number {
    return this.latest.revision;
  }

  /** The newest answer this object has seen (frames, diagnostics, stats, revision). */
  get answer(): SessionAnswer {
    return this.latest;
  }

  /** Applies `ops` atomically (all or none) and keeps the answer. */
  async edit(ops: EditOp[], options: EditOptions = {}): Promise<SessionAnswer> {
    const batch: EditBatch = { ops };
    if (options.ifRevision !== undefined) batch.ifRevision = options.ifRevision;
    if (options.strict !== undefined) batch.strict = options.strict;
    const frames = options.changedFrames === true ? "changed" : undefined;
    const answer = await this.transport.send<SessionAnswer>(
      "POST", withSpace(sessionPath(this.id, "/edits"), this.space, frames), { json: batch }, options);
    if (answer.changedSince === undefined) {
      this.keep(answer);
    } else if (answer.changedSince === this.latest.revision) {
      this.keep(merged(this.latest, answer));
    } else if (answer.revision > this.latest.revision) {
      // Moved from a revision this object has not seen (another client's edits): read it whole.
      await this.get(options);
    }
    return answer;
  }

  /** A window resize or rotation: one `setFrame` op, edited in the live solver. */
  setFrame(view: ViewId, frame: Rect, options: EditOptions = {}): Promise<SessionAnswer> {
    return this.edit([{ op: "setFrame", view, frame }], options);
  }

  /** The document as it now stands, with the answer; refreshes `revision` and `answer`. */
  async get(options: CallOptions = {}): Promise<SessionState> {
    const state = await this.transport.send<SessionState>(
      "GET", withSpace(sessionPath(this.id), this.space), undefined, options);
    this.keep(state);
    return state;
  }

  /** Ends the session on the server. */
  async delete(options: CallOptions = {}): Promise<void> {
    await this.transport.send<void>("DELETE", sessionPath(this.id), undefined, options);
  }

  // Answers of overlapping requests may arrive out of order; an older one never replaces a newer.
  private keep(answer: SessionAnswer): void {
    if (answer.revision >= this.latest.revision) this.latest = answer;
  }
}

/** `base` with the frames a `?frames=changed` answer moved, added or removed. */
function merged(base: SessionAnswer, changed: SessionAnswer): SessionAnswer {
  const frames: Record<string, Rect> = {};
  const removed = new Set(changed.removedViews ?? []);
  for (const [id, frame] of Object.entries(base.frames)) if (!removed.has(id)) frames[id] = changed.frames[id] ?? frame;
  for (const [id, frame] of Object.entries(changed.frames)) if (!(id in frames)) frames[id] = frame;
  const { changedSince: _since, removedViews: _removed, ...rest } = changed;
  return { ...rest, frames };
}
