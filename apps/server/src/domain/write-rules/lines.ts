/**
 * The write rule of a line kind (a sale's items, a purchase's invoices): each create, update or delete
 * of a line is planned with its parent as read in the same pipeline (the parent it had and the one it
 * moves to), the parent's state checked, and the parent's books planned from its lines as the plan
 * leaves them. The areas declare what differs (`LineRule`); this runs it the same way for all.
 */

import { kindByName } from "@multichannel/schema";
import type { StoredRecord } from "../../db/rows.ts";
import { StaleRead } from "../../db/write-guards.ts";
import { ApiError, propertyOf, refusedField } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { onOwner, sameOwnerRule, wordsOf } from "../line-owners.ts";
import {
  fieldOf,
  one,
  part,
  type Reads,
  type Snapshot,
  storedFieldOf,
  storedRecord,
  when,
  within,
} from "../reads.ts";
import { changesNothing } from "../record-plans.ts";
import { type KindName, kind, type RecordOf, table, type ValuesOf } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";
import { creates, deletes, type Named, updates, type WriteRule } from "./rule.ts";

/** How a parent's lines change with the write: one added, removed, or written anew. */
export interface LineChange<L extends KindName> {
  add?: RecordOf<L>;
  remove?: number;
  replace?: RecordOf<L>;
}

/** Lines as read, with `change` made. */
export function changedLines<L extends KindName>(
  lines: readonly RecordOf<L>[],
  change: LineChange<L>,
): RecordOf<L>[] {
  const idOf = (line: RecordOf<L>) => line.id;
  const out = lines.filter((line) => idOf(line) !== change.remove);
  if (change.replace) {
    const at = out.findIndex((line) => idOf(line) === idOf(change.replace!));
    if (at >= 0) out[at] = change.replace;
  }
  if (change.add) out.push(change.add);
  return out;
}

/** A line's parent as read, with what its books read. */
export interface Parent<P extends KindName, B extends Reads> {
  record: RecordOf<P>;
  books: Snapshot<B>;
}

export interface LineRule<L extends KindName, P extends KindName, B extends Reads, E extends Reads> {
  line: L;
  parent: P;
  /** The line's field naming its parent. */
  field: keyof ValuesOf<L> & string;
  /**
   * The parent's books: what they read beside the parent (its lines, ...), for the parent `named`,
   * held as read (the line the write changes is held by its own write); and the plan of the books from
   * those reads, the parent's lines changed by `change`. Answers the lines as the plan leaves them (a
   * purchase's books write its lines' statuses), else undefined.
   */
  books?: {
    reads(named: Named): B;
    settle(plan: WritePlan, parent: Parent<P, B>, change: LineChange<L>): RecordOf<L>[] | undefined;
  };
  /** Refuses a write of the parent's lines in the parent's state (409). */
  open?(parent: RecordOf<P>): void;
  /** What else a line's write reads (a price to copy, stock levels), with the parents'. */
  extra?(line: { id?: number; values: ValuesOf<L> }): E;
  /**
   * Completes and checks the values to write (`current` undefined on a create): a total, a quantity
   * rule, history that is kept. `parent` is the parent the line will have; `from` the one it leaves,
   * when an update moves it to another.
   */
  complete?(args: {
    plan: WritePlan;
    values: ValuesOf<L>;
    current?: RecordOf<L>;
    parent?: RecordOf<P>;
    from?: RecordOf<P>;
    extra: Snapshot<E>;
  }): ValuesOf<L>;
  /** Refuses to delete a line (history): 409. */
  deletable?(current: RecordOf<L>): void;
  /**
   * What the write does beyond the line and the books (stock held or moved): `before` the line as it
   * was (undone), `after` as it will be (done), each with its parent.
   */
  effects?(args: {
    ctx: Ctx;
    plan: WritePlan;
    before?: { line: RecordOf<L>; parent?: RecordOf<P> };
    after?: { line: RecordOf<L>; parent?: RecordOf<P> };
    extra: Snapshot<E>;
  }): void;
}

/** The manifest's `sameOwner` fields of a line kind whose parent is named by `parentField`. */
function sameOwnersOf(line: KindName, parentField: string) {
  return Object.entries(kind(line).fields).flatMap(([field, def]) => {
    const owner = def.sameOwner;
    if (!owner || !def.ref) return [];
    // The line's own `on` (`purchaseId`) or that of the record `through` names must be its parent's.
    if ((owner.through ?? owner.on) !== parentField) {
      throw new Error(`${line}.${field}: sameOwner must go through the line's parent (${parentField}).`);
    }
    return [{ field, names: kindByName(def.ref)!, on: owner.on, parentOn: owner.through ? owner.on : "id" }];
  });
}

