/**
 * Background work that fails for good leaves an `error` record the company can list and filter
 * (`GET /errors.json?where[resolved]=false`): a feed that could not be fetched, an export that could not
 * be built, an import that ended in error. Written in the batch that settles the work as failed.
 */
import type { KindName } from "./store.ts";
import type { WritePlan } from "./write-plan.ts";

export interface Failure {
  /** What was running: `inventory-feed`, `data-export`, `data-import`. */
  readonly source: string;
  /** A short code for the kind of failure: `fetch_failed`, `export_failed`, `import_failed`. */
  readonly code: string;
  /** What went wrong, in words. */
  readonly message: string;
  /** The record concerned. */
  readonly subject: { readonly kind: KindName; readonly id: number };
  readonly details?: Record<string, string | number | boolean | null>;
}

/** Longest part of a file's cell that a row's message quotes: a refused value is shown whole up to it. */
const QUOTED_CHARS = 200;

/** A file's cell as a row's message quotes it: its first `QUOTED_CHARS` characters, and `…` if longer. */
export function quotedCell(text: string): string {
  return text.length > QUOTED_CHARS ? `${withinCharacters(text, QUOTED_CHARS)}…` : text;
}

/** Plans the `error` record of a failure. */
export function planFailure(plan: WritePlan, failure: Failure): void {
  plan.insert("error", {
    source: failure.source,
    code: failure.code,
    message: withinCharacters(failure.message, 2000),
    subjectKind: failure.subject.kind,
    subjectId: failure.subject.id,
    details: failure.details ?? null,
    resolved: false,
    occurredAt: plan.now,
  });
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
