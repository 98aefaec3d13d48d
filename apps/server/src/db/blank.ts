/**
 * An object of these keys, in this order, all null, made by `JSON.parse`: V8 gives such an object fast
 * properties, and a copy of it (`{ ...blank }`) keeps them. An object built key by key turns into a
 * dictionary past a dozen keys, and a wide one (a purchase's 87 columns) cost about twice as much to make
 * and to serialize. Records (`rows.ts`) are copies of one, their values then set.
 */
export function blankOf(keys: readonly string[]): Record<string, null> {
  return JSON.parse(`{${[...new Set(keys)].map((key) => `${JSON.stringify(key)}:null`).join(",")}}`);
}
