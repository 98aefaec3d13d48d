import { type ActionTypes, kindByName } from "@multichannel/schema";
import { ApiError, propertyOf } from "../errors.ts";

/** The actions of a kind that its declared lifecycle allows in `state`. */
export function allowedActions(kindName: string, state: string): string[] {
  return (kindByName(kindName)?.actions ?? [])
    .filter((action) => !action.from || action.from.includes(state))
    .map((action) => action.name);
}

/** A 409 about a record's state, saying the state and the actions it allows (and any `extras`). */
export function stateConflict(
  kindName: string,
  record: object,
  detail: string,
  extras: Record<string, unknown> = {},
): ApiError {
  return conflict(kindName, record, detail, extras);
}

/**
 * A 409 refusing an action (`purchase.return-label`) for what its record holds rather than for its
 * state: nothing left to return, no lines. It says the state and the actions the state allows but the
 * one refused (or several, of one kind: what the record holds refuses them all), which would only be
 * refused again.
 */
export function contentConflict(
  refused: keyof ActionTypes | readonly (keyof ActionTypes)[],
  record: object,
  detail: string,
  extras: Record<string, unknown> = {},
): ApiError {
  const actions = typeof refused === "string" ? [refused] : refused;
  const kindName = actions[0]!.slice(0, actions[0]!.indexOf("."));
  const names = actions.map((action) => action.slice(action.indexOf(".") + 1));
  return conflict(kindName, record, detail, extras, names);
}

function conflict(
  kindName: string,
  record: object,
  detail: string,
  extras: Record<string, unknown>,
  refused: readonly string[] = [],
): ApiError {
  const states = kindByName(kindName)?.states;
  if (!states) return new ApiError("conflict", detail, extras);
  const state = String(propertyOf(record, states.field));
  return new ApiError("conflict", detail, {
    state,
    allowedActions: allowedActions(kindName, state).filter((action) => !refused.includes(action)),
    ...extras,
  });
}
