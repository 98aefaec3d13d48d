import type { Hono } from "hono";
import * as v from "valibot";
import { normalScopes } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import {
  createCompany,
  getCompany,
  insertKey,
  listCompanies,
  sha256Hex,
  suspendCompany,
} from "../services/auth.ts";
import { parsePage } from "../services/list-query.ts";
import { searchOf } from "../services/query-string.ts";
import { answerJson, PRIVATE_ANSWER } from "./answer.ts";
import { API_KEY_SECRET, createKeySchema, expiryOf, nameSchema } from "./api-keys.ts";
import { idOf, itemIdOf } from "./crud.ts";
import type { AppEnv } from "./env.ts";
import { refuseKeyForSecret } from "./idempotency.ts";
import { refuseOtherMethods } from "./methods.ts";
import { readBody, stamp } from "./middleware.ts";
import { validBody } from "./validate.ts";

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="multichannel-admin"' };
const BEARER = /^Bearer\s+(\S+)\s*$/i;

const firstKeySchema = v.strictObject({
  name: v.optional(nameSchema),
  scopes: v.optional(createKeySchema.entries.scopes),
  expiresAt: createKeySchema.entries.expiresAt,
});
// valibot's objects take an array as an object with no members: `key: []` is refused, not read as `{}`.
const anObject = v.custom<unknown>((value) => !Array.isArray(value), "an object");
const createCompanySchema = v.strictObject({
  name: nameSchema,
  key: v.optional(v.pipe(anObject, firstKeySchema)),
});
const updateCompanySchema = v.strictObject({ suspended: v.boolean() });

/**
 * The operator's routes of a hosted, multi-company install, behind `ADMIN_TOKEN` (absent: they are 404):
 * `GET|POST /admin/companies.json` (a new company answers its first key, `*:write` unless other scopes
 * are sent, with its secret this once), `GET|PUT /admin/companies/{id}.json` (`{"suspended": true}`:
 * every key of the company is refused, 403, here at once and elsewhere within the token cache's
 * lifetime), `POST /admin/companies/{id}/api-keys.json` (another key, e.g. when the company lost its).
 * The two that answer a key's secret take no Idempotency-Key (a 400), as `POST /api-keys.json`.
 */
export function registerAdminRoutes(
  app: Hono<AppEnv>,
  deps: {
    adminToken: string | undefined;
    bodyLimit: number;
    now: () => string;
    db: Parameters<typeof listCompanies>[0];
    /** Where the links it hands out start (`PUBLIC_URL` and the mount point). */
    linkBase: string;
    forgetCompany: (companyId: number) => void;
  },
): void {
  const { adminToken, bodyLimit, now, db } = deps;
  app.use("/admin/*", stamp);
  if (!adminToken) return;
  // Compared by SHA-256, so the time a comparison takes tells nothing of the token's characters.
  const expected = sha256Hex(adminToken);
  app.use("/admin/*", async (c, next) => {
    const sent = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
    if (!sent || (await sha256Hex(sent)) !== (await expected)) {
      throw new ApiError(
        "unauthorized",
        "Send the operator's ADMIN_TOKEN as `Authorization: Bearer <token>`.",
        {},
        CHALLENGE,
      );
    }
    // The operator's answers are kept by no cache, as a company's are.
    c.get("answerHeaders")["Cache-Control"] = PRIVATE_ANSWER;
    await readBody(c, bodyLimit);
    return next();
  });

  // A page of companies by id, with a `Link` to the next page when there is one (offsets stay true:
  // companies are never deleted, and new ones come last).
  app.get("/admin/companies.json", async (c) => {
    const { limit, from } = parsePage(searchOf(c.req.url), "the operator's companies");
    const companies = await listCompanies(db, limit + 1, from);
    const next = `${deps.linkBase}/admin/companies.json?from=${from + limit}&limit=${limit}`;
    const link: Record<string, string> = companies.length > limit ? { Link: `<${next}>; rel="next"` } : {};
    return answerJson(c, JSON.stringify(companies.slice(0, limit)), 200, link);
  });
  app.post("/admin/companies.json", async (c) => {
    refuseKeyForSecret(c, "A company's create answers its first API key's `secret`");
    const input = validBody(c, createCompanySchema);
    const at = now();
    const expiresAt = expiryOf(input.key ?? {}, at, undefined, "key.expiresAt");
    const company = await createCompany(db, input.name, at);
    const { key, secret } = await insertKey(db, {
      companyId: company.id,
      name: input.key?.name ?? "first key",
      scopes: normalScopes(input.key?.scopes ?? ["*:write"]),
      expiresAt,
      now: at,
    });
    return answerJson(c, JSON.stringify({ ...company, keys: 1, apiKey: { ...key, secret } }), 200, {
      "Cache-Control": "no-store",
    });
  });
  app.get("/admin/companies/:id", async (c) =>
    answerJson(c, JSON.stringify(await getCompany(db, itemIdOf(c)))),
  );
  app.put("/admin/companies/:id", async (c) => {
    const id = itemIdOf(c);
    const input = validBody(c, updateCompanySchema);
    const company = await suspendCompany(db, id, input.suspended, now());
    deps.forgetCompany(id);
    return answerJson(c, JSON.stringify(company));
  });
  app.post("/admin/companies/:id/api-keys.json", async (c) => {
    refuseKeyForSecret(c, API_KEY_SECRET);
    const id = idOf(c);
    const input = validBody(c, createKeySchema);
    const at = now();
    await getCompany(db, id);
    const { key, secret } = await insertKey(db, {
      companyId: id,
      name: input.name,
      scopes: normalScopes(input.scopes),
      expiresAt: expiryOf(input, at),
      now: at,
    });
    return answerJson(c, JSON.stringify({ ...key, secret }), 200, { "Cache-Control": "no-store" });
  });
  refuseOtherMethods(app, "/admin/companies.json", ["GET", "POST"]);
  refuseOtherMethods(app, "/admin/companies/:id", ["GET", "PUT"]);
  refuseOtherMethods(app, "/admin/companies/:id/api-keys.json", ["POST"]);
}
