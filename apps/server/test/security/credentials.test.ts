// Every integration credential the manifest marks write-only (a dropship provider's commission rate
// endpoint hash among them) is sealed at rest and shown only as a hint: by the create and update answers,
// reads, lists, the event log and the stored row. And no credential-like field is left unmarked.
import { kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFor } from "../../src/db/tables.ts";
import { createBody } from "../factory.ts";
import { expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
let t: Tenant;
beforeAll(async () => {
  setup = await setupApp();
  t = await setup.tenant();
});

const writeOnly = kinds.flatMap((kind) =>
  Object.entries(kind.fields)
    .filter(([, def]) => def.secret === "writeOnly")
    .map(([field]) => ({ kind, field })),
);

/**
 * Names that say a field holds a credential. Not among them: digests of data last sent (`cacheHash`),
 * and a secret's hint (`secretHint`), which only tells secrets apart.
 */
const CREDENTIAL_NAME =
  /secret|password|credential|apiKey|EndpointHash|accessToken|refreshToken|authentication/i;

describe("write-only credentials", () => {
  it("are every field named like a credential (digests of sent data aside)", () => {
    const unmarked = kinds.flatMap((kind) =>
      Object.entries(kind.fields)
        .filter(
          ([name, def]) =>
            def.type === "string" && CREDENTIAL_NAME.test(name) && !name.endsWith("Hint") && !def.secret,
        )
        .map(([name]) => `${kind.name}.${name}`),
    );
    expect(unmarked).toEqual([]);
    expect(writeOnly.map(({ kind, field }) => `${kind.name}.${field}`)).toContain(
      "dropship-provider.commissionRateEndpointHash",
    );
  });

  it.each(writeOnly.map(({ kind, field }) => [`${kind.name}.${field}`, kind, field] as const))(
    "%s: sealed, and shown as a hint only",
    async (_name, kind, field) => {
      const first = `cred-${kind.name}-${field}-0123456789-FRST`;
      const second = `cred-${kind.name}-${field}-9876543210-SCND`;
      const body = await createBody(t, kind);
      const made = await expectStatus(
        t.json("POST", `/${kind.plural}.json`, { ...body, [field]: first }),
        200,
      );
      expect(made[field]).toBe("…FRST");
      const updated = await expectStatus(
        t.json("PUT", `/${kind.plural}/${made.id}.json`, { [field]: second }),
        200,
      );
      expect(updated[field]).toBe("…SCND");
      expect((await expectStatus(t.json("GET", `/${kind.plural}/${made.id}.json`), 200))[field]).toBe(
        "…SCND",
      );

      const table = tableFor(kind);
      const row = await setup.db.execute({
        sql: `SELECT * FROM ${table.name} WHERE id = ?`,
        args: [made.id],
      });
      const sealed = await setup.db.execute({
        sql: "SELECT sealed FROM sealed_values WHERE kind = ? AND record_id = ? AND field = ?",
        args: [kind.name, made.id, field],
      });
      expect(sealed.rows).toHaveLength(1);
      const places = {
        list: JSON.stringify(await expectStatus(t.json("GET", `/${kind.plural}.json?limit=250`), 200)),
        events: JSON.stringify(await expectStatus(t.json("GET", "/events.json?limit=250"), 200)),
        "stored events": JSON.stringify(
          (await setup.db.execute({ sql: "SELECT * FROM events WHERE company_id = ?", args: [t.companyId] }))
            .rows,
        ),
        row: JSON.stringify(row.rows),
        "sealed value": JSON.stringify(sealed.rows),
      };
      for (const [place, text] of Object.entries(places)) {
        for (const value of [first, second]) expect(text.includes(value), `${value} in ${place}`).toBe(false);
      }
    },
  );
});
