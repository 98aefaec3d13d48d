/**
 * A line naming a line of another record (a fulfillment's line, a sale line) names one of its own
 * record's owner: the line writes check it (`sameOwner` in the manifest, `lineRule`), and the actions
 * that count a line on the line it names check it again, since the record may have moved to another
 * owner after its lines were written (a fulfillment put on another sale).
 */
import { ApiError, type FieldError } from "../errors.ts";

/** A kind's name in words: `sale-item`, "sale item". */
export const wordsOf = (kindName: string) => kindName.replaceAll("-", " ");

/** `text` with a capital first letter. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where a record is, as a message says it: "on sale 4", or "for no sale" (`id` null). */
export const onOwner = (ownerKind: string, id: unknown) =>
  id === null || id === undefined ? `for no ${wordsOf(ownerKind)}` : `on ${wordsOf(ownerKind)} ${String(id)}`;

/** The rule a refusal names: `saleItemId` names a sale item of the fulfillment's sale. */
export const sameOwnerRule = (field: string, names: string, record: string, owner: string) =>
  `sameOwner: ${field} names a ${wordsOf(names)} of the ${wordsOf(record)}'s ${owner}`;

/** An action's record and its owner: fulfillment 3, on sale 4 (`id` null: on none). */
export interface LinesOwner {
  record: { kind: string; id: number };
  owner: { kind: string; id: number | null };
}

/**
 * 422 when one of `lines` names a line of another owner than its record's (each named at
 * `path.<line id>.<field>`), before the action counts any of them. `named` answers the line a line names,
 * with that line's owner, or undefined when it names none.
 */
export function checkLineOwners<L extends { id: number }>(
  { record, owner }: LinesOwner,
  lines: readonly L[],
  line: { kind: string; path: string; field: string; names: string },
  named: (line: L) => { id: number; owner: number | null } | undefined,
): void {
  const errors: FieldError[] = [];
  for (const each of lines) {
    const other = named(each);
    if (!other || other.owner === owner.id) continue;
    errors.push({
      path: `${line.path}.${each.id}.${line.field}`,
      message: `names ${wordsOf(line.names)} ${other.id}, which is ${onOwner(owner.kind, other.owner)}; ${wordsOf(record.kind)} ${record.id} is ${onOwner(owner.kind, owner.id)}`,
    });
  }
  if (errors.length) {
    throw new ApiError(
      "validation_failed",
      `${sentence(wordsOf(record.kind))} ${record.id} has lines of another ${owner.kind}.`,
      { errors, rule: sameOwnerRule(line.field, line.names, record.kind, owner.kind) },
    );
  }
}
