/**
 * `dropship_providers`: each row a dropship provider, matched by its name (whatever its case): created
 * (with the signing secret a create makes, sealed), or its contact and address fields set. Its
 * integration settings and credentials are not imported.
 */
import { type DropshipProvider, kindByName, kindSchemas } from "@multichannel/schema";
import type * as v from "valibot";
import { caseless } from "../../domain/feed-items.ts";
import { many } from "../../domain/reads.ts";
import { newSigningSecret, written } from "../../domain/secrets.ts";
import type { ColumnDef } from "./columns.ts";
import {
  failed,
  fieldAmong,
  importType,
  type RowOutcome,
  skipped,
  validated,
  valuesOf,
} from "./import-type.ts";

/** The provider's fields a row sets, by column (and the column's other names). */
const FIELDS = [
  ["email", "email", ["e-mail", "order email"]],
  ["phone", "phone", ["telephone"]],
  ["contactName", "contact_name", ["contact"]],
  ["addressLineOne", "address_line_one", ["line one", "address", "address 1"]],
  ["addressLineTwo", "address_line_two", ["line two", "address 2"]],
  ["city", "city", []],
  ["state", "state", ["province", "region"]],
  ["zip", "zip", ["postcode", "postal code"]],
  ["country", "country", ["country code"]],
  ["currency", "currency", []],
  ["defaultCarrier", "default_carrier", ["carrier"]],
  ["defaultService", "default_service", ["service"]],
] as const satisfies readonly (readonly [keyof DropshipProvider, string, readonly string[]])[];

const NAME: ColumnDef = {
  name: "name",
  aliases: ["provider", "provider name", "dropship provider", "vendor"],
};
const COLUMNS: ColumnDef[] = FIELDS.map(([, name, aliases]) => ({ name, aliases }));

// Built on first use and kept: the kind's own update validator, for the values a row sets.
let updateSchema: v.GenericSchema | undefined;

type ProviderValues = Partial<Record<(typeof FIELDS)[number][0], string>> & { name?: string };

/** The values a row sets (its empty cells set nothing), or what is wrong with them. */
function providerValuesOf(cells: Readonly<Record<string, string | undefined>>): ProviderValues | string {
  const values: ProviderValues = { name: cells.name };
  for (const [field, column] of FIELDS) {
    const cell = cells[column];
    if (cell !== undefined)
      values[field] = field === "country" || field === "currency" ? cell.toUpperCase() : cell;
  }
  updateSchema ??= kindSchemas(kindByName("dropship-provider")!).update;
  const checked = validated(updateSchema, values, "a field");
  return checked.ok ? values : checked.problem;
}

export const dropshipProvidersImport = importType({
  required: [NAME],
  optional: COLUMNS,
  batchRows: 200,
  reads: (rows) => ({
    providers: many(
      "dropship-provider",
      fieldAmong("dropship-provider", "name", valuesOf(rows, "name", caseless), true),
    ),
  }),
  async plan({ ctx, rows, read, plan }) {
    const byName = new Map(read.providers.map((provider) => [caseless(provider.name ?? ""), provider]));
    const keyring = await ctx.secrets;
    // The signing secret each new provider gets, as `POST /dropship-providers.json` makes it: sealed
    // before the plan, whose rows stay synchronous.
    const place = { companyId: ctx.companyId, kind: "dropship-provider", field: "signingSecret" };
    const secrets = await Promise.all(
      rows.map((row) =>
        byName.has(caseless(row.cells.name ?? "")) ? undefined : written(keyring, place, newSigningSecret()),
      ),
    );
    return rows.map((row, index): RowOutcome => {
      const values = providerValuesOf(row.cells);
      if (typeof values === "string") return failed(row, values);
      const name = row.cells.name!;
      const known = byName.get(caseless(name));
      if (!known) {
        const created = plan.insert("dropship-provider", {
          ...values,
          signingSecret: secrets[index] ?? null,
        });
        byName.set(caseless(name), created);
        return { outcome: "added" };
      }
      const changed: ProviderValues = {};
      for (const [field] of FIELDS) {
        if (values[field] !== undefined && values[field] !== known[field]) changed[field] = values[field];
      }
      if (!Object.keys(changed).length) return skipped(row, `provider ${name} is as the row says already`);
      byName.set(caseless(name), plan.update("dropship-provider", known, changed));
      return { outcome: "updated" };
    });
  },
});
