/**
 * `attributes` (which fields a record carries) and `include` (related records embedded under snake_case
 * keys), in the reference service's ORM-style forms. Related records are found through the manifest's
 * references: a `ref` field of this kind names a record of the included kind (many-to-one, `sale`), or a
 * `ref` field of the included kind names this one (one-to-many, `sale_items`). Each include is one
 * tenant-scoped query for the whole page (`WHERE <key> IN (...)`), never one per record.
 */
import { type KindDef, kindByModel, modelName, relationOf } from "@multichannel/schema";
import type { StoredRecord } from "../db/rows.ts";
import { toRecord } from "../db/rows.ts";
import { sql } from "../db/sql.ts";
import { tableFor } from "../db/tables.ts";
import type { Ctx } from "../domain/context.ts";
import { type Access, allows, missingScope, scopeText } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import { isTextList, type QueryObject, type QueryValue } from "./query-string.ts";

/**
 * How deep includes nest: three levels, as the reference's clients send them (`PurchaseItem` →
 * `Variant` → `OptionValue`).
 */
export const MAX_INCLUDE_DEPTH = 3;
/** Most includes in one request, nested ones counted. */
export const MAX_INCLUDES = 8;
/** Most records one include embeds under one parent (one-to-many); the first ones by id. */
export const MAX_INCLUDED_PER_PARENT = 100;
/** Most included records one request answers, all includes together; past it, a 400 asks for a smaller page. */
export const MAX_INCLUDED_TOTAL = 5000;

const BASE_FIELDS = ["id", "createdAt", "updatedAt"];

export interface IncludeNode {
  readonly kind: KindDef;
  /** Where the included records go: `sale` (many-to-one) or `sale_items` (one-to-many). */
  readonly key: string;
  readonly many: boolean;
  /** Many-to-one: the parent's field naming the included record. One-to-many: the child's field naming the parent. */
  readonly field: string;
  readonly attributes?: readonly string[];
  readonly include: readonly IncludeNode[];
}

export interface Shape {
  readonly attributes?: readonly string[];
  readonly include: readonly IncludeNode[];
}

function bad(detail: string): ApiError {
  return new ApiError("bad_request", detail);
}

function strings(value: QueryValue, name: string): string[] {
  if (typeof value === "string") return value.split(",").filter((item) => item !== "");
  if (isTextList(value)) return value;
  throw bad(`${name} takes field names: ${name}[0]=id&${name}[1]=reference (or ${name}=id,reference).`);
}

function fieldNames(kind: KindDef): string[] {
  return [...BASE_FIELDS, ...Object.keys(kind.fields)];
}

/** `attributes` as a list of fields of `kind`; `attributes[exclude][0]=notes` leaves fields out. */
export function parseAttributes(kind: KindDef, value: QueryValue, name = "attributes"): string[] {
  const known = fieldNames(kind);
  let chosen: string[];
  if (typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length !== 1 || keys[0] !== "exclude") {
      throw bad(`${name} takes a list of fields, or ${name}[exclude] with a list of fields.`);
    }
    const excluded = strings(value.exclude!, `${name}[exclude]`);
    for (const field of excluded) checkField(kind, known, field, name);
    chosen = known.filter((field) => !excluded.includes(field));
  } else {
    chosen = strings(value, name);
    for (const field of chosen) checkField(kind, known, field, name);
  }
  if (!chosen.length) throw bad(`${name} names no field: send at least one.`);
  return [...new Set(chosen)];
}

function checkField(kind: KindDef, known: string[], field: string, name: string): void {
  if (!known.includes(field)) throw bad(`${name}: ${kind.name} has no field "${field.slice(0, 60)}".`);
}

const INCLUDE_KEYS = new Set(["model", "attributes", "include"]);

/**
 * `include=SaleItem`, `include=SaleItem,Customer`, `include[0]=SaleItem`, or
 * `include[0][model]=PurchaseItem&include[0][attributes][0]=id&include[0][include][0][model]=Variant`.
 */
export function parseInclude(
  kind: KindDef,
  value: QueryValue,
  depth = 1,
  count = { n: 0 },
  name = "include",
): IncludeNode[] {
  if (depth > MAX_INCLUDE_DEPTH) {
    throw bad(`Includes nest at most ${MAX_INCLUDE_DEPTH} levels deep (${name} is deeper).`);
  }
  const items: QueryValue[] =
    typeof value === "string"
      ? value.split(",").filter((item) => item !== "")
      : Array.isArray(value)
        ? value
        : [value];
  const nodes: IncludeNode[] = [];
  for (const [index, item] of items.entries()) {
    const at = `${name}[${index}]`;
    if (++count.n > MAX_INCLUDES) throw bad(`At most ${MAX_INCLUDES} includes per request.`);
    if (Array.isArray(item)) throw bad(`${at} must be a model name or {model, attributes, include}.`);
    const spec: QueryObject = typeof item === "string" ? { model: item } : item;
    for (const key of Object.keys(spec)) {
      if (!INCLUDE_KEYS.has(key)) {
        throw bad(
          `${at}[${key.slice(0, 40)}] is not supported; an include takes model, attributes and include.`,
        );
      }
    }
    const model = spec.model;
    if (typeof model !== "string") throw bad(`${at}[model] must name a model, e.g. SaleItem.`);
    const child = kindByModel(model);
    if (!child)
      throw bad(`${at}: there is no model "${model.slice(0, 60)}" (models are PascalCase: SaleItem).`);
    const relation = relationOf(kind, child);
    if (!relation) throw bad(`${at}: ${modelName(kind)} has no association with ${model}.`);
    if (nodes.some((node) => node.key === relation.key)) throw bad(`${at}: ${model} is included twice.`);
    nodes.push({
      kind: child,
      many: relation.many,
      field: relation.field,
      key: relation.key,
      ...(spec.attributes !== undefined
        ? { attributes: parseAttributes(child, spec.attributes, `${at}[attributes]`) }
        : {}),
      include:
        spec.include !== undefined
          ? parseInclude(child, spec.include, depth + 1, count, `${at}[include]`)
          : [],
    });
  }
  return nodes;
}

