/**
 * Background work that fails for good leaves an `error` record the company can list and filter
 * (`GET /errors.json?where[resolved]=false`): a feed that could not be fetched, an export that could not
 * be built, an import that ended in error, a delivery given up. Written in the batch that settles the
 * work as failed, unless the record it is about mutes its errors (`muteError`).
 */
import { kindByName } from "@multichannel/schema";
import { type Sql, sql } from "../db/sql.ts";
import { tableFor } from "../db/tables.ts";
import { insertSql, storedValues } from "./record-plans.ts";
import { column, type KindName, table } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

export interface Failure {
  /** What was running: `inventory-feed`, `data-export`, `data-import`, a delivery's purpose. */
  readonly source: string;
  /** A short code for the kind of failure: `fetch_failed`, `export_failed`, `import_failed`. */
  readonly code: string;
  /** What went wrong, in words. */
  readonly message: string;
  /** The record concerned, if any. */
  readonly subject?: { readonly kind: string; readonly id: number };
  readonly details?: Record<string, string | number | boolean | null>;
}

/** Longest part of a file's cell that a row's message quotes: a refused value is shown whole up to it. */
const QUOTED_CHARS = 200;

/** A file's cell as a row's message quotes it: its first `QUOTED_CHARS` characters, and `…` if longer. */
export function quotedCell(text: string): string {
  return text.length > QUOTED_CHARS ? `${withinCharacters(text, QUOTED_CHARS)}…` : text;
}

/** Plans the `error` record of a failure (`failureRecord`). */
export function planFailure(plan: WritePlan, failure: Failure): void {
  plan.write(failureRecord(failure, plan.now));
}

const errors = tableFor(kindByName("error")!);

/**
 * The `error` record of a failure, at `at`: an INSERT that writes none while the record it is about
 * mutes its errors (`reportedSql`), so that the record's own fields (its status, its problem) are what
 * tell of it then. Every writer of an `error` record makes it here.
 */
export function failureRecord(failure: Failure, at: string): Sql {
  const values = storedValues(
    errors,
    {
      source: failure.source,
      code: failure.code,
      message: withinCharacters(failure.message, 2000),
      subjectKind: failure.subject?.kind ?? null,
      subjectId: failure.subject?.id ?? null,
      details: failure.details ?? null,
      resolved: false,
      occurredAt: at,
    },
    at,
  );
  return insertSql(errors, at, values, { where: reportedSql(failure.subject) });
}

/**
 * Records that log work done for another record (a purchase order sent, a shipment told to its
 * channel, a purchase sent to accounting), by their kind: the references naming the record whose
 * problem a failure of that work is.
 */
const WORK_FOR: Readonly<Record<string, readonly string[]>> = {
  "purchase-notification": ["purchaseId"],
  "channel-shipment-update": ["dropshipmentId", "fulfillmentId"],
  "accounting-payload": ["purchaseId"],
};

/**
 * SQL, true unless `subject`, or the record whose work it logs (`WORK_FOR`), has `muteError` set
 * ("Do not report ... errors"): evaluated in the batch that would write the `error` record.
 */
function reportedSql(subject: Failure["subject"]): Sql {
  const definition = subject && kindByName(subject.kind);
  if (!subject || !definition) return sql`1`;
  const own = table(definition.name as KindName);
  const muted: Sql[] = [];
  if (own.byField.has("muteError")) muted.push(mutedIn(definition.name as KindName, sql`${subject.id}`));
  for (const field of WORK_FOR[definition.name] ?? []) {
    const target = definition.fields[field]?.ref;
    if (!target || !table(target as KindName).byField.has("muteError")) continue;
    const named = sql`(SELECT ${sql.id(column(own, field))} FROM ${sql.id(own.name)} WHERE id = ${subject.id} AND company_id = ${sql.company})`;
    muted.push(mutedIn(target as KindName, named));
  }
  return muted.length ? sql`NOT (${sql.join(muted, " OR ")})` : sql`1`;
}

/** SQL: the record `id` names of `kindName` has `muteError` set. */
function mutedIn(kindName: KindName, id: Sql): Sql {
  const t = table(kindName);
  return sql`EXISTS (SELECT 1 FROM ${sql.id(t.name)} WHERE id = ${id} AND company_id = ${sql.company} AND ${sql.id(column(t, "muteError"))} = 1)`;
}

/**
 * `text` within `most` UTF-16 units (a field's `maxLength`, as the validators count it), never cut
 * between the two halves of one character; `mark` (`…`) ends a text that was cut, within the bound.
 */
export function withinCharacters(text: string, most: number, mark = ""): string {
  if (text.length <= most) return text;
  const end = most - mark.length;
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end) + mark;
}
