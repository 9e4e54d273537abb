export { Trellis } from "./client.js";
export { Session } from "./session.js";
export { TrellisProblem } from "./problem.js";
export type { CallOptions, EditOptions, SessionOptions, SolveOptions, TrellisOptions } from "./options.js";
export * from "./schema.js";
