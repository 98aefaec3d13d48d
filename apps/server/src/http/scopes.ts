/**
 * Which scope a request needs, from its path: the group of the kind its first segment names (a CRUD
 * path, a list, an action: `/purchases/{id}/ship.json` needs `purchasing:write`), `events` for the event
 * log; read for GET and HEAD, write for the rest, and for a GET action that writes (`operationWrites`:
 * an export, a new label version). A POST that only computes (a shipping quote) asks for write, as a
 * read-only token's did. Paths of no group declare what a method needs where their route is registered
 * (`POST /files.json`: `inventory:write`); the others (the API keys' own, a file's download, unknown
 * ones) are checked where they are answered, a read-only key's writes there refused at admission
 * (`readOnlyRefusal`).
 */
import { actions, kinds, operationWrites } from "@multichannel/schema";
import { type Access, keysNeedWrite, type Level, missingScope, scopeText } from "../domain/scopes.ts";
import type { ApiError } from "../errors.ts";

interface Needed {
  readonly group: string;
  readonly level: Level;
  readonly text: string;
}

const needed = (group: string, level: Level): Needed => ({ group, level, text: scopeText(group, level) });

/** By first segment (`carriers.json`, `carriers`): what reading and writing there need. */
const byFirst = new Map<string, { read: Needed; write: Needed }>();
const add = (plural: string, group: string) => {
  const both = { read: needed(group, 1), write: needed(group, 2) };
  byFirst.set(plural, both);
  byFirst.set(`${plural}.json`, both);
};
for (const kind of kinds) add(kind.plural, kind.group);
add("events", "events");

/** The GET actions that write (an export, a new label version), by `<plural>/<action>.json`. */
const getWrites = new Set(
  actions
    .filter(({ action }) => action.method === "GET" && operationWrites(action.method, action))
    .map(({ kind, action }) => `${kind.plural}/${action.name}.json`),
);

/** What a method on a path of no group needs, by `<method> <path>` (`POST files.json`). */
const byPath = new Map<string, Needed>();

/**
 * Declares the scope a method on a path of no group needs (`POST /files.json`: the inventory group's
 * write), beside its route: admission refuses a key without it, naming it, as on a kind's path.
 */
export function declareScope(method: string, path: string, group: string, level: Level): void {
  byPath.set(`${method} ${path.slice(1)}`, needed(group, level));
}

/** The scope a request to `path` (under the mount point `mount`) needs, or undefined (see above). */
export function scopeNeeded(path: string, mount: string, method: string): Needed | undefined {
  const start = mount.length + 1;
  const slash = path.indexOf("/", start);
  const scopes = byFirst.get(slash < 0 ? path.slice(start) : path.slice(start, slash));
  if (!scopes) return byPath.size ? byPath.get(`${method} ${path.slice(start)}`) : undefined;
  if (method !== "GET" && method !== "HEAD") return scopes.write;
  const third = slash < 0 ? -1 : path.indexOf("/", slash + 1);
  const action = third < 0 ? undefined : `${path.slice(start, slash)}/${path.slice(third + 1)}`;
  return action && getWrites.has(action) ? scopes.write : scopes.read;
}

/**
 * The 403 of a read-only key's write on a path of no group that declares none: making or revoking an API
 * key names the write scope that would let it (`keysNeedWrite`); anything else, `*:write`.
 */
export function readOnlyRefusal(path: string, mount: string, access: Access | undefined): ApiError {
  const rest = path.slice(mount.length + 1);
  const keys = rest === "api-keys.json" || rest.startsWith("api-keys/");
  return keys && access ? keysNeedWrite(access) : missingScope(scopeText("*", 2), true);
}

export { missingScope } from "../domain/scopes.ts";
