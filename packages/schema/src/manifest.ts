import type { ActionDef, KindDef } from "./define.ts";
import * as catalog from "./kinds/catalog.ts";
import * as channels from "./kinds/channels.ts";
import * as customFields from "./kinds/custom-fields.ts";
import * as dropship from "./kinds/dropship.ts";
import * as events from "./kinds/events.ts";
import * as inventory from "./kinds/inventory.ts";
import * as orders from "./kinds/orders.ts";
import * as purchasing from "./kinds/purchasing.ts";
import * as settings from "./kinds/settings.ts";
import * as shipping from "./kinds/shipping.ts";

/** The kind declarations, by the module that declares them. Each module exports kinds only. */
export const kindModules = {
  catalog,
  channels,
  customFields,
  dropship,
  events,
  inventory,
  orders,
  purchasing,
  settings,
  shipping,
};

/** Every kind, sorted by name. */
export const kinds: readonly KindDef[] = Object.values(kindModules)
  .flatMap((module) => Object.values(module) as KindDef[])
  .sort((a, b) => a.name.localeCompare(b.name));

const byName = new Map(kinds.map((kind) => [kind.name, kind]));
const byPlural = new Map(kinds.map((kind) => [kind.plural, kind]));

/** The kind called `name` (`dropship-provider`), or undefined. */
export function kindByName(name: string): KindDef | undefined {
  return byName.get(name);
}

/** The kind whose plural is `plural` (`dropship-providers`), or undefined. */
export function kindByPlural(plural: string): KindDef | undefined {
  return byPlural.get(plural);
}

/** `dropship-providers` → `dropshipProviders`: the client namespace of a kind. */
export function camelCase(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `dropship-providers` → `dropship_providers`: the SQL table of a kind. */
export function snakeCase(text: string): string {
  return text
    .replace(/-/g, "_")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/** Every action of every kind, with its kind. */
export const actions: readonly { kind: KindDef; action: ActionDef }[] = kinds.flatMap((kind) =>
  (kind.actions ?? []).map((action) => ({ kind, action })),
);

/**
 * The events of work the server does in the background rather than in a request: a data import's end
 * (`complete` or `skipped`, and `error`), with the import as it ended.
 */
export const backgroundEvents = ["data_import.completed", "data_import.failed"] as const;

/** The path of an action: `/purchases/{id}/ship.json`. */
export function actionPath(kind: KindDef, action: ActionDef): string {
  return `/${kind.plural}/{id}/${action.name}.json`;
}

/**
 * Where an action's input travels: a POST's or PUT's in its JSON body, a GET's in its query, a DELETE's
 * in either (the reference documents a JSON body; clients also send the query). With both, the body is
 * the input.
 *
 * @example
 * actionInputIn({ method: "DELETE" }); // { body: true, query: true }
 */
export function actionInputIn(action: Pick<ActionDef, "method">): { body: boolean; query: boolean } {
  return {
    body: action.method !== "GET",
    query: action.method === "GET" || action.method === "DELETE",
  };
}

/**
 * The fields an action's body may carry besides its input, ignored: the whole record the reference
 * documents as its body (`recordBody`), with its id and timestamps.
 */
export function recordBodyFields(action: ActionDef): string[] {
  const kind = action.recordBody ? kindByName(action.recordBody) : undefined;
  return kind ? ["id", "createdAt", "updatedAt", ...Object.keys(kind.fields)] : [];
}
