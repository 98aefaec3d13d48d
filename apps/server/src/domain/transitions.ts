/**
 * The one writer of state fields. A stateful kind declares its states and transitions in the manifest;
 * every state change (an action, a recomputed status, a status requested by a PUT) goes through
 * `transition`, so a change the lifecycle does not declare cannot happen: it is a 409 naming the state.
 */

import { propertyOf } from "../errors.ts";
import { stateConflict } from "./states.ts";
import { type KindName, kind } from "./store.ts";

/** Whether the lifecycle of `kindName` declares `from` → `to` (staying put is always allowed). */
export function canTransition(kindName: KindName, from: string, to: string): boolean {
  const states = kind(kindName).states;
  if (!states) throw new Error(`${kindName} has no lifecycle`);
  return from === to || (states.transitions[from]?.includes(to) ?? false);
}

/**
 * The values that move `record` to state `to` along a declared transition, with `values`: for a write
 * plan to apply. An undeclared transition is a 409.
 */
export function transitionValues(
  kindName: KindName,
  record: object,
  to: string,
  values: Record<string, unknown> = {},
): Record<string, unknown> {
  const field = kind(kindName).states!.field;
  const from = String(propertyOf(record, field));
  if (!canTransition(kindName, from, to)) {
    throw stateConflict(
      kindName,
      record,
      `${article(kindName)} ${kindName} that is ${from} cannot become ${to}.`,
    );
  }
  return from === to ? values : { ...values, [field]: to };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "An" : "A";
}