type SameOwner = ReturnType<typeof sameOwnersOf>[number];

/**
 * The line named by the `sameOwner` field as the write leaves it (`values`, else the line's own when it
 * moves to another parent); nothing when neither changes.
 */
function sameOwnerReads(
  owner: SameOwner,
  line: KindName,
  { id, values }: { id?: number; values: object },
  moves: boolean,
) {
  const sent = propertyOf(values, owner.field);
  const named = typeof sent === "number" ? sent : storedFieldOf(kind(line), id ?? 0, owner.field);
  const reads = typeof sent === "number" || (sent === undefined && moves && id !== undefined);
  return { line: when(reads, storedRecord(owner.names, named)) };
}

/** 422 unless the line named (as `sameOwnerReads` read it) is on the record its parent is for. */
function checkSameOwner(
  owner: SameOwner,
  parentKind: KindName,
  parent: { id: number } | undefined,
  named: StoredRecord | undefined,
): void {
  if (!named || !parent) return;
  const itsOwner = named[owner.on];
  const parentsOwner = propertyOf(parent, owner.parentOn);
  if (itsOwner === parentsOwner) return;
  const ownerKind = owner.on.replace(/Id$/, "");
  // Said after the field: "names sale item 3, which is on sale 1; fulfillment 4 is on sale 2".
  const what = `names ${wordsOf(owner.names.name)} ${named.id}, which is ${onOwner(ownerKind, itsOwner)}`;
  const message =
    owner.parentOn === "id"
      ? `${what}, not on ${wordsOf(parentKind)} ${parent.id}`
      : `${what}; ${wordsOf(parentKind)} ${parent.id} is ${onOwner(ownerKind, parentsOwner)}`;
  throw new ApiError("validation_failed", `A line names a line of another ${ownerKind}.`, {
    errors: [{ path: owner.field, message }],
    rule: sameOwnerRule(owner.field, owner.names.name, parentKind, ownerKind),
  });
}

/** The write rule of a line kind: create, update and delete planned with its parents. */
export function lineRule<
  L extends KindName,
  P extends KindName,
  B extends Reads = Record<never, never>,
  E extends Reads = Record<never, never>,