/** The fields a record keeps: those asked for, and the keys its includes join on. */
function keptFields(attributes: readonly string[], include: readonly IncludeNode[], link?: string): string[] {
  const kept = [...attributes];
  const add = (field: string) => {
    if (!kept.includes(field)) kept.push(field);
  };
  if (link) add(link);
  for (const node of include) add(node.many ? "id" : node.field);
  return kept;
}

function project(
  record: StoredRecord,
  attributes: readonly string[] | undefined,
  include: readonly IncludeNode[],
  link?: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (attributes) {
    for (const field of keptFields(attributes, include, link)) out[field] = record[field];
  } else {
    Object.assign(out, record);
  }
  for (const node of include) out[node.key] = record[node.key];
  return out;
}

/**
 * A 403 naming the scope when an include, at any depth, embeds a kind of a group the key may not read:
 * a key reads through `include` only what it could read by its own path.
 */
function checkReadable(access: Access, include: readonly IncludeNode[], at = "include"): void {
  for (const [index, node] of include.entries()) {
    const where = `${at}[${index}]`;
    if (!allows(access, node.kind.group, 1)) {
      throw missingScope(
        scopeText(node.kind.group, 1),
        false,
        `including ${modelName(node.kind)} (${where})`,
      );
    }
    checkReadable(access, node.include, `${where}[include]`);
  }
}

/** Loads one include for every record of `parents`, with one query, and sets it on them. */
async function loadInclude(
  ctx: Ctx,
  parents: StoredRecord[],
  node: IncludeNode,
  budget: { left: number },
): Promise<void> {
  const table = tableFor(node.kind);
  const parentKeys = [
    ...new Set(
      parents
        .map((parent) => (node.many ? parent.id : parent[node.field]))
        .filter((key): key is number => typeof key === "number"),
    ),
  ];
  let children: StoredRecord[] = [];
  if (parentKeys.length) {
    const keys = JSON.stringify(parentKeys);
    // One-to-many: per parent, the first children by id straight off the foreign-key index (a correlated
    // LIMIT), so a parent with a million children costs what one with a hundred does.
    const fk = node.many ? table.byField.get(node.field)!.name : "";
    const [select, name] = [sql.raw(table.selectList), sql.id(table.name)];
    const statement = node.many
      ? sql`SELECT ${select} FROM ${name} WHERE id IN (SELECT x.id FROM json_each(${keys}) AS p JOIN ${name} AS x ON x.id IN (SELECT y.id FROM ${name} AS y WHERE y.company_id = ${sql.company} AND y.${sql.id(fk)} = p.value ORDER BY y.id LIMIT ${MAX_INCLUDED_PER_PARENT})) ORDER BY id LIMIT ${budget.left + 1}`
      : sql`SELECT ${select} FROM ${name} WHERE company_id = ${sql.company} AND id IN (SELECT value FROM json_each(${keys})) LIMIT ${budget.left + 1}`;
    const result = await ctx.db.execute(statement.statementFor(ctx.companyId));
    if (result.rows.length > budget.left) {
      throw bad(
        `The includes would embed more than ${MAX_INCLUDED_TOTAL} records: ask for a smaller page (limit).`,
      );
    }
    budget.left -= result.rows.length;
    children = result.rows.map((row) => toRecord(table, row));
  }
  for (const child of node.include) await loadInclude(ctx, children, child, budget);
  const shaped = children.map((child) => ({
    id: child.id,
    shaped: project(child, node.attributes, node.include, node.many ? node.field : undefined),
    parentKey: node.many ? Number(child[node.field]) : child.id,
  }));
  if (node.many) {
    const byParent = new Map<number, Record<string, unknown>[]>();
    for (const child of shaped) {
      const list = byParent.get(child.parentKey) ?? [];
      list.push(child.shaped);
      byParent.set(child.parentKey, list);
    }
    for (const parent of parents) parent[node.key] = byParent.get(parent.id) ?? [];
  } else {
    const byId = new Map(shaped.map((child) => [child.id, child.shaped]));
    for (const parent of parents) {
      const key = parent[node.field];
      parent[node.key] = typeof key === "number" ? (byId.get(key) ?? null) : null;
    }
  }
}

/**
 * The records as `attributes` and `include` shape them. Included records are loaded set-at-a-time, in
 * the company only; the fields an include joins on (a parent's `saleId`, a child's `purchaseId`, `id`)
 * are always answered, asked for or not.
 */
export async function shapeRecords(
  ctx: Ctx,
  records: StoredRecord[],
  shape: Shape,
): Promise<Record<string, unknown>[]> {
  if (ctx.actor.access) checkReadable(ctx.actor.access, shape.include);
  const budget = { left: MAX_INCLUDED_TOTAL };
  const copies = records.map((record) => ({ ...record }));
  for (const node of shape.include) await loadInclude(ctx, copies, node, budget);
  return copies.map((record) => project(record, shape.attributes, shape.include));
}

/** Whether a shape changes anything about the records it is applied to. */
export function shapes(shape: Shape): boolean {
  return shape.attributes !== undefined || shape.include.length > 0;
}
