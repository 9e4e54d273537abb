// The types of trellis.js, the bundle of index.js.
export * from "./index.js";
