import { snakeCase } from "@multichannel/schema";
import type { Table } from "./tables.ts";

/** `sale-item` → `sale_item`: the kind part of its event types (`sale_item.created`). */
export function eventPrefix(kindName: string): string {
  return snakeCase(kindName);
}

/**
 * The row as one JSON object keyed by column, built in SQL. Concatenated rather than `json_object(...)`,
 * which takes at most 127 arguments (a purchase has 87 columns); `json_quote` writes each value as JSON.
 * The server turns it into the record as the API returns it when the event is read (`toRecord`).
 */
function rowJson(ref: "NEW" | "OLD", table: Table): string {
  const columns = [
    "id",
    "company_id",
    "created_at",
    "updated_at",
    ...table.columns.map((column) => column.name),
  ];
  const members = columns.map((name, i) => `'${i ? "," : "{"}"${name}":' || json_quote(${ref}.${name})`);
  return `${members.join(" || ")} || '}'`;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The triggers that write a kind's `<kind>.created`, `.updated` and `.deleted` events into the outbox in
 * the statement that changes the row: whichever code path writes (CRUD, an action, a batch UPDATE), the
 * change and its event commit or roll back together. An UPDATE that changes nothing but `updated_at` is
 * no event. One line each: the migration splitter cuts statements at a `;` that ends a line.
 */
export function eventTriggers(table: Table): Record<string, string> {
  const t = table.name;
  const type = eventPrefix(table.kind.name);
  const kind = table.kind.name;
  const insert = (event: string, ref: "NEW" | "OLD", previous: string) =>
    `INSERT INTO events (company_id, type, kind, record_id, object, previous, created_at) VALUES (${ref}.company_id, '${type}.${event}', '${kind}', ${ref}.id, ${rowJson(ref, table)}, ${previous}, ${NOW});`;
  const changed = ["company_id", ...table.columns.map((column) => column.name)]
    .map((name) => `OLD.${name} IS NOT NEW.${name}`)
    .join(" OR ");
  return {
    [`${t}_event_created`]: `CREATE TRIGGER ${t}_event_created AFTER INSERT ON ${t} BEGIN ${insert("created", "NEW", "NULL")} END`,
    [`${t}_event_updated`]: `CREATE TRIGGER ${t}_event_updated AFTER UPDATE ON ${t} WHEN ${changed} BEGIN ${insert("updated", "NEW", rowJson("OLD", table))} END`,
    [`${t}_event_deleted`]: `CREATE TRIGGER ${t}_event_deleted AFTER DELETE ON ${t} BEGIN ${insert("deleted", "OLD", "NULL")} END`,
  };
}
