// The error every non-2xx answer becomes: the problem+json body (docs/api.md §5) made easy to read.
import type { Diagnostic, Problem } from "./schema.js";

const TYPE_PREFIX = "urn:trellis:problem:";

export class TrellisProblem extends Error {
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

  constructor(status: number, body: Problem | string, requestId: string | null = null) {
    const problem = typeof body === "string" ? null : body;
    const code = problem ? codeOf(problem) : null;
    super(messageOf(status, code, problem));
    this.name = "TrellisProblem";
    this.status = status;
    this.code = code;
    this.errors = problem && Array.isArray(problem.errors) ? problem.errors : [];
    this.body = body;
    this.requestId = requestId;
  }

  /** Reads a non-2xx response. A failure reading the body (an abort, a reset) is thrown as it is. */
  static async from(response: Response): Promise<TrellisProblem> {
    const text = await response.text();
    return new TrellisProblem(response.status, parseProblem(text) ?? text, response.headers.get("x-request-id"));
  }
}

function parseProblem(text: string): Problem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  // Anything JSON but not problem-shaped stays text, so `code` never comes from a guess.
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return Array.isArray(record.errors) || typeof record.type === "string" ? (value as Problem) : null;
}

function codeOf(problem: Problem): string | null {
  const first = Array.isArray(problem.errors) ? problem.errors[0] : undefined;
  if (first && typeof first.code === "string") return first.code;
  return typeof problem.type === "string" && problem.type.startsWith(TYPE_PREFIX)
    ? problem.type.slice(TYPE_PREFIX.length)
    : null;
}

function messageOf(status: number, code: string | null, problem: Problem | null): string {
  const detail = problem?.detail ?? problem?.title;
  if (code && detail) return `${status} ${code}: ${detail}`;
  if (code) return `${status} ${code}`;
  return `HTTP ${status} (the answer is not a problem+json object)`;
}
