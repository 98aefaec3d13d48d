import type { Namespace } from "./types.ts";

declare const namespaceType: unique symbol;

/**
 * An action of a resource: its name (`move-dropship-provider`), its method, whether it writes, and
 * whether it answers a secret once (a rotation: it takes no `Idempotency-Key`, see `Call.keyless`).
 */
export type ActionSpec = readonly [
  name: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  writes: boolean,
  keyless?: boolean,
];

/**
 * What the client needs to know of one kind at run time: its path and its actions. Import the ones a
 * program uses from `@multichannel/client/resources` and pass them to {@link connect}: only those are
 * bundled, not the whole manifest.
 */
export interface Resource<N extends Namespace> {
  /** The kebab-case plural: the collection is `/<plural>.json`. */
  readonly plural: string;
  readonly actions: readonly ActionSpec[];
  /** Its create answers a secret once (a webhook endpoint's): sent without an `Idempotency-Key`. */
  readonly keylessCreate?: boolean;
  /**
   * The secrets the server makes at its create (a signing secret), each with the action that makes a
   * new one: a create answered as a replay shows only their hints (see `SecretNotShownError`).
   */
  readonly madeSecrets?: readonly (readonly [field: string, rotate: string])[];
  /** Type-level only: the namespace whose record, bodies and actions the resource has. */
  readonly [namespaceType]?: N;
}

/** The client method of an action: its name in camelCase (`move-dropship-provider` → `moveDropshipProvider`). */
export const methodName = (action: string): string =>
  action.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
