import { kinds } from "./manifest.ts";

/**
 * The groups an API key's scopes name: the manifest's groups, which are the OpenAPI document's tags of
 * the kinds (`catalog`, `channels`, `purchasing`, ...).
 */
export const scopeGroups: readonly string[] = [...new Set(kinds.map((kind) => kind.group))].sort();

/**
 * Every scope an API key may have: `*:read`, `*:write`, and `<group>:read`, `<group>:write` for each
 * group. Write implies read.
 *
 * @example
 * apiKeyScopes.includes("catalog:write") // true
 */
export const apiKeyScopes: readonly string[] = ["*", ...scopeGroups].flatMap((group) => [
  `${group}:read`,
  `${group}:write`,
]);
