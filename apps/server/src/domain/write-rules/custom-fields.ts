/**
 * Custom field values fit their field: an `options` field's value is one of its options, and a field
 * that applies to one kind of record takes values only on records of that kind. A field's type, options
 * or kind change only while every value it has still fits.
 */
import { type CustomField, type KindDef, kinds, snakeCase } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { StaleRead } from "../../db/write-guards.ts";
import { ApiError, type FieldError } from "../../errors.ts";
import { fieldOf, many, one, type Read } from "../reads.ts";
import { column, type KindName, type RecordOf, table, type ValuesOf } from "../store.ts";
import { creates, updates, type WriteRule, type WriteRules } from "./rule.ts";

/** The kinds whose records are a custom field's value on a record of another kind. */
type ValueKindName = {
  [N in KindName]: RecordOf<N> extends { customFieldId: number; value: string | null } ? N : never;
}[KindName];

interface ValueKind {
  name: ValueKindName;
  /** How a field's `resource` names the kind of record the values are on (`sale_item`). */
  resource: string;
}

/** A value kind: a reference to a custom field, a `value`, and the record it is on as its owner. */
function valueKindOf(definition: KindDef): ValueKind | undefined {
  const { fields, owner } = definition;
  if (fields.customFieldId?.ref !== "custom-field" || !fields.value || !owner) return undefined;
  const on = fields[owner.field]?.ref;
  return on ? { name: definition.name as ValueKindName, resource: snakeCase(on) } : undefined;
}

const valueKinds = kinds.flatMap((definition) => valueKindOf(definition) ?? []);

/** Most values a refused change of a field names, per value kind. */
const NAMED_MISFITS = 5;

const words = (resource: string) => resource.replaceAll("_", " ");

/**
 * Why `value` on a record of `resource` does not fit `field`, by the body's field it is said after;
 * `resource` undefined: the record's kind is not checked (an update that keeps the value's field).
 */
function misfits(
  field: CustomField,
  resource: string | undefined,
  value: string | null | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  if (resource && field.resource && field.resource !== "any" && field.resource !== resource) {
    errors.push({
      path: "customFieldId",
      message: `names custom field ${field.id}, which applies to ${words(field.resource)} records, not to ${words(resource)} records`,
    });
  }
  const options = field.options ?? [];
  if (field.fieldType === "options" && value != null && !options.includes(value)) {
    const listed = options.length > 10 ? `${options.slice(0, 10).join(", ")}, ...` : options.join(", ");
    errors.push({
      path: "value",
      message: `must be one of the options of custom field ${field.id} (${listed || "it has none"})`,
    });
  }
  return errors;
}

function checkFits(
  field: CustomField | undefined,
  resource: string | undefined,
  value: string | null | undefined,
) {
  if (!field) throw new StaleRead();
  const errors = misfits(field, resource, value);
  if (errors.length) {
    throw new ApiError("validation_failed", "The value does not fit its custom field.", {
      errors,
      rule: "a custom field value fits its field",
    });
  }
}

function valueRule<N extends ValueKindName>({ name, resource }: { name: N; resource: string }): WriteRule<N> {
  return {
    planCreate: creates<N, { field: Read<CustomField | undefined> }>({
      reads: ({ values }) => ({ field: one("custom-field", values.customFieldId!) }),
      plan({ values, read, plan }) {
        checkFits(read.field, resource, values.value);
        return plan.insert(name, values);
      },
    }),
    planUpdate: updates<N, { field: Read<CustomField | undefined> }>({
      fields: ["value", "customFieldId"] as (keyof ValuesOf<N> & string)[],
      reads: ({ id, values }) => ({
        field: one("custom-field", values.customFieldId ?? fieldOf(name, id, "customFieldId")),
      }),
      plan({ values, current, read, plan }) {
        // The record's kind is checked when the value moves to another field: a value stored before
        // fields were checked stays editable on the field it has.
        const moved = values.customFieldId !== undefined && values.customFieldId !== current.customFieldId;
        checkFits(
          read.field,
          moved ? resource : undefined,
          values.value !== undefined ? values.value : current.value,
        );
        return plan.update(name, current, values);
      },
    }),
  };
}

/** SQL: a field's `field` as an update of it leaves it (sent, else as stored). */
function after(id: number, sent: unknown, field: "fieldType" | "options" | "resource"): Sql {
  if (sent === undefined) return fieldOf("custom-field", id, field);
  return sql`${sent === null ? null : field === "options" ? JSON.stringify(sent) : String(sent)}`;
}

/** Up to `NAMED_MISFITS` values of each value kind that would not fit the field as the update leaves it. */
function misfitReads(id: number, values: Partial<CustomField>) {
  const fieldType = after(id, values.fieldType, "fieldType");
  const options = after(id, values.options, "options");
  const resource = after(id, values.resource, "resource");
  const reads: Record<string, Read<{ id: number; value: string | null }[]>> = {};
  for (const valueKind of valueKinds) {
    const t = table(valueKind.name);
    const value = sql.id(`${t.name}.${column(t, "value")}`);
    reads[`misfits.${valueKind.name}`] = many(
      valueKind.name,
      sql`${sql.id(column(t, "customFieldId"))} = ${id} AND (
        (${fieldType} = 'options' AND ${value} IS NOT NULL
          AND ${value} NOT IN (SELECT j.value FROM json_each(coalesce(${options}, '[]')) AS j))
        OR coalesce(${resource}, 'any') NOT IN ('any', ${valueKind.resource}))`,
      { limit: NAMED_MISFITS },
    );
  }
  return reads;
}

const changes = (values: Partial<CustomField>, current: CustomField) =>
  (["fieldType", "options", "resource"] as const).filter(
    (field) =>
      values[field] !== undefined && JSON.stringify(values[field]) !== JSON.stringify(current[field]),
  );

export const customFieldRules: WriteRules = {
  "custom-field": {
    planUpdate: updates({
      fields: ["fieldType", "options", "resource"],
      reads: ({ id, values }) => misfitReads(id, values),
      plan({ values, current, read, plan }) {
        const changed = changes(values, current);
        const named = changed.length
          ? valueKinds.flatMap(({ name }) =>
              (read[`misfits.${name}`] ?? []).map(
                (record) => `${name} ${record.id} (${JSON.stringify(record.value)})`,
              ),
            )
          : [];
        if (named.length) {
          throw new ApiError(
            "conflict",
            `Custom field ${current.id} has values that would no longer fit its ${changed.join(", ")}: ${named.join(", ")}. Change or delete them first.`,
            { fields: changed, rule: "a custom field value fits its field" },
          );
        }
        return plan.update("custom-field", current, values);
      },
    }),
  },
  ...Object.fromEntries(valueKinds.map((valueKind) => [valueKind.name, valueRule(valueKind)])),
};
