export * from "./actions.ts";
export * from "./define.ts";
export * from "./generated/types.ts";
export * from "./manifest.ts";
export * from "./openapi.ts";
export * from "./problem.ts";
export * from "./validators.ts";
