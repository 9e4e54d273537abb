// The package's public face.
export { Trellis } from "./client.js";
export { Session } from "./session.js";
export { TrellisProblem } from "./problem.js";
export type { CallOptions, EditOptions, SessionOptions, SolveOptions, TrellisOptions } from "./options.js";
// Only types live here; at run time it exports nothing.
export * from "./schema.js";
