import type { ActionTypes, RecordTypes } from "@multichannel/schema";
import type { Ctx } from "../../domain/context.ts";

/** An action by `<kind>.<action>`, as the manifest declares it (`purchase.ship`). */
export type ActionKey = keyof ActionTypes;
/** The kind an action belongs to. */
export type KindOfAction<K extends ActionKey> = K extends `${infer N extends keyof RecordTypes}.${string}`
  ? N
  : never;

/** The arguments of an action's service verb; `record` is the subject, loaded in the same transaction. */
export interface ActionArgs<K extends ActionKey> {
  ctx: Ctx;
  record: RecordTypes[KindOfAction<K>];
  input: ActionTypes[K]["input"];
}

/** The service verb of an action; whether it writes is the manifest's (`operationWrites`). */
export interface ActionHandler<K extends ActionKey> {
  run(args: ActionArgs<K>): Promise<unknown>;
}

/** A handler for every action of the manifest: a missing one does not compile. */
export type ActionHandlers = { [K in ActionKey]: ActionHandler<K> };
