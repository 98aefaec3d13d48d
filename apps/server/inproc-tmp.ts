// Scratch: in-process cost of GET by id through the Node adapter's listener, server app vs bare app.
import { rmSync } from "node:fs";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "./src/app.ts";
import { migrate } from "./src/db/migrate.ts";
import { loadMigrations } from "./src/db/migration-files.ts";
import { openDb } from "./src/db/open.ts";
import { createToken } from "./src/services/auth.ts";

const phases = new Map<string, bigint>();
let last = 0n;
(globalThis as any).mark = (name: string) => {
  const t = process.hrtime.bigint();
  if (name !== "start") phases.set(name, (phases.get(name) ?? 0n) + (t - last));
  last = t;
};
const path = "/tmp/inproc-tmp.db";
for (const s of ["", "-wal", "-shm"]) rmSync(path + s, { force: true });
const db = await openDb(`file:${path}`, undefined, { backgroundCheckpoints: undefined });
await migrate(db, loadMigrations());
const { token } = await createToken({ db, input: { company: "default" } });
const app = createApp({ db });
for (let n = 0; n < 1000; n++) {
  const r = await app.request("/carriers.json", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: `Bench Carrier ${n}`, carrierType: "courier", externalId: `bench-${n}` }),
  });
  if (r.status !== 200) throw new Error(await r.text());
}

// Bare: same as bench/baseline.ts GET by id, on the same db.
const bare = new Hono<{ Variables: { companyId: number } }>();
const companies = new Map<string, number>([[token, 1]]);
bare.use(async (c, next) => {
  const h = c.req.header("Authorization");
  const b = h?.startsWith("Bearer ") ? h.slice(7) : undefined;
  const id = b && companies.get(b);
  if (id === undefined) return c.json({ title: "Unauthorized" }, 401);
  c.set("companyId", id);
  await next();
});
const COLUMNS = "id, created_at, updated_at, name, carrier_type, platform, external_id";
const idOf = (file: string) => Number(/^(\d+)\.json$/.exec(file)?.[1] ?? Number.NaN);
bare.get("/carriers/:file", async (c) => {
  const row = (await db.first({
    sql: `SELECT ${COLUMNS} FROM carriers WHERE id = ? AND company_id = ?`,
    args: [idOf(c.req.param("file")), c.get("companyId")],
  })) as any;
  return row
    ? c.json({
        id: Number(row.id),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        name: row.name,
        carrierType: row.carrier_type,
        platform: row.platform ?? "manual",
        externalId: row.external_id,
      })
    : c.json({ title: "Not Found" }, 404);
});

