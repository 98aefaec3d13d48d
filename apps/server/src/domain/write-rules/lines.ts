/**
 * The write rule of a line kind (a sale's items, a purchase's invoices): each create, update or delete
 * of a line is planned with its parent as read in the same pipeline (the parent it had and the one it
 * moves to), the parent's state checked, and the parent's books planned from its lines as the plan
 * leaves them. The areas declare what differs (`LineRule`); this runs it the same way for all.
 */
import type { InStatement, ResultSet } from "@libsql/client";
import { StaleRead } from "../../db/write-guards.ts";
import type { Ctx } from "../context.ts";
import { type KindName, type RecordOf, recordsOf, type ValuesOf } from "../store.ts";
import type { WritePlan } from "../write-plan.ts";
import { type Named, ofRecord, selectNamed, type WriteRule } from "./rule.ts";

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
  const idOf = (line: RecordOf<L>) => (line as { id: number }).id;
  const out = lines.filter((line) => idOf(line) !== change.remove);
  if (change.replace) {
    const at = out.findIndex((line) => idOf(line) === idOf(change.replace!));
    if (at >= 0) out[at] = change.replace;
  }
  if (change.add) out.push(change.add);
  return out;
}

/** A line's parent as read, with what its books read. */
export interface Parent<P extends KindName> {
  record: RecordOf<P>;
  reads: ResultSet[];
}

export interface LineRule<L extends KindName, P extends KindName> {
  line: L;
  parent: P;
  /** The line's field naming its parent. */
  field: keyof ValuesOf<L> & string;
  /** What the parent's books read beside the parent (its lines, ...), for the parent `named`. */
  books?: {
    reads(companyId: number, named: Named): InStatement[];
    /**
     * Guards that what the books read is still as read (how many lines, the fields they add up), but
     * for line `except`, which the write guards itself: planned before anything is written.
     */
    holds(plan: WritePlan, parent: Parent<P>, except?: number): void;
    /**
     * Plans the parent's books from its reads, its lines changed by `change`, with the guards that
     * what they were computed from still holds; answers the lines as the plan leaves them (a purchase's
     * books write its lines' statuses), else undefined.
     */
    settle(plan: WritePlan, parent: Parent<P>, change: LineChange<L>): RecordOf<L>[] | undefined;
  };
  /** Refuses a write of the parent's lines in the parent's state (409). */
  open?(parent: RecordOf<P>): void;
  /** What else a line's write reads (a price to copy, stock levels), after the parents' reads. */
  extra?(companyId: number, line: { id?: number; values: ValuesOf<L> }): InStatement[];
  /**
   * Completes and checks the values to write (`current` undefined on a create): a total, a quantity
   * rule, history that is kept. `parent` is the parent the line will have.
   */
  complete?(args: {
    plan: WritePlan;
    values: ValuesOf<L>;
    current?: RecordOf<L>;
    parent?: RecordOf<P>;
    extra: ResultSet[];
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
    extra: ResultSet[];
  }): void;
}

/** The write rule of a line kind: create, update and delete planned with its parents. */
export function lineRule<L extends KindName, P extends KindName>(rule: LineRule<L, P>): WriteRule<L> {
  const { line: kindName, parent: parentKind, field } = rule;
  const side = (companyId: number, named: Named) => [
    selectNamed(companyId, parentKind, named),
    ...(rule.books?.reads(companyId, named) ?? []),
  ];
  const sideSize = side(0, 0).length;
  const parentId = (values: ValuesOf<L>) =>
    (values as Record<string, unknown>)[field] as number | null | undefined;

  /** The parent answered at `at` (its books' reads after it), or undefined when there is none. */
  const parentAt = (read: ResultSet[], at: number): Parent<P> | undefined => {
    const [record] = recordsOf(parentKind, read[at]!);
    return record ? { record, reads: read.slice(at + 1, at + sideSize) } : undefined;
  };

  /** The lines as the books leave them, or as planned. */
  const settle = (plan: WritePlan, parent: Parent<P> | undefined, change: LineChange<L>) => {
    if (!parent) return undefined;
    const lines = rule.books?.settle(plan, parent, change);
    plan.unchangedRecords(parentKind, [parent.record]);
    return lines;
  };
  const settled = (lines: RecordOf<L>[] | undefined, line: RecordOf<L>) =>
    lines?.find((each) => (each as { id: number }).id === (line as { id: number }).id) ?? line;

  return {
    planCreate: {
      read: ({ companyId, values }) => {
        const id = parentId(values);
        return [...(id ? side(companyId, id) : []), ...(rule.extra?.(companyId, { values }) ?? [])];
      },
      plan({ ctx, values, read, plan }) {
        const id = parentId(values);
        const parent = id ? parentAt(read, 0) : undefined;
        if (id && !parent) throw new StaleRead();
        if (parent) {
          rule.open?.(parent.record);
          rule.books?.holds(plan, parent);
        }
        const extra = read.slice(id ? sideSize : 0);
        const complete = rule.complete?.({ plan, values, parent: parent?.record, extra }) ?? values;
        const line = plan.insert(kindName, complete);
        rule.effects?.({ ctx, plan, after: { line, parent: parent?.record }, extra });
        return settled(settle(plan, parent, { add: line }), line);
      },
    },
    planUpdate: {
      read: ({ companyId, id, values }) => {
        const moves = parentId(values);
        return [
          ...side(companyId, ofRecord(kindName, id, field)),
          ...(moves ? side(companyId, moves) : []),
          ...(rule.extra?.(companyId, { id, values }) ?? []),
        ];
      },
      plan({ ctx, values, current, read, plan }) {
        const id = (current as { id: number }).id;
        const before = parentAt(read, 0);
        const moves = parentId(values);
        const named = moves ? parentAt(read, sideSize) : undefined;
        if (moves && !named) throw new StaleRead();
        const moved = moves !== undefined && moves !== (current as Record<string, unknown>)[field];
        const after = moved ? named : before;
        for (const parent of moved ? [before, after] : [before]) {
          if (!parent) continue;
          rule.open?.(parent.record);
          rule.books?.holds(plan, parent, id);
        }
        const extra = read.slice(sideSize * (moves ? 2 : 1));
        const complete = rule.complete?.({ plan, values, current, parent: after?.record, extra }) ?? values;
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
    },
    planDelete: {
      read: ({ companyId, id }) => [
        ...side(companyId, ofRecord(kindName, id, field)),
        ...(rule.extra?.(companyId, { id, values: {} }) ?? []),
      ],
      plan({ ctx, current, read, plan }) {
        const id = (current as { id: number }).id;
        const parent = parentAt(read, 0);
        rule.deletable?.(current);
        if (parent) {
          rule.open?.(parent.record);
          rule.books?.holds(plan, parent, id);
        }
        const extra = read.slice(sideSize);
        rule.effects?.({ ctx, plan, before: { line: current, parent: parent?.record }, extra });
        settle(plan, parent, { remove: id });
      },
    },
  };
}
