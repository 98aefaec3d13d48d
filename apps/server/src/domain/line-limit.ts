/**
 * How many lines one record may have. Every write of a purchase's, a sale's or a sale return's lines
 * (and of a purchase's invoices and payments) reads all of that record's lines to settle its books, so
 * a record with no bound on its lines would make each such write cost more than the one before, and
 * building it a line at a time cost the square of its size. The limit is checked on what the write
 * already read: no write reads more to enforce it.
 */
import { ApiError } from "../errors.ts";
import { wordsOf } from "./line-owners.ts";
import type { KindName } from "./store.ts";

/** The most lines (of each kind its books read) one purchase, sale or sale return may have. */
export const MAX_LINES = 5000;

/** The rule a refusal names: "at most 5000 sale items per sale". */
export const lineLimitRule = (parentKind: KindName, lineKind: KindName) =>
  `at most ${MAX_LINES} ${wordsOf(lineKind)}s per ${wordsOf(parentKind)}`;

/**
 * 409 when a write takes a record past `MAX_LINES` lines: it had `before` of them (0 for a record the
 * write makes), it would have `after`. A record that had more before the limit keeps them, and a
 * write that adds none (an edit, a delete) is not refused. `parent.id` is left out for a record the
 * write makes; `fix` says what to do instead.
 */
export function checkLineCount(
  parent: { kind: KindName; id?: number },
  lineKind: KindName,
  count: { before: number; after: number },
  fix: string,
): void {
  if (count.after <= MAX_LINES || count.after <= count.before) return;
  const record =
    parent.id === undefined ? `The new ${wordsOf(parent.kind)}` : `${wordsOf(parent.kind)} ${parent.id}`;
  const sentence = record.charAt(0).toUpperCase() + record.slice(1);
  throw new ApiError(
    "conflict",
    `${sentence} would have ${count.after} ${wordsOf(lineKind)}s, more than the ${MAX_LINES} one ${wordsOf(parent.kind)} may have. ${fix}`,
    { rule: lineLimitRule(parent.kind, lineKind) },
  );
}