import Database from "libsql";
const conn = new Database(path);
const stmt = conn.prepare(`SELECT ${COLUMNS} FROM carriers WHERE id = ? AND company_id = ?`).raw(true);
const cols = ["id","created_at","updated_at","name","carrier_type","platform","external_id"];
const firstSync = (q: any) => { const a = stmt.get(q.args) as any[]; if (!a) return undefined; const o: any = {}; for (let i = 0; i < cols.length; i++) o[cols[i]] = a[i]; return o; };
const bare2 = new Hono<{ Variables: { companyId: number } }>();
bare2.get("/carriers/:file", (c) => {
  const h = c.req.header("Authorization");
  const b = h?.startsWith("Bearer ") ? h.slice(7) : undefined;
  const cid = b && companies.get(b);
  if (cid === undefined) return c.json({ title: "Unauthorized" }, 401);
  c.set("companyId", cid);
  const row = firstSync({
    sql: `SELECT ${COLUMNS} FROM carriers WHERE id = ? AND company_id = ?`,
    args: [idOf(c.req.param("file")), c.get("companyId")],
  }) as any;
  return row
    ? c.json({
        id: Number(row.id),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        name: row.name,
        carrierType: row.carrier_type,
        platform: row.platform ?? "manual",
        externalId: row.external_id,
      })
    : c.json({ title: "Not Found" }, 404);
});
import { kindByName, kindSchemas } from "@multichannel/schema";
import * as vb from "valibot";
const carrierCreate = kindSchemas(kindByName("carrier")!).create;
bare.post("/carriers.json", async (c) => {
  const body = await c.req.json<any>();
  if (process.env.BAREJS) { const r = vb.safeParse(carrierCreate, body, { abortPipeEarly: true }); if (!r.success) throw new Error("bad"); (globalThis as any).junk = Array.from({ length: 40 }, (_, i) => ({ i, s: `x${i}` })); }
  const now = new Date().toISOString();
  const result = await db.execute({
    sql: `INSERT INTO carriers (company_id, created_at, updated_at, name, carrier_type, platform, external_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
    args: [c.get("companyId"), now, now, body.name ?? null, body.carrierType ?? null, body.platform ?? "manual", body.externalId ?? null],
  });
  const row = result.rows[0] as any;
  return c.json({ id: Number(row.id), createdAt: row.created_at, updatedAt: row.updated_at, name: row.name, carrierType: row.carrier_type, platform: row.platform ?? "manual", externalId: row.external_id }, 200);
});
let written = 0;
let posted = 0;
function fakePost() {
  const body = Buffer.from(JSON.stringify({ name: `Bench Carrier ${++posted}`, carrierType: "courier", externalId: `bench-${posted}` }));
  return {
    method: "POST",
    url: "/carriers.json",
    rawHeaders: ["host", "127.0.0.1:4000", "authorization", `Bearer ${token}`, "content-type", "application/json", "content-length", String(body.length)],
    headers: { host: "127.0.0.1:4000", authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(body.length) },
    rawBody: body,
    readableEnded: true,
    complete: true,
    socket: { encrypted: false },
    on() {},
    off() {},
    once() {},
  } as any;
}
function fakeIncoming(url: string) {
  const rawHeaders = [
    "host",
    "127.0.0.1:4000",
    "authorization",
    `Bearer ${token}`,
    "user-agent",
    "autocannon",
  ];
  return {
    method: "GET",
    url,
    rawHeaders,
    headers: { host: "127.0.0.1:4000", authorization: `Bearer ${token}`, "user-agent": "autocannon" },
    socket: { encrypted: false },
    on() {},
    off() {},
    once() {},
  } as any;
}
function fakeOutgoing(done: () => void) {
  return {
    _contentLength: null,
    _hasBody: true,
    useChunkedEncodingByDefault: true,
    writableFinished: true,
    hasHeader: () => false,
    writeHead(_s: number, _h: unknown) {},
    end(body: string) {
      written += body.length;
      done();
    },
    on() {},
    once() {},
  } as any;
}

async function run(name: string, fetch: any, n: number) {
  const listener = getRequestListener(fetch);
  const one = (i: number) =>
    new Promise<void>((resolve) => listener(process.env.POST ? fakePost() : fakeIncoming(`/carriers/${(i % 1000) + 1}.json`), fakeOutgoing(resolve)));
  for (let i = 0; i < 20000; i++) await one(i);
  (globalThis as any).allNs = 0n;
  phases.clear();
  const t = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) await one(i);
  const c = process.cpuUsage(cpu);
  console.log(
    name.padEnd(8),
    (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(2),
    "µs wall",
    ((c.user + c.system) / n).toFixed(2),
    "µs cpu",
    (Number((globalThis as any).allNs) / n / 1000).toFixed(2), "µs in all",
  );
  if (name === "server") { console.log([...phases].map(([k, v]) => `${k} ${(Number(v) / n / 1000).toFixed(2)}`).join(" | ")); }
}
for (let round = 0; round < Number(process.env.ROUNDS ?? 4); round++) {
  if (process.env.ONLY !== "bare") await run("server", app.fetch, Number(process.env.N ?? 100000));
  if (!process.env.ONLY || process.env.ONLY === "bare") await run("bare", bare.fetch, Number(process.env.N ?? 100000));
  if (!process.env.ONLY && process.env.BARE2) await run("bare2", bare2.fetch, 100000);
}
