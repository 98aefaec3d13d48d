import type { ResultSet } from "@libsql/client";
import type { ActionTypes, RecordTypes } from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";
import type { Reads, Snapshot } from "../../domain/reads.ts";
import type { WritePlan } from "../../domain/write-plan.ts";

/** An action by `<kind>.<action>`, as the manifest declares it (`purchase.ship`). */
export type ActionKey = keyof ActionTypes;
/** The kind an action belongs to. */
export type KindOfAction<K extends ActionKey> = K extends `${infer N extends keyof RecordTypes}.${string}`
  ? N
  : never;

/** The arguments of an action's service verb; `record` is the subject, read with the action's reads. */
export interface ActionArgs<K extends ActionKey> {
  ctx: Ctx;
  record: RecordTypes[KindOfAction<K>];
  input: ActionTypes[K]["input"];
}

/** What an action's plan is given: what its reads answered, and the plan to write into. */
export interface ActionPlanArgs<K extends ActionKey> extends ActionArgs<K> {
  read: ResultSet[];
  plan: WritePlan;
}

/** What an action's plan answers: its answer, and its subject as the plan leaves it. */
export interface PlannedAction<K extends ActionKey> {
  answer: unknown;
  subject: RecordTypes[KindOfAction<K>];
  /**
   * The record of another kind the action's event is about, as the plan leaves it (read with the
   * action's reads): `variant.level_changed` of a channel's set-level is about the adjusted variant.
   */
  about?: unknown;
}

/**
 * An action as a write plan with named reads: what it reads besides its subject (`reads`, sent with the
 * subject's in one pipeline; what the subject names is reached by subquery, `fieldOf`), and its writes
 * planned from the snapshot they answered, for one batch. The snapshot's reads are held unless they say
 * otherwise (`domain/reads.ts`). Answers what the action answers, and its subject as the plan leaves it
 * (for the action's event). An action that only reads is answered from its reads (its plan writes
 * nothing). A plan that renders (a label's PDF) may resolve later; it reads nothing more.
 */
export interface PlannedHandler<K extends ActionKey, R extends Reads = Reads> {
  reads(args: { id: number; input: ActionTypes[K]["input"] }): R;
  plan(
    args: ActionArgs<K> & { read: Snapshot<R>; plan: WritePlan },
  ): PlannedAction<K> | Promise<PlannedAction<K>>;
}

/** An action's plan, its snapshot's type kept where it is written (`R`) and erased in the handler map. */
export function planned<K extends ActionKey, R extends Reads>(
  handler: PlannedHandler<K, R>,
): PlannedHandler<K> {
  return handler;
}

/** The service verb of an action; whether it writes is the manifest's (`operationWrites`). */
export interface ActionHandler<K extends ActionKey> {
  /**
   * Whether this input makes the action expensive work, whatever the company holds (an export of all
   * its stock, a page that no index serves): it then counts against the company's share (`fairShare`).
   */
  expensive?(input: ActionTypes[K]["input"]): boolean;
  /** An action that only reads, by its verb (one that writes is a write plan: `planned`). */
  run?(args: ActionArgs<K>): Promise<unknown>;
  /** The action as a write plan with named reads (`PlannedHandler`, made with `planned`). */
  planned?: PlannedHandler<K>;
}

/** A handler for every action of the manifest: a missing one does not compile. */
export type ActionHandlers = { [K in ActionKey]: ActionHandler<K> };
