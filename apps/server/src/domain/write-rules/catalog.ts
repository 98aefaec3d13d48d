/**
 * The catalogue's own references: a bundle is not a component of itself, and an option value names one
 * of its product's options (a variant without a product has none to check against). A product's
 * option that values name is not removed under them.
 */
import type { Product } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { ApiError, refusedField } from "../../errors.ts";
import { fieldOf, fieldsOf, many, one, type Read } from "../reads.ts";
import { column, table } from "../store.ts";
import { creates, type Named, updates, type WriteRules } from "./rule.ts";

/** Most option values a refused change of a product's options names. */
const NAMED_VALUES = 5;

function checkNotItself(variantId: number | undefined, componentVariantId: number | undefined) {
  if (variantId === componentVariantId) {
    throw refusedField(
      "componentVariantId",
      `must not be the bundle itself (variant ${variantId}): a bundle is made of other variants`,
    );
  }
}

type ProductRead = { product: Read<Product | undefined> };

/** The product of the variant an option value is on (none: the variant has no product). */
const productOf = (variantId: Named): ProductRead => ({
  product: one("product", fieldOf("variant", variantId, "productId"), { hold: { fields: ["optionNames"] } }),
});

function checkOption(product: Product | undefined, name: string) {
  if (!product) return;
  const options = product.optionNames ?? [];
  if (options.includes(name)) return;
  throw refusedField(
    "name",
    options.length
      ? `must be one of the optionNames of product ${product.id} (${options.join(", ")})`
      : `must be one of the optionNames of product ${product.id}, which has none: add the option to the product first`,
  );
}

/** Up to `NAMED_VALUES` option values on the product's variants naming an option `optionNames` leaves out. */
function removedInUse(productId: number, optionNames: readonly string[] | null | undefined) {
  const t = table("option-value");
  const name = sql.id(`${t.name}.${column(t, "name")}`);
  const options = (names: Sql | string | null) =>
    sql`(SELECT j.value FROM json_each(coalesce(${names}, '[]')) AS j)`;
  return many(
    "option-value",
    sql`${sql.id(column(t, "variantId"))} IN ${fieldsOf("variant", "id", { productId })}
      AND ${name} IN ${options(fieldOf("product", productId, "optionNames"))}
      AND ${name} NOT IN ${options(optionNames ? JSON.stringify(optionNames) : null)}`,
    { limit: NAMED_VALUES },
  );
}

export const catalogRules: WriteRules = {
  "bundle-variant": {
    planCreate: creates({
      reads: () => ({}),
      plan({ values, plan }) {
        checkNotItself(values.variantId, values.componentVariantId);
        return plan.insert("bundle-variant", values);
      },
    }),
    planUpdate: updates({
      fields: ["variantId", "componentVariantId"],
      reads: () => ({}),
      plan({ values, current, plan }) {
        checkNotItself(
          values.variantId ?? current.variantId,
          values.componentVariantId ?? current.componentVariantId,
        );
        return plan.update("bundle-variant", current, values);
      },
    }),
  },
  "option-value": {
    planCreate: creates<"option-value", ProductRead>({
      reads: ({ values }) => productOf(values.variantId!),
      plan({ values, read, plan }) {
        checkOption(read.product, values.name!);
        return plan.insert("option-value", values);
      },
    }),
    planUpdate: updates<"option-value", ProductRead>({
      fields: ["name", "variantId"],
      reads: ({ id, values }) => productOf(values.variantId ?? fieldOf("option-value", id, "variantId")),
      plan({ values, current, read, plan }) {
        // Checked when the value names another option or moves: a value put back as read stays editable.
        const name = values.name ?? current.name;
        const moved = values.variantId !== undefined && values.variantId !== current.variantId;
        if (moved || name !== current.name) checkOption(read.product, name);
        return plan.update("option-value", current, values);
      },
    }),
  },
  product: {
    planUpdate: updates({
      fields: ["optionNames"],
      reads: ({ id, values }) => ({ inUse: removedInUse(id, values.optionNames) }),
      plan({ current, values, read, plan }) {
        if (read.inUse.length) {
          const named = read.inUse.map((value) => `option-value ${value.id} (${JSON.stringify(value.name)})`);
          throw new ApiError(
            "conflict",
            `Product ${current.id} has option values naming an option its optionNames would leave out: ${named.join(", ")}. Change or delete them first.`,
            { fields: ["optionNames"], rule: "an option value names an option of its product" },
          );
        }
        return plan.update("product", current, values);
      },
    }),
  },
};
