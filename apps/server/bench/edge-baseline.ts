// The edge section's floor: a bare Hono + @libsql/client server on a remote DATABASE_URL (the same proxy
// and dev libSQL server as the measured server) answering POST /carriers.json with one INSERT ... RETURNING
// (the carriers table of the server's migrated schema, its event trigger included): one round trip per
// request. The token is checked in memory, as the server's token cache answers a warm one.
// Env: DATABASE_URL (http://...), PORT (0 = any), BENCH_TOKEN (the one valid bearer token), BENCH_COMPANY_ID.
import { serve } from "@hono/node-server";
import { createClient } from "@libsql/client";
import { Hono } from "hono";

const url = process.env.DATABASE_URL;
const token = process.env.BENCH_TOKEN;
const companyId = Number(process.env.BENCH_COMPANY_ID);
if (!url?.startsWith("http") || !token || !Number.isInteger(companyId))
  throw new Error("edge-baseline.ts needs DATABASE_URL=http://..., BENCH_TOKEN and BENCH_COMPANY_ID");

const client = createClient({ url });
const COLUMNS = "id, created_at, updated_at, name, carrier_type, platform, external_id";

const app = new Hono();
app.post("/carriers.json", async (c) => {
  if (c.req.header("Authorization") !== `Bearer ${token}`) return c.json({ title: "Unauthorized" }, 401);
  const body = await c.req.json<Record<string, string | undefined>>();
  const now = new Date().toISOString();
  const result = await client.execute({
    sql: `INSERT INTO carriers (company_id, created_at, updated_at, name, carrier_type, platform, external_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    args: [
      companyId,
      now,
      now,
      body.name ?? null,
      body.carrierType ?? null,
      body.platform ?? "manual",
      body.externalId ?? null,
    ],
  });
  const row = result.rows[0]!;
  return c.json({
    id: Number(row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    name: row.name,
    carrierType: row.carrier_type,
    platform: row.platform,
    externalId: row.external_id,
  });
});

const server = serve(
  { fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT ?? 0) },
  (info) => console.log(`Edge baseline listening on http://127.0.0.1:${info.port}`),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    client.close();
    process.exit(0);
  });
}
