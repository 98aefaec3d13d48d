import { kindByName, snakeCase } from "@multichannel/schema";
import { maskSql } from "./secret-sql.ts";
import type { Table } from "./tables.ts";

/** `sale-item` → `sale_item`: the kind part of its event types (`sale_item.created`). */
export function eventPrefix(kindName: string): string {
  return snakeCase(kindName);
}

/** The part of an event type before its first dot (`sale_item` of `sale_item.created`); empty without one. */
export function typePrefixOf(type: string): string {
  return type.slice(0, Math.max(0, type.indexOf(".")));
}

/**
 * `typePrefixOf` of a `type` column in SQL. The indexes that list events and deliveries by kind are on
 * this expression, and SQLite uses such an index only for a condition on the same expression.
 */
export const TYPE_PREFIX_SQL = "substr(type, 1, instr(type, '.') - 1)";

/**
 * The kind an event of `type` is about (`sale_item.created`, `purchase.sent`: its prefix's kind), by
 * which a key's scopes let it read the event; undefined for a type of no kind's.
 */
export function kindOfEventType(type: string): string | undefined {
  return kindByName(typePrefixOf(type).replaceAll("_", "-"))?.name;
}

/** Most arguments SQLite takes in one function call (`SQLITE_MAX_FUNCTION_ARG`'s default). */
const MAX_ARGS = 127;

/**
 * The row as one JSON object keyed by column, built in SQL with `concat` (one pass, where a chain of `||`
 * copies the growing text at every step; nested to stay within SQLite's argument limit); `json_quote`
 * writes each value as JSON. A NULL column is left out: most columns of most rows are null, and the
 * event is written with every change, so it costs the writes less. The server turns it into the record
 * as the API returns it when the event is read (`toRecord`, which reads an absent column as NULL).
 */
function rowJson(ref: "NEW" | "OLD", table: Table): string {
  // The columns every row has come first, so the object opens with `id` and every other member with
  // a comma.
  const members = [
    ...["id", "company_id", "created_at", "updated_at"].map(
      (name, i) => `'${i ? "," : "{"}"${name}":', json_quote(${ref}.${name})`,
    ),
    ...table.columns.map(
      ({ name, def }) =>
        `iif(${ref}.${name} IS NULL, '', ',"${name}":' || json_quote(${def.secret ? maskSql(`${ref}.${name}`) : `${ref}.${name}`}))`,
    ),
    "'}'",
  ];
  const groups: string[] = [];
  for (let i = 0; i < members.length; i += MAX_ARGS - 1) {
    groups.push(`concat(${members.slice(i, i + MAX_ARGS - 1).join(", ")})`);
  }
  return groups.length === 1 ? groups[0]! : `concat(${groups.join(", ")})`;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The triggers that write a kind's `<kind>.created`, `.updated` and `.deleted` events into the outbox in
 * the statement that changes the row: whichever code path writes (CRUD, an action, a batch UPDATE), the
 * change and its event commit or roll back together. An UPDATE that changes nothing but `updated_at` is
 * no event. A secret field shows only its hint (`secret-sql.ts`). One line each: the migration splitter
 * cuts statements at a `;` that ends a line.
 */
export function eventTriggers(table: Table): Record<string, string> {
  const t = table.name;
  const type = eventPrefix(table.kind.name);
  const kind = table.kind.name;
  const insert = (event: string, ref: "NEW" | "OLD", previous: string) =>
    `INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (${ref}.company_id, '${type}.${event}', '${kind}', ${ref}.id, ${rowJson(ref, table)}, ${previous}, ${NOW});`;
  // A secret is compared by what may be shown of it: its triggers putting the hint in place of what was
  // written is no change.
  const changed = [
    "OLD.company_id IS NOT NEW.company_id",
    ...table.columns.map(({ name, def }) =>
      def.secret
        ? `${maskSql(`OLD.${name}`)} IS NOT ${maskSql(`NEW.${name}`)}`
        : `OLD.${name} IS NOT NEW.${name}`,
    ),
  ].join(" OR ");
  return {
    [`${t}_event_created`]: `CREATE TRIGGER ${t}_event_created AFTER INSERT ON ${t} BEGIN ${insert("created", "NEW", "NULL")} END`,
    [`${t}_event_updated`]: `CREATE TRIGGER ${t}_event_updated AFTER UPDATE ON ${t} WHEN ${changed} BEGIN ${insert("updated", "NEW", rowJson("OLD", table))} END`,
    [`${t}_event_deleted`]: `CREATE TRIGGER ${t}_event_deleted AFTER DELETE ON ${t} BEGIN ${insert("deleted", "OLD", "NULL")} END`,
  };
}
