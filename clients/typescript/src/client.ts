// The entry point: one-shot solves, sessions, and log explanations against one Trellis server.
import type { CallOptions, SessionOptions, SolveOptions, TrellisOptions } from "./options.js";
import { sessionPath, withSpace } from "./paths.js";
import type { Answer, CreatedSession, ExplainReport, LayoutDocument, SessionState } from "./schema.js";
import { Session } from "./session.js";
import { RequestBody, Transport } from "./transport.js";

export class Trellis {
  private readonly transport: Transport;

  constructor(options: TrellisOptions) {
    this.transport = new Transport(options);
  }

  /**
   * Solves a layout once (`POST /v1/layouts`). A string is sent as it is, so that the
   * line and column of every error are those of the caller's own text.
   */
  solve(doc: LayoutDocument | string, options: SolveOptions = {}): Promise<Answer> {
    return this.transport.send<Answer>("POST", withSpace("/v1/layouts", options.space), documentBody(doc), options);
  }

  /** Creates a live session from a layout (`POST /v1/sessions`). */
  async createSession(doc: LayoutDocument | string, options: SessionOptions = {}): Promise<Session> {
    const created = await this.transport.send<CreatedSession>(
      "POST", withSpace("/v1/sessions", options.space), documentBody(doc), options);
    return new Session(this.transport, created.id, created, options.space);
  }

  /** Attaches to an existing session by id; reads it first, so an unknown id is a 404 here. */
  async session(id: string, options: SessionOptions = {}): Promise<Session> {
    const state = await this.transport.send<SessionState>(
      "GET", withSpace(sessionPath(id), options.space), undefined, options);
    return new Session(this.transport, state.id, state, options.space);
  }

  /** Reads an Auto Layout console log as pasted (`POST /v1/explain`). */
  explain(logText: string, options: CallOptions = {}): Promise<ExplainReport> {
    return this.transport.send<ExplainReport>(
      "POST", "/v1/explain", { text: logText, type: "text/plain; charset=utf-8" }, options);
  }
}

function documentBody(doc: LayoutDocument | string): RequestBody {
  return typeof doc === "string" ? { text: doc, type: "application/json" } : { json: doc };
}
