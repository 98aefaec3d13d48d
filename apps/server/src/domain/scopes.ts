/**
 * API key scopes: `*:read`, `*:write`, `<group>:read`, `<group>:write`, where a group is one of the
 * manifest's (the OpenAPI document's tags). Write implies read. A key's scopes are compiled once, when
 * its token is looked up, into an `Access` that a request checks with a map lookup.
 */
import { kinds, scopeGroups } from "@multichannel/schema";
import { ApiError } from "../errors.ts";

/** 1: read, 2: write (which implies read). */
export type Level = 1 | 2;

/** The groups of the manifest: what a scope names besides `*`. */
const groups = new Set(scopeGroups);

/** What a key may do: its level on every group (`all`), and on named groups above that. */
export interface Access {
  readonly all: Level | 0;
  readonly groups: ReadonlyMap<string, Level>;
}

/** Full access: the internal actors (the inbound webhooks) and the keys that have `*:write`. */
export const FULL_ACCESS: Access = { all: 2, groups: new Map() };

const SCOPE = /^([a-z*][a-z-]*):(read|write)$/;

/** A scope's group and level, or undefined when it is not a scope. */
export function parseScope(scope: string): { group: string; level: Level } | undefined {
  const match = SCOPE.exec(scope);
  if (!match || (match[1] !== "*" && !groups.has(match[1]!))) return undefined;
  return { group: match[1]!, level: match[2] === "write" ? 2 : 1 };
}

/** The access that scopes grant (scopes that are not scopes grant nothing). */
export function accessOf(scopes: readonly string[]): Access {
  let all: Level | 0 = 0;
  const named = new Map<string, Level>();
  for (const scope of scopes) {
    const parsed = parseScope(scope);
    if (!parsed) continue;
    if (parsed.group === "*") all = higher(all, parsed.level);
    else named.set(parsed.group, higher(named.get(parsed.group) ?? 0, parsed.level));
  }
  for (const [group, level] of named) if (level <= all) named.delete(group);
  return all === 2 ? FULL_ACCESS : { all, groups: named };
}

/** Whether the access allows `level` on `group`. */
export function allows(access: Access, group: string, level: Level): boolean {
  return access.all >= level || (access.groups.get(group) ?? 0) >= level;
}

/**
 * The kinds whose records the access reads: those of the groups it reads (the events of a kind carry its
 * record). Undefined for access that reads every group.
 */
export function readableKinds(access: Access | undefined): string[] | undefined {
  if (!access || access.all >= 1) return undefined;
  return kinds.filter((kind) => allows(access, kind.group, 1)).map((kind) => kind.name);
}

/** Whether the access may write anything at all (a read-only key may not). */
export function writesAny(access: Access): boolean {
  return access.all === 2 || [...access.groups.values()].includes(2);
}

/** Whether every scope of `requested` is within `own` (a key makes keys only within its own scopes). */
export function within(own: Access, requested: readonly string[]): boolean {
  return requested.every((scope) => {
    const parsed = parseScope(scope);
    if (!parsed) return false;
    if (parsed.group === "*") return own.all >= parsed.level;
    return allows(own, parsed.group, parsed.level);
  });
}

/** The scope a request lacks, as text: `catalog:write`. */
export function scopeText(group: string, level: Level): string {
  return `${group}:${level === 2 ? "write" : "read"}`;
}

/** Scopes in a stable order without repeats: what is stored and answered. */
export function normalScopes(scopes: readonly string[]): string[] {
  return [...new Set(scopes)].sort();
}

/** Names in backticks, as a sentence lists them: `a`, `b` or `c`. */
function listed(names: readonly string[]): string {
  const quoted = names.map((name) => `\`${name}\``);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}` : quoted.join("");
}

/** The scopes that grant `scope`, each once: itself, its group's write for a read, `*` at its level. */
function grantsOf(scope: string): string[] {
  const group = scope.slice(0, scope.indexOf(":"));
  const level = scope.slice(group.length + 1);
  return [...new Set([scope, ...(level === "read" ? [`${group}:write`] : []), `*:${level}`])];
}

/** What grants: "(`a`, `b` or `c` grant it)", "(only `*:write` grants it)". */
function grantedBy(grants: readonly string[]): string {
  return grants.length > 1 ? `(${listed(grants)} grant it)` : `(only ${listed(grants)} grants it)`;
}

/**
 * The 403 of a key without the scope a request needs, naming it (and saying so of a read-only key);
 * `needer` says what needs it when that is more than the path (an `include`).
 */
export function missingScope(scope: string, readOnly = false, needer = "this request"): ApiError {
  return new ApiError(
    "forbidden",
    `This API key${readOnly && scope.endsWith(":write") ? " is read-only: it" : ""} lacks the scope \`${scope}\` that ${needer} needs ${grantedBy(grantsOf(scope))}.`,
    { scope },
  );
}

/**
 * The 403 of a read-only key that would make or revoke an API key: a key does that only within its own
 * scopes, with a write scope. Its `scope` is the narrowest that would let it: the write of a group it
 * reads (the first, by name), else `*:write`.
 */
export function keysNeedWrite(access: Access): ApiError {
  const grants = [...[...access.groups.keys()].sort().map((group) => scopeText(group, 2)), "*:write"];
  return new ApiError(
    "forbidden",
    `This API key is read-only: making or revoking an API key needs a write scope, and then only within the key's own scopes ${grantedBy(grants)}.`,
    { scope: grants[0]! },
  );
}

/** The higher of two levels (0: none). */
function higher(level: Level | 0, other: Level): Level {
  return level === 0 || other > level ? other : level;
}
