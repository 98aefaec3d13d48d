import type { FieldDef } from "../src/define.ts";

/** A valid value for a field (the simplest one its type, bounds and format allow). */
export function sampleValue(field: FieldDef, seed = 1): unknown {
  switch (field.type) {
    case "string": {
      const byFormat: Record<string, string> = {
        email: `person${seed}@example.com`,
        url: `https://example.com/${seed}`,
        country: "US",
        currency: "USD",
        phone: "+1 555 0100",
        "event-type": "*",
        "hs-code": "6205.20",
      };
      const text = field.format ? byFormat[field.format]! : `text-${seed}`;
      return text.padEnd(field.minLength ?? 0, "x").slice(0, field.maxLength ?? 4000);
    }
    case "integer":
    case "number":
      return Math.max(field.min ?? 0, Math.min(field.max ?? 1_000_000, seed));
    case "money":
      return Math.max(field.min ?? 0, 12.34);
    case "ref":
      return seed;
    case "boolean":
      return true;
    case "datetime":
      return "2026-01-02T03:04:05.000Z";
    case "date":
      return "2026-01-02";
    case "enum":
      return field.values![0];
    case "array":
      return [sampleValue(field.items!, seed)];
    case "object":
      return Object.fromEntries(
        Object.entries(field.fields ?? {}).map(([name, f]) => [name, sampleValue(f, seed)]),
      );
    case "map":
      return { color: "red", size: 2 };
    case "json":
      return { anything: [seed, "text", true, null, { nested: {} }] };
  }
}

/** A create body with exactly the fields a create must send. */
export function minimalBody(fields: Readonly<Record<string, FieldDef>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => field.required && field.default === undefined && !field.readOnly)
      .map(([name, field]) => [name, sampleValue(field)]),
  );
}

/** A create body with every writable field set. */
export function fullBody(fields: Readonly<Record<string, FieldDef>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, field]) => !field.readOnly)
      .map(([name, field]) => [name, sampleValue(field)]),
  );
}
