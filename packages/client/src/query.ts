import type { Attributes, ListQuery } from "./types.ts";

type Loose = ListQuery<Record<string, unknown>>;
type LooseShape = { attributes?: unknown; include?: unknown };

/**
 * A list query as the API's query string: `where[field]=v`, `where[field][$op]=v` (`$in` as `a,b`),
 * `order`, `limit`, `from`, `cursor`, and the shape (`attributes`, `include`).
 */
export function listParams(query: Loose = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, condition] of Object.entries(query.where ?? {})) {
    if (condition === undefined) continue;
    if (condition === null) {
      params.append(`where[${field}][$null]`, "true");
    } else if (typeof condition === "object" && !Array.isArray(condition)) {
      for (const [operator, value] of Object.entries(condition as Record<string, unknown>)) {
        if (value === undefined) continue;
        params.append(
          `where[${field}][${operator}]`,
          operator === "$in" ? inList(field, value) : text(value),
        );
      }
    } else {
      params.append(`where[${field}]`, text(condition));
    }
  }
  if (query.order !== undefined) {
    params.set("order", typeof query.order === "string" ? query.order : query.order.join(","));
  }
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  if (query.from !== undefined) params.set("from", String(query.from));
  if (query.cursor !== undefined) params.set("cursor", query.cursor);
  shapeParams(query, params);
  return params;
}

/** `attributes=id,reference` (or `attributes[exclude]=notes`) and `include[0][model]=...`, nested. */
export function shapeParams(
  shape: LooseShape,
  params: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  if (shape.attributes !== undefined) attributeParams(shape.attributes, "attributes", params);
  if (shape.include !== undefined) includeParams(shape.include, "include", params);
  return params;
}

function attributeParams(attributes: unknown, name: string, params: URLSearchParams): void {
  if (Array.isArray(attributes)) params.set(name, attributes.join(","));
  else
    params.set(
      `${name}[exclude]`,
      (attributes as Exclude<Attributes<object>, readonly string[]>).exclude.join(","),
    );
}

function includeParams(include: unknown, name: string, params: URLSearchParams): void {
  const items = Array.isArray(include) ? include : [include];
  items.forEach((item: unknown, index) => {
    const at = `${name}[${index}]`;
    if (typeof item === "string") {
      params.set(`${at}[model]`, item);
      return;
    }
    const { model, attributes, include: nested } = item as { model: string } & LooseShape;
    params.set(`${at}[model]`, model);
    if (attributes !== undefined) attributeParams(attributes, `${at}[attributes]`, params);
    if (nested !== undefined) includeParams(nested, `${at}[include]`, params);
  });
}

/**
 * Whether a list query's `where` matches no record: a `$in` of no values. The API has no form for an
 * empty list (`where[f][$in]=` is the list of one empty text), so such a query is not sent.
 */
export function matchesNothing(query: Loose = {}): boolean {
  return Object.values(query.where ?? {}).some((condition) => {
    const values = typeof condition === "object" ? (condition as { $in?: unknown } | null)?.$in : undefined;
    return Array.isArray(values) && values.length === 0;
  });
}

function inList(field: string, values: unknown): string {
  if (!Array.isArray(values)) throw new TypeError(`where.${field}.$in must be an array.`);
  const texts = values.map(text);
  // The API splits $in on commas and has no escape for them.
  if (texts.some((value) => value.includes(",")))
    throw new TypeError(`where.${field}.$in values cannot contain commas.`);
  return texts.join(",");
}

function text(value: unknown): string {
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

/** The input of a GET or DELETE action as query parameters; absent and null values are left out. */
export function inputParams(input: object = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.set(name, text(value));
  }
  return params;
}

/** The query of the page after this one, from the `Link: <...>; rel="next"` header. */
export function nextQuery<Q extends Loose>(link: string | null, query: Q): Q | undefined {
  const target = link && nextLink(link);
  if (!target) return undefined;
  let url: URL;
  try {
    url = new URL(target, "http://link.invalid");
  } catch {
    return undefined;
  }
  const cursor = url.searchParams.get("cursor");
  const from = url.searchParams.get("from");
  const limit = url.searchParams.get("limit");
  const paging = { ...(limit !== null ? { limit: Number(limit) } : {}) };
  // The query's own filters and order are kept: the link may leave long ones out.
  if (cursor !== null) {
    const { from: _, ...rest } = query;
    return { ...rest, cursor, ...paging } as Q;
  }
  if (from === null) return undefined;
  return { ...query, from: Number(from), ...paging };
}

function nextLink(header: string): string | undefined {
  for (const match of header.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? "")?.[1] ?? "";
    if (rels.toLowerCase().split(/\s+/).includes("next")) return match[1];
  }
  return undefined;
}
