import { kindByName } from "@multichannel/schema";
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
  const states = kindByName(kindName)?.states;
  if (!states) return new ApiError("conflict", detail, extras);
  const state = String(propertyOf(record, states.field));
  return new ApiError("conflict", detail, {
    state,
    allowedActions: allowedActions(kindName, state),
    ...extras,
  });
}
