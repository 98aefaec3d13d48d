/**
 * One fact under two names on the records the server writes itself (a dropshipment's `carrier` is the
 * reference's `trackingCompany`): the schema's rule (`withSameFacts`), applied where a plan builds the
 * values. Creates and updates through the API get it from their validators.
 */
import { withSameFacts } from "@multichannel/schema";
import { refusedField } from "../errors.ts";
import { type KindName, kind } from "./store.ts";

/**
 * `values` with each fact of `kindName` under both its names (`current`: the record as read, on an
 * update); two names sent with different values that the record cannot tell apart are a 422.
 */
export function sameFactValues<T extends Record<string, unknown>>(
  kindName: KindName,
  values: T,
  current?: Readonly<Record<string, unknown>>,
): T {
  const { values: both, conflict } = withSameFacts(kind(kindName), values, current);
  if (conflict) {
    throw refusedField(
      conflict.field,
      `is another name of ${conflict.other}, sent with another value: send one of them, or the same value in both`,
    );
  }
  return both;
}
