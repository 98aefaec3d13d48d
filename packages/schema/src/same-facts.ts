/**
 * One fact under two names (`FieldDef.sameAs`): the reference's `trackingCompany` and `serviceLevel`
 * are this service's `carrier` and `service`. The rule lives here once; the validators apply it to
 * every create and update, and the server to every record it writes itself.
 */
import type { KindDef } from "./define.ts";

type SameFacts = readonly (readonly [string, string])[];

// Found once per kind: every create and update of every kind asks (most have none).
const found = new WeakMap<Pick<KindDef, "fields">, SameFacts>();

/** A kind's pairs of names of one fact: `[name, sameAs]`. */
export function sameFactsOf(kind: Pick<KindDef, "fields">): SameFacts {
  let pairs = found.get(kind);
  if (!pairs) {
    pairs = Object.entries(kind.fields).flatMap(([name, field]) =>
      field.sameAs ? [[name, field.sameAs] as const] : [],
    );
    found.set(kind, pairs);
  }
  return pairs;
}

/** Two names of one fact written with different values, when nothing tells which one is meant. */
export interface SameFactConflict {
  field: string;
  other: string;
}

/**
 * `values` with each fact under both of its names: a name written alone sets the other. Both written
 * with different values: the one that changes `current` (the record as stored, on an update) is
 * meant, as when a client sends back the whole record it read with one of them changed; with no record
 * to tell by, or both changing it, it is a conflict, and `values` are answered as they came (both as
 * stored: kept).
 *
 * @example
 * withSameFacts(dropshipment, { trackingCompany: "Parcel Express" }).values;
 * // { trackingCompany: "Parcel Express", carrier: "Parcel Express" }
 */
export function withSameFacts<T extends Record<string, unknown>>(
  kind: Pick<KindDef, "fields">,
  values: T,
  current?: Readonly<Record<string, unknown>>,
): { values: T; conflict?: SameFactConflict } {
  let out: Record<string, unknown> = values;
  for (const [name, other] of sameFactsOf(kind)) {
    const a = values[name];
    const b = values[other];
    if (a === undefined && b === undefined) continue;
    let value = a === undefined ? b : a;
    if (a !== undefined && b !== undefined && a !== b) {
      if (current === undefined) return { values, conflict: { field: name, other } };
      const changesA = a !== current[name];
      const changesB = b !== current[other];
      // Both as stored (a record from before the two names were one): nothing new to tell.
      if (!changesA && !changesB) continue;
      if (changesA && changesB) return { values, conflict: { field: name, other } };
      value = changesA ? a : b;
    }
    if (a === value && b === value) continue;
    if (out === values) out = { ...values };
    out[name] = value;
    out[other] = value;
  }
  return { values: out as T };
}
