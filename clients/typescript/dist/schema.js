// Generated from openapi.yaml by scripts/gen-ts-types: do not edit by hand.
// Run scripts/gen-ts-types after changing the spec (scripts/check-ts-client checks it is current).
/* eslint-disable */
export {};
