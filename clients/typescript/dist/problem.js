const TYPE_PREFIX = "urn:trellis:problem:";
export class TrellisProblem extends Error {
    constructor(status, body, requestId = null) {
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
    static async from(response) {
        const text = await response.text();
        return new TrellisProblem(response.status, parseProblem(text) ?? text, response.headers.get("x-request-id"));
    }
}
function parseProblem(text) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return null;
    }
    // Anything JSON but not problem-shaped stays text, so `code` never comes from a guess.
    if (typeof value !== "object" || value === null || Array.isArray(value))
        return null;
    const record = value;
    return Array.isArray(record.errors) || typeof record.type === "string" ? value : null;
}
function codeOf(problem) {
    const first = Array.isArray(problem.errors) ? problem.errors[0] : undefined;
    if (first && typeof first.code === "string")
        return first.code;
    return typeof problem.type === "string" && problem.type.startsWith(TYPE_PREFIX)
        ? problem.type.slice(TYPE_PREFIX.length)
        : null;
}
function messageOf(status, code, problem) {
    const detail = problem?.detail ?? problem?.title;
    if (code && detail)
        return `${status} ${code}: ${detail}`;
    if (code)
        return `${status} ${code}`;
    return `HTTP ${status} (the answer is not a problem+json object)`;
}
