/**
 * The catalogue's own references: a bundle is not a component of itself, its components stay as they
 * are while its unshipped lines hold them allocated, and an option value names one of its product's
 * options (a variant without a product has none to check against). A product's
 * option that values name is not removed under them, nor is a variant put on a product without the
 * options its values name.
 */
import type { BundleVariant, Fulfillment, OptionValue, Product, Variant } from "@multichannel/schema";
import { type Sql, sql } from "../../db/sql.ts";
import { ApiError, refusedField } from "../../errors.ts";
import { fieldIn, fieldOf, fieldsOf, many, one, type Read, when } from "../reads.ts";
import { stateConflict } from "../states.ts";
import { column, table } from "../store.ts";
import { UNSHIPPED } from "./carrying.ts";
import { creates, deletes, type Named, updates, type WriteRules } from "./rule.ts";

/** Most option values a refused change of a product's options, or of a variant's product, names. */
const NAMED_VALUES = 5;
const OPTION_RULE = "an option value names an option of its product";

function checkNotItself(variantId: number | undefined, componentVariantId: number | undefined) {
  if (variantId === componentVariantId) {
    throw refusedField(
      "componentVariantId",
      `must not be the bundle itself (variant ${variantId}): a bundle is made of other variants`,
    );
  }
}

/**
 * What a bundle's component row reads: whether its component is a bundle itself, and whether its bundle
 * is a component of another (one row each is enough to say so; held: that none appears meanwhile).
 */
const nestingOf = (variantId: Named, componentVariantId: Named) => ({
  componentParts: many("bundle-variant", { variantId: componentVariantId }, { limit: 1, hold: "count" }),
  bundleIn: many("bundle-variant", { componentVariantId: variantId }, { limit: 1, hold: "count" }),
});

type Nesting = { componentParts: readonly BundleVariant[]; bundleIn: readonly BundleVariant[] };

/**
 * 422 when a bundle would hold a bundle, or be held by one: a bundle's stock is counted from its
 * components' own, one level deep, so a bundle within a bundle would be told the inner bundle's own
 * stock rather than what its components make.
 */
function checkNotNested(variantId: number, componentVariantId: number, read: Nesting) {
  const [inner] = read.componentParts;
  if (inner) {
    throw refusedField(
      "componentVariantId",
      `names variant ${componentVariantId}, a bundle itself (its components include variant ${inner.componentVariantId}): a bundle is made of variants that are not bundles`,
    );
  }
  const [outer] = read.bundleIn;
  if (outer) {
    throw refusedField(
      "variantId",
      `names variant ${variantId}, a component of bundle ${outer.variantId}: a bundle is not a component of another`,
    );
  }
}

/**
 * The first unshipped fulfillment with a line of one of the variants `variantIds` answers (SQL: a list or
 * a subquery, in parentheses) that holds stock allocated: a line that moves stock, with a warehouse of its
 * own or its fulfillment's. Held: that none appears meanwhile.
 */
function holdingLinesOf(variantIds: Sql) {
  const items = table("fulfillment-item");
  const movesStock = sql`${fieldIn("fulfillment-item", "variantId", variantIds)} AND ${sql.id(column(items, "skipInventoryChange"))} IS NOT 1`;
  const lines = (where: Sql) =>
    fieldsOf("fulfillment-item", "fulfillmentId", sql`${movesStock} AND ${where}`);
  const fulfillments = table("fulfillment");
  const warehouseId = sql.id(column(fulfillments, "warehouseId"));
  return many(
    "fulfillment",
    sql`${sql.id(column(fulfillments, "status"))} IN (${sql.values([...UNSHIPPED])}) AND (${fieldIn("fulfillment", "id", lines(sql`${sql.id(column(items, "warehouseId"))} IS NOT NULL`))} OR (${warehouseId} IS NOT NULL AND ${fieldIn("fulfillment", "id", lines(sql`1`))}))`,
    { limit: 1, hold: "count" },
  );
}

type Holding = { holding: readonly Fulfillment[] };

/**
 * What a bundle's component row reads (`nestingOf` for its variants), and the lines holding stock of the
 * bundles `bundles` names (SQL: a list, in parentheses): the one it is of, and the one it leaves.
 */
const bundleReads = (variantId: Named, componentVariantId: Named, bundles: Sql) => ({
  ...nestingOf(variantId, componentVariantId),
  holding: holdingLinesOf(bundles),
});

/**
 * 409 when an unshipped fulfillment's line of the bundle holds stock: what it holds allocated is its
 * components' as they are, and is released as they are when the line ships, moves or goes.
 */
function checkNotHeld(read: Holding) {
  const [fulfillment] = read.holding;
  if (!fulfillment) return;
  throw stateConflict(
    "fulfillment",
    fulfillment,
    `Fulfillment ${fulfillment.id} has lines of this bundle holding its components allocated: ship, cancel or delete those lines first, then change the bundle's components.`,
    { rule: "a bundle's components stay as its unshipped lines hold them" },
  );
}

type ProductRead = { variant: Read<Variant | undefined>; product: Read<Product | undefined> };

/**
 * The product of the variant an option value is on (none: the variant has no product), and the
 * variant held on `productId`: a variant moved meanwhile has another product's options.
 */