>(rule: LineRule<L, P, B, E>): WriteRule<L> {
  const { line: kindName, parent: parentKind, field } = rule;
  /** A parent's reads (the record and its books), named under `side`: `before` or `after`. */
  const sideReads = (side: string, named: Named): Reads =>
    within(side, { record: one(parentKind, named), ...(rule.books?.reads(named) ?? {}) });
  const extraReads = (line: { id?: number; values: ValuesOf<L> }): Reads =>
    within("extra", rule.extra?.(line) ?? {});
  const parentId = (values: ValuesOf<L>): number | null | undefined => {
    const id = propertyOf(values, field);
    return typeof id === "number" || id === null ? id : undefined;
  };
  const ownParent = (id: number) => fieldOf(kindName, id, field as keyof RecordOf<L> & string);

  /** The parent read under `side`, with its books; undefined when there is none. */
  const parentOf = (side: string, named: Named, read: Snapshot<Reads>): Parent<P, B> | undefined => {
    const record = part(side, { record: one(parentKind, named) }, read).record;
    if (!record) return undefined;
    return { record, books: part(side, rule.books?.reads(named) ?? ({} as B), read) };
  };
  const extraOf = (line: { id?: number; values: ValuesOf<L> }, read: Snapshot<Reads>) =>
    part("extra", rule.extra?.(line) ?? ({} as E), read);
  const owners = sameOwnersOf(kindName, field);
  const ownerReads = (line: { id?: number; values: ValuesOf<L> }, moves: boolean): Reads =>
    Object.assign(
      {},
      ...owners.map((owner) =>
        within(`sameOwner.${owner.field}`, sameOwnerReads(owner, kindName, line, moves)),
      ),
    );
  /** 422 unless each line the write names on another record is on the parent's (see `sameOwner`). */
  const checkOwner = (
    line: { id?: number; values: ValuesOf<L> },
    moves: boolean,
    parent: RecordOf<P> | undefined,
    read: Snapshot<Reads>,
  ) => {
    for (const owner of owners) {
      const reads = sameOwnerReads(owner, kindName, line, moves);
      checkSameOwner(owner, parentKind, parent, part(`sameOwner.${owner.field}`, reads, read).line);
    }
  };

  /** The lines as the books leave them, or as planned. */
  const settle = (plan: WritePlan, parent: Parent<P, B> | undefined, change: LineChange<L>) =>
    parent ? rule.books?.settle(plan, parent, change) : undefined;
  const settled = (lines: RecordOf<L>[] | undefined, line: RecordOf<L>) =>
    lines?.find((each) => each.id === line.id) ?? line;

  /**
   * Where a create that names no parent takes it from (the manifest's `takenFrom`): the parent of the
   * record another field names (a payment's purchase is its invoice's).
   */
  const takenFrom = kind(kindName).fields[field]?.takenFrom;
  const parentFrom = takenFrom
    ? { field: takenFrom, kind: kindByName(kind(kindName).fields[takenFrom]!.ref!)! }
    : undefined;
  /**
   * The parent a create names: its own `field`, else the parent of the record `parentFrom` names, as a
   * read of it; undefined when it names none. Naming neither where `field` may be taken: a 422.
   */
  const createdParent = (values: ValuesOf<L>): Named | undefined => {
    const id = parentId(values);
    if (id !== undefined || !parentFrom) return id ?? undefined;
    const from = propertyOf(values, parentFrom.field);
    if (typeof from !== "number") throw refusedField(field, `is required (or ${parentFrom.field})`);
    return storedFieldOf(parentFrom.kind, from, field);
  };

  return {
    planCreate: creates<L, Reads>({
      reads: ({ values }) => {
        const named = createdParent(values);
        return {
          ...(named ? sideReads("after", named) : {}),
          ...extraReads({ values }),
          ...ownerReads({ values }, false),
        };
      },
      plan({ ctx, values: sent, read, plan }) {
        const id = createdParent(sent);
        const parent = id ? parentOf("after", id, read) : undefined;
        if (typeof id === "number" && !parent) throw new StaleRead();
        if (id !== undefined && !parent) {
          // Named through another record (`takenFrom`) that names none.
          throw refusedField(
            parentFrom!.field,
            `names a ${wordsOf(parentFrom!.kind.name)} of no ${wordsOf(parentKind)}`,
          );
        }
        const values =
          parent && parentId(sent) === undefined
            ? ({ ...sent, [field]: parent.record.id } as ValuesOf<L>)
            : sent;
        if (parent) rule.open?.(parent.record);
        checkOwner({ values }, false, parent?.record, read);
        const extra = extraOf({ values }, read);
        const complete = rule.complete?.({ plan, values, parent: parent?.record, extra }) ?? values;
        const line = plan.insert(kindName, complete);
        rule.effects?.({ ctx, plan, after: { line, parent: parent?.record }, extra });
        return settled(settle(plan, parent, { add: line }), line);
      },
    }),
    planUpdate: updates<L, Reads>({
      reads: ({ id, values }) => {
        const moves = parentId(values);
        return {
          ...sideReads("before", ownParent(id)),
          ...(moves ? sideReads("after", moves) : {}),
          ...extraReads({ id, values }),
          ...ownerReads({ id, values }, moves !== undefined),
        };
      },
      plan({ ctx, values, current, read, plan }) {
        const id = current.id;
        const before = parentOf("before", ownParent(id), read);
        const moves = parentId(values);
        const named = moves ? parentOf("after", moves, read) : undefined;
        if (moves && !named) throw new StaleRead();
        const moved = moves !== undefined && moves !== propertyOf(current, field);
        // The line as read sent back (or nothing sent): no change, whatever state its parent is in.
        if (!moved && changesNothing(table(kindName), current, values)) return current;
        const after = moved ? named : before;
        for (const parent of moved ? [before, after] : [before]) {
          if (parent) rule.open?.(parent.record);
        }
        checkOwner({ id, values }, moves !== undefined, after?.record, read);
        const extra = extraOf({ id, values }, read);
        const from = moved ? before?.record : undefined;
        const complete =
          rule.complete?.({ plan, values, current, parent: after?.record, from, extra }) ?? values;
        // A state in `values` is a transition the update path has checked.
        const line = plan.update(kindName, current, complete, { movesState: true });
        rule.effects?.({
          ctx,
          plan,
          before: { line: current, parent: before?.record },
          after: { line, parent: after?.record },
          extra,
        });
        if (!moved) return settled(settle(plan, before, { replace: line }), line);
        settle(plan, before, { remove: id });
        return settled(settle(plan, after, { add: line }), line);
      },
    }),
    planDelete: deletes<L, Reads>({
      reads: ({ id }) => ({ ...sideReads("before", ownParent(id)), ...extraReads({ id, values: {} }) }),
      plan({ ctx, current, read, plan }) {
        const id = current.id;
        const parent = parentOf("before", ownParent(id), read);
        rule.deletable?.(current);
        if (parent) rule.open?.(parent.record);
        const extra = extraOf({ id, values: {} }, read);
        rule.effects?.({ ctx, plan, before: { line: current, parent: parent?.record }, extra });
        settle(plan, parent, { remove: id });
      },
    }),
  };
}
