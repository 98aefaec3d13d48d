import type { KindDef } from "./define.ts";
import { camelCase, kinds, snakeCase } from "./manifest.ts";

/** How one kind relates to another through the manifest's references. */
export interface Relation {
  /** The related kind. */
  readonly kind: KindDef;
  /** One-to-many (the related kind refers to this one) or many-to-one (this kind refers to it). */
  readonly many: boolean;
  /** Many-to-one: this kind's field naming the related record. One-to-many: the related kind's field naming this one. */
  readonly field: string;
  /** Where an include puts the related records: `sale` (many-to-one) or `sale_items` (one-to-many). */
  readonly key: string;
}

/** `purchase-item` → `PurchaseItem`: a kind's model name, as `include` names it. */
export function modelName(kind: KindDef): string {
  const camel = camelCase(kind.name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

const byModel = new Map(kinds.map((kind) => [modelName(kind), kind]));

/** The kind a model name (`PurchaseItem`) stands for, or undefined. */
export function kindByModel(model: string): KindDef | undefined {
  return byModel.get(model);
}

function refFields(kind: KindDef, target: KindDef): string[] {
  return Object.entries(kind.fields)
    .filter(([, def]) => def.type === "ref" && def.ref === target.name)
    .map(([field]) => field);
}

/** The one field among several that is named after the kind it refers to (`saleId` for a sale). */
function pick(fields: string[], target: KindDef): string | undefined {
  if (fields.length === 1) return fields[0];
  const canonical = `${camelCase(target.name)}Id`;
  return fields.includes(canonical) ? canonical : undefined;
}

/**
 * How `kind` relates to `other`: many-to-one when `kind` has a reference to `other` (key: the field
 * without `Id`, snake_case: `saleId` → `sale`), else one-to-many when `other` has a reference to `kind`
 * (key: `other`'s plural, snake_case: `sale_items`). Several references and none named after the kind:
 * no relation (ambiguous). A key that is also a field of `kind` is no relation either.
 *
 * @example
 * relationOf(kindByName("purchase")!, kindByName("purchase-item")!) // { many: true, field: "purchaseId", key: "purchase_items", ... }
 */
export function relationOf(kind: KindDef, other: KindDef): Relation | undefined {
  const own = refFields(kind, other);
  let relation: Relation | undefined;
  if (own.length) {
    const field = pick(own, other);
    if (field) relation = { kind: other, many: false, field, key: snakeCase(field.replace(/Id$/, "")) };
  } else {
    const theirs = pick(refFields(other, kind), kind);
    if (theirs) relation = { kind: other, many: true, field: theirs, key: snakeCase(other.plural) };
  }
  return relation && !Object.hasOwn(kind.fields, relation.key) ? relation : undefined;
}

/** Every relation of a kind: what `include` can embed in its records. */
export function relationsOf(kind: KindDef): Relation[] {
  return kinds.flatMap((other) => {
    const relation = relationOf(kind, other);
    return relation ? [relation] : [];
  });
}
