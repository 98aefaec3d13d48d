/**
 * Which scope a request needs, from its path: the group of the kind its first segment names (a CRUD
 * path, a list, an action: `/purchases/{id}/ship.json` needs `purchasing:write`), `events` for the event
 * log; read for GET and HEAD, write for the rest, and for a GET action that writes (`operationWrites`:
 * an export, a new label version). A POST that only computes (a shipping quote) asks for write, as a
 * read-only token's did. Paths of no group (the API keys' own, files, unknown ones) are checked where
 * they are answered.
 */
import { actions, kinds, operationWrites } from "@multichannel/schema";
import { type Level, scopeText } from "../domain/scopes.ts";

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

/** The scope a request to `path` (under the mount point `mount`) needs, or undefined (see above). */
export function scopeNeeded(path: string, mount: string, method: string): Needed | undefined {
  const start = mount.length + 1;
  const slash = path.indexOf("/", start);
  const scopes = byFirst.get(slash < 0 ? path.slice(start) : path.slice(start, slash));
  if (!scopes) return undefined;
  if (method !== "GET" && method !== "HEAD") return scopes.write;
  const third = slash < 0 ? -1 : path.indexOf("/", slash + 1);
  const action = third < 0 ? undefined : `${path.slice(start, slash)}/${path.slice(third + 1)}`;
  return action && getWrites.has(action) ? scopes.write : scopes.read;
}

export { missingScope } from "../domain/scopes.ts";
