/**
 * `dropship_provider_users`: each row a person at a dropship provider who receives its purchase
 * orders, upserted by provider (its name, whatever its case, or its id) and e-mail (whatever its
 * case): created, or its name and `receivesPurchaseOrders` set from the row's non-empty cells.
 */
import {
  type DropshipProvider,
  type DropshipProviderUser,
  kindByName,
  kindSchemas,
} from "@multichannel/schema";
import type * as v from "valibot";
import { type Sql, sql } from "../../db/sql.ts";
import { quotedCell } from "../../domain/failures.ts";
import { caseless } from "../../domain/feed-items.ts";
import { fieldIn, fieldsOf, many } from "../../domain/reads.ts";
import type { ValuesOf } from "../../domain/store.ts";
import type { ColumnDef } from "./columns.ts";
import {
  cellNamed,
  failed,
  fieldAmong,
  type ImportRow,
  importType,
  type RowOutcome,
  skipped,
  validated,
  valuesOf,
} from "./import-type.ts";

const PROVIDER: ColumnDef = {
  name: "provider",
  aliases: ["dropship provider", "provider name", "provider id", "vendor"],
};
const EMAIL: ColumnDef = { name: "email", aliases: ["user email", "e-mail"] };
const NAME: ColumnDef = { name: "name", aliases: ["user name", "full name", "contact"] };
const RECEIVES: ColumnDef = {
  name: "receives_purchase_orders",
  aliases: ["purchase orders", "receives orders"],
};

/** The cells that say yes or no, whatever their case. */
const YES_NO = new Map([
  ["yes", true],
  ["true", true],
  ["1", true],
  ["no", false],
  ["false", false],
  ["0", false],
]);

// Built on first use and kept: the kind's own create validator, for the values a row makes.
let createSchema: v.GenericSchema | undefined;

type UserValues = ValuesOf<"dropship-provider-user">;

/** SQL: the company's providers a batch names, by name (any case) or id. */
function providersNamed(rows: readonly ImportRow[]): Sql {
  const named = valuesOf(rows, "provider", caseless);
  return sql`(${fieldAmong("dropship-provider", "name", named, true)}) OR (${fieldAmong("dropship-provider", "id", named)})`;
}

/** The provider a row names: the one with that id, else the one with that name; or why none. */
function providerOf(row: ImportRow, providers: readonly DropshipProvider[]): DropshipProvider | RowOutcome {
  const named = row.cells.provider;
  if (named === undefined) return failed(row, "no provider: name the dropship provider or give its id");
  const byId = providers.find((provider) => String(provider.id) === named);
  if (byId) return byId;
  const byName = providers.filter((provider) => caseless(provider.name ?? "") === caseless(named));
  if (byName.length > 1) {
    return failed(
      row,
      `${byName.length} dropship providers are named "${named}": name the provider by its id`,
    );
  }
  return byName[0] ?? failed(row, `unknown dropship provider "${quotedCell(named)}"`);
}

/** What the receives_purchase_orders cell says (empty: nothing), or what is wrong with it. */
function receivesOf(row: ImportRow): boolean | undefined | RowOutcome {
  const cell = row.cells.receives_purchase_orders;
  if (cell === undefined) return undefined;
  return (
    YES_NO.get(cell.toLowerCase()) ??
    failed(
      row,
      `${cellNamed(row, "receives_purchase_orders")} is not yes or no (yes, no, true, false, 1 or 0)`,
    )
  );
}

/** The error of the user's values as the kind's create validator sees them, if any. */
function problemOf(values: UserValues): string | undefined {
  createSchema ??= kindSchemas(kindByName("dropship-provider-user")!).create;
  const checked = validated(createSchema, values, "a field");
  return checked.ok ? undefined : checked.problem;
}

/** The provider's user with the e-mail: the one spelt as it is, else one whatever its case. */
function userOf(
  users: readonly DropshipProviderUser[],
  providerId: number,
  email: string,
): DropshipProviderUser | undefined {
  const mine = users.filter((user) => user.dropshipProviderId === providerId);
  return (
    mine.find((user) => user.email === email) ?? mine.find((user) => caseless(user.email) === caseless(email))
  );
}

export const dropshipProviderUsersImport = importType({
  required: [PROVIDER, EMAIL],
  optional: [NAME, RECEIVES],
  // A row's empty provider or e-mail fails with its own message (`providerOf`, `no email`).
  filled: [],
  batchRows: 200,
  reads: (rows) => {
    const providers = providersNamed(rows);
    const emails = valuesOf(rows, "email", caseless);
    return {
      // Only which provider a name or id names matters: its name is held, the rest may change.
      providers: many("dropship-provider", providers, { hold: { fields: ["name"] } }),
      users: many(
        "dropship-provider-user",
        sql`(${fieldIn("dropship-provider-user", "dropshipProviderId", fieldsOf("dropship-provider", "id", providers))}) AND (${fieldAmong("dropship-provider-user", "email", emails, true)})`,
      ),
    };
  },
  plan({ rows, read, plan }) {
    const users = [...read.users];
    return rows.map((row): RowOutcome => {
      const provider = providerOf(row, read.providers);
      if ("outcome" in provider) return provider;
      const receives = receivesOf(row);
      if (typeof receives === "object") return receives;
      const email = row.cells.email;
      if (email === undefined) return failed(row, "no email");
      const name = row.cells.name;
      const known = userOf(users, provider.id, email);
      if (!known) {
        const values: UserValues = {
          dropshipProviderId: provider.id,
          email,
          name: name ?? null,
          receivesPurchaseOrders: receives ?? true,
        };
        const problem = problemOf(values);
        if (problem) return failed(row, problem);
        users.push(plan.insert("dropship-provider-user", values));
        return { outcome: "added" };
      }
      const changed: UserValues = {};
      if (name !== undefined && name !== known.name) changed.name = name;
      if (receives !== undefined && receives !== known.receivesPurchaseOrders) {
        changed.receivesPurchaseOrders = receives;
      }
      if (!Object.keys(changed).length) {
        return skipped(row, `user ${email} of dropship provider ${provider.id} is as the row says already`);
      }
      const problem = problemOf({
        dropshipProviderId: known.dropshipProviderId,
        email: known.email,
        name: changed.name ?? known.name,
        receivesPurchaseOrders: changed.receivesPurchaseOrders ?? known.receivesPurchaseOrders,
      });
      if (problem) return failed(row, problem);
      users[users.indexOf(known)] = plan.update("dropship-provider-user", known, changed);
      return { outcome: "updated" };
    });
  },
});