const productOf = (variantId: Named): ProductRead => ({
  variant: one("variant", variantId, { hold: { fields: ["productId"] } }),
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

type OptionsSql = Sql | string | null;
const optionList = (names: OptionsSql) => sql`(SELECT j.value FROM json_each(coalesce(${names}, '[]')) AS j)`;

/**
 * Up to `NAMED_VALUES` option values meeting `where` (SQL over their columns, `name` the value's name)
 * whose name `options` (a JSON list, or SQL answering one: a product's `optionNames`) leaves out.
 */
function valuesLeftOut(where: (name: Sql) => Sql, options: OptionsSql) {
  const t = table("option-value");
  const name = sql.id(`${t.name}.${column(t, "name")}`);
  return many("option-value", sql`(${where(name)}) AND ${name} NOT IN ${optionList(options)}`, {
    limit: NAMED_VALUES,
  });
}

const variantOf = sql.id(column(table("option-value"), "variantId"));

/** The option values of the product's variants naming one of its options that `optionNames` leaves out. */
const removedInUse = (productId: number, optionNames: readonly string[] | null | undefined) =>
  valuesLeftOut(
    (name) =>
      sql`${variantOf} IN ${fieldsOf("variant", "id", { productId })} AND ${name} IN ${optionList(fieldOf("product", productId, "optionNames"))}`,
    optionNames ? JSON.stringify(optionNames) : null,
  );

/**
 * The variant's option values naming an option that product `productId` does not have, when the
 * variant is not on that product already (a PUT sending its product back reads nothing).
 */
const leftOutByProduct = (variantId: number, productId: number) =>
  valuesLeftOut(
    () =>
      sql`${variantOf} = ${variantId} AND ${fieldOf("variant", variantId, "productId")} IS NOT ${productId}`,
    fieldOf("product", productId, "optionNames"),
  );

/** Option values as a refusal names them (`option-value 3 ("Colour")`), at most `NAMED_VALUES`. */
export const namedOptionValues = (values: readonly Pick<OptionValue, "id" | "name">[]) =>
  values
    .slice(0, NAMED_VALUES)
    .map((value) => `option-value ${value.id} (${JSON.stringify(value.name)})`)
    .join(", ");

/** The 409 of a change that would leave `values` naming an option their product does not have. */
function optionsInUse(subject: string, field: string, leftOutBy: string, values: readonly OptionValue[]) {
  return new ApiError(
    "conflict",
    `${subject} has option values naming an option ${leftOutBy} leave out: ${namedOptionValues(values)}. Change or delete them first.`,
    { fields: [field], rule: OPTION_RULE },
  );
}

export const catalogRules: WriteRules = {
  "bundle-variant": {
    planCreate: creates<"bundle-variant", ReturnType<typeof bundleReads>>({
      reads: ({ values }) =>
        bundleReads(values.variantId!, values.componentVariantId!, sql`(${values.variantId!})`),
      plan({ values, read, plan }) {
        checkNotItself(values.variantId, values.componentVariantId);
        checkNotNested(values.variantId!, values.componentVariantId!, read);
        checkNotHeld(read);
        return plan.insert("bundle-variant", values);
      },
    }),
    planUpdate: updates<"bundle-variant", ReturnType<typeof bundleReads>>({
      fields: ["variantId", "componentVariantId", "quantity"],
      reads: ({ id, values }) =>
        bundleReads(
          values.variantId ?? fieldOf("bundle-variant", id, "variantId"),
          values.componentVariantId ?? fieldOf("bundle-variant", id, "componentVariantId"),
          sql`(${values.variantId ?? null}, ${fieldOf("bundle-variant", id, "variantId")})`,
        ),
      plan({ values, current, read, plan }) {
        const variantId = values.variantId ?? current.variantId;
        const componentVariantId = values.componentVariantId ?? current.componentVariantId;
        const quantity = values.quantity ?? current.quantity;
        checkNotItself(variantId, componentVariantId);
        checkNotNested(variantId, componentVariantId, read);
        // A row sent back as read changes no stock a line holds.
        const changed =
          variantId !== current.variantId ||
          componentVariantId !== current.componentVariantId ||
          quantity !== current.quantity;
        if (changed) checkNotHeld(read);
        return plan.update("bundle-variant", current, values);
      },
    }),
    planDelete: deletes({
      reads: ({ id }) => ({ holding: holdingLinesOf(sql`(${fieldOf("bundle-variant", id, "variantId")})`) }),
      plan({ read }) {
        checkNotHeld(read);
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
          throw optionsInUse(`Product ${current.id}`, "optionNames", "its optionNames would", read.inUse);
        }
        return plan.update("product", current, values);
      },
    }),
  },
  variant: {
    planUpdate: updates({
      fields: ["productId"],
      // On no product, a variant's values may name any option.
      reads: ({ id, values: { productId } }) => ({
        leftOut: when(typeof productId === "number", leftOutByProduct(id, productId!)),
      }),
      plan({ current, values, read, plan }) {
        if (read.leftOut?.length) {
          const by = `the optionNames of product ${values.productId}`;
          throw optionsInUse(`Variant ${current.id}`, "productId", by, read.leftOut);
        }
        return plan.update("variant", current, values);
      },
    }),
  },
};
