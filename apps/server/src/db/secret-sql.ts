/**
 * Secret fields in SQL (`FieldDef.secret`): the record's column keeps only the hint reads show; the
 * sealed value lives in `sealed_values` and an inbound secret's SHA-256 in `inbound_secrets`. A write
 * sets the column to the written form (`domain/secrets.ts`: `v1:<n><hint>:<digest>:<sealed>`), and the
 * kind's triggers, in that same statement, move the sealed value and the digest out and put the hint in
 * its place. Whatever path writes (CRUD, a plan, a transaction), the secret never rests in the record,
 * its events or its answer (`RETURNING` shows the written form, which `decode` reads as its hint).
 */
import { type Column, ROW_ID, type Table } from "./tables.ts";

/** The fields whose secret authenticates the inbound webhooks, by kind: their digests are looked up. */
export const INBOUND_SECRETS: Readonly<Record<string, string>> = {
  "custom-channel": "webhookHash",
  "inventory-feed": "hash",
};

/** How long an inbound secret that was replaced is still accepted, in ms. */
export const INBOUND_GRACE_MS = 24 * 3600 * 1000;

export const SECRET_TABLES = {
  sealed_values: {
    columns: {
      company_id: "INTEGER NOT NULL",
      kind: "TEXT NOT NULL",
      record_id: "INTEGER NOT NULL",
      field: "TEXT NOT NULL",
      sealed: "TEXT NOT NULL",
    },
    indexes: {
      sealed_values_record:
        "CREATE UNIQUE INDEX sealed_values_record ON sealed_values (kind, record_id, field)",
    },
  },
  inbound_secrets: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL",
      kind: "TEXT NOT NULL",
      record_id: "INTEGER NOT NULL",
      digest: "TEXT NOT NULL",
      expires_at: "TEXT",
    },
    indexes: {
      inbound_secrets_digest: "CREATE UNIQUE INDEX inbound_secrets_digest ON inbound_secrets (digest)",
      inbound_secrets_record: "CREATE INDEX inbound_secrets_record ON inbound_secrets (kind, record_id)",
    },
  },
};

export function secretColumns(table: Table): Column[] {
  return table.columns.filter((column) => column.def.secret);
}

const written = (x: string) => `substr(${x}, 1, 3) = 'v1:'`;
const hintLength = (x: string) => `CAST(substr(${x}, 4, 1) AS INTEGER)`;
const rest = (x: string) => `substr(${x}, 5 + ${hintLength(x)})`;
const digestOf = (x: string) => `substr(${rest(x)}, 2, instr(substr(${rest(x)}, 2), ':') - 1)`;
const sealedOf = (x: string) => `substr(${rest(x)}, 2 + instr(substr(${rest(x)}, 2), ':'))`;
const isHint = (x: string) => `(substr(${x}, 1, 1) = '…' AND length(${x}) <= 5)`;
const plainHint = (x: string) => `'…' || iif(length(${x}) >= 12, substr(${x}, -4), '')`;

/**
 * What may be shown of a secret column's value: null, the hint of a written value, a hint as it is, and
 * of anything else (a value stored before secrets were sealed) the hint it would have.
 */
export function maskSql(x: string): string {
  return `CASE WHEN ${x} IS NULL THEN NULL WHEN ${written(x)} THEN substr(${x}, 5, ${hintLength(x)}) WHEN ${isHint(x)} THEN ${x} ELSE ${plainHint(x)} END`;
}

const needsMoving = (x: string) => `${x} IS NOT NULL AND NOT ${isHint(x)}`;

/** The statements that move one column's written (or plain) value out to its tables. */
function moveSteps(table: Table, column: Column): string[] {
  const x = `NEW.${column.name}`;
  const at = `'${table.kind.name}', NEW.id, '${column.field}'`;
  const steps = [
    `INSERT INTO sealed_values (company_id, kind, record_id, field, sealed) SELECT NEW.company_id, ${at}, CASE WHEN ${written(x)} THEN ${sealedOf(x)} ELSE 'plain:' || ${x} END WHERE ${needsMoving(x)} ON CONFLICT (kind, record_id, field) DO UPDATE SET sealed = excluded.sealed, company_id = excluded.company_id;`,
  ];
  if (INBOUND_SECRETS[table.kind.name] === column.field) {
    // The secret it replaces was given its end by the rotation (`rotateInboundSecret`), before this.
    steps.push(
      `INSERT INTO inbound_secrets (company_id, kind, record_id, digest) SELECT NEW.company_id, '${table.kind.name}', NEW.id, ${digestOf(x)} WHERE ${written(x)} AND ${digestOf(x)} <> '';`,
    );
  }
  return steps;
}

/**
 * Every column's value moved out, then the hints put in place, in one UPDATE: the update trigger it
 * sets off finds hints only, and moves nothing twice.
 */
function sealSteps(table: Table, columns: readonly Column[]): string {
  const masked = columns.map((column) => `${column.name} = ${maskSql(`NEW.${column.name}`)}`).join(", ");
  const any = columns.map((column) => `(${needsMoving(`NEW.${column.name}`)})`).join(" OR ");
  return [
    ...columns.flatMap((column) => moveSteps(table, column)),
    `UPDATE ${table.name} SET ${masked} WHERE id = NEW.id AND (${any});`,
  ].join(" ");
}

/** The triggers of a kind with secret fields (none for the others). One line each, as migrations split. */
export function secretTriggers(table: Table): Record<string, string> {
  const columns = secretColumns(table);
  if (!columns.length) return {};
  const t = table.name;
  const kind = `'${table.kind.name}'`;
  const cleared = columns.map(
    (column) =>
      `DELETE FROM sealed_values WHERE kind = ${kind} AND record_id = NEW.id AND field = '${column.field}' AND NEW.${column.name} IS NULL;`,
  );
  return {
    [`${t}_seal_created`]: `CREATE TRIGGER ${t}_seal_created AFTER INSERT ON ${t} BEGIN ${sealSteps(table, columns)} END`,
    [`${t}_seal_updated`]: `CREATE TRIGGER ${t}_seal_updated AFTER UPDATE OF ${columns.map((column) => column.name).join(", ")} ON ${t} BEGIN ${sealSteps(table, columns)} ${cleared.join(" ")} END`,
    [`${t}_seal_deleted`]: `CREATE TRIGGER ${t}_seal_deleted AFTER DELETE ON ${t} BEGIN DELETE FROM sealed_values WHERE kind = ${kind} AND record_id = OLD.id; DELETE FROM inbound_secrets WHERE kind = ${kind} AND record_id = OLD.id; END`,
  };
}
