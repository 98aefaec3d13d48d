// Files kept in the file store, not the database: uploads (raw and multipart) read back by their company
// only, the upload limit and the quota, generated files (exports) downloadable, files stored in the
// database before there was a file store moved there at start, and pruning deleting bodies with rows.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config.ts";
import { type Db, firstRow } from "../../src/db/database.ts";
import { directoryFileStore } from "../../src/db/dir-file-store.ts";
import { type FileStore, memoryFileStore, newStorageKey } from "../../src/db/file-store.ts";
import { migrate } from "../../src/db/migrate.ts";
import { loadMigrations } from "../../src/db/migration-files.ts";
import { openDb } from "../../src/db/open.ts";
import { createToken } from "../../src/services/auth.ts";
import { DEFAULT_FILES_POLICY, storedFileId } from "../../src/services/files.ts";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { fileStoreOf, prepareServer } from "../../src/startup.ts";
import { streamOf } from "../streams.ts";
import { setupApp, type TestApp } from "../support.ts";

const dir = mkdtempSync(join(tmpdir(), "mcs-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let dirs = 0;

/** A file store in a directory of its own, and the keys it holds. */
function storeDir() {
  const path = join(dir, `store-${++dirs}`);
  const store = directoryFileStore(path);
  const keys = () =>
    readdirSync(path).flatMap((company) =>
      readdirSync(join(path, company)).map((name) => `${company}/${name}`),
    );
  return { path, store, keys };
}

const CSV = "sku,quantity\nMUG-1,4\nCUP-2,0\n";

/** POSTs `body` as it is to /files.json with `token` (none but the headers given: no JSON type added). */
function uploader(app: TestApp) {
  return (token: string, body: BodyInit, headers: Record<string, string>, query = "?name=stock.csv") =>
    app.request(`/files.json${query}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, ...headers },
      body,
      // A stream as a request's body is sent as it is read.
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    });
}

/** A multipart/form-data body with a text field first, then the file part. */
function multipart(
  file: string,
  filename = "levels.csv",
  type = "text/csv",
  names = `filename="${filename}"`,
) {
  const boundary = "----mcs-test-boundary-7MA4YWxkTrZu0gW";
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="note"',
    "",
    "first the note",
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; ${names}`,
    `Content-Type: ${type}`,
    "",
    file,
    `--${boundary}--`,
    "",
  ].join("\r\n");
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The path of a file's URL (stored URLs may carry the listening address). */
const pathOf = (url: string) => new URL(url, "http://x").pathname;

describe("uploads", () => {
  it("name a multipart file by its RFC 6266 `filename*` (UTF-8) before its ASCII `filename`", async () => {
    const { store } = storeDir();
    const { app, tenant } = await setupApp({ fileStore: store });
    const t = await tenant();
    const form = multipart(CSV, "", "text/csv", `filename="ete.csv"; filename*=UTF-8''%C3%A9t%C3%A9.csv`);
    const uploaded = await uploader(app)(t.token, form.body, { "Content-Type": form.contentType }, "");
    expect(uploaded.status).toBe(201);
    expect(await uploaded.json()).toMatchObject({ name: "été.csv", byteSize: CSV.length });
  });

  it("store a raw body and a multipart file part, read back by the company's token only", async () => {
    const { path, store, keys } = storeDir();
    // The API's body limit is not the upload's.
    const { app, tenant, db } = await setupApp({ fileStore: store, bodyLimit: 100 });
    const upload = uploader(app);
    const t = await tenant();
    const other = await tenant();

    const raw = await upload(t.token, CSV.repeat(10), { "Content-Type": "text/csv; charset=utf-8" });
    expect(raw.status).toBe(201);
    const file = await raw.json();
    expect(file).toEqual({
      id: expect.any(Number),
      url: `/files/${file.id}/stock.csv`,
      name: "stock.csv",
      contentType: "text/csv",
      byteSize: CSV.length * 10,
    });
    expect(raw.headers.get("Location")).toBe(file.url);

    const back = await t.request("GET", file.url);
    expect(back.status).toBe(200);
    expect(back.headers.get("Content-Type")).toBe("text/csv");
    expect(back.headers.get("Content-Disposition")).toBe('attachment; filename="stock.csv"');
    expect(await back.text()).toBe(CSV.repeat(10));
    // Another company's token finds no such file; without a token, a 401.
    expect((await other.request("GET", file.url)).status).toBe(404);
    expect((await t.readOnly.request("GET", file.url)).status).toBe(200);

    const form = multipart(CSV);
    const part = await upload(t.token, form.body, { "Content-Type": form.contentType }, "");
    expect(part.status).toBe(201);
    const fromForm = await part.json();
    expect(fromForm).toMatchObject({ name: "levels.csv", contentType: "text/csv", byteSize: CSV.length });
    expect(await (await t.request("GET", fromForm.url)).text()).toBe(CSV);
    // A name in any script, told to a client in ASCII and in UTF-8 (RFC 8187: `'`, `(`, `)` and `*`
    // percent-encoded too).
    const name = `価格 "v2" it's (1)*.csv`;
    const named = await (
      await upload(t.token, CSV, { "Content-Type": "text/csv" }, `?name=${encodeURIComponent(name)}`)
    ).json();
    expect(named.name).toBe(name);
    expect((await t.request("GET", named.url)).headers.get("Content-Disposition")).toBe(
      `attachment; filename="__ _v2_ it's (1)*.csv"; filename*=UTF-8''%E4%BE%A1%E6%A0%BC%20%22v2%22%20it%27s%20%281%29%2A.csv`,
    );
    // Another method on the path: 405 naming the one it takes.
    const wrongMethod = await t.request("GET", "/files.json");
    expect([wrongMethod.status, wrongMethod.headers.get("Allow")]).toEqual([405, "POST"]);
    // `?name=` names it whatever the part's filename.
    const renamed = await upload(t.token, form.body, { "Content-Type": form.contentType }, "?name=today.csv");
    expect((await renamed.json()).name).toBe("today.csv");

    // The bodies are in the store, owner-only; the rows hold what is known of them, not the bytes.
    expect(keys()).toHaveLength(4);
    for (const key of keys()) expect(statSync(join(path, key)).mode & 0o777).toBe(0o600);
    const row = (
      await db.execute({
        sql: "SELECT length(body) AS kept, byte_size, checksum, storage_key FROM stored_files WHERE id = ?",
        args: [file.id],
      })
    ).rows[0]!;
    expect(row.kept).toBe(0);
    expect(row.byte_size).toBe(CSV.length * 10);
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(keys()).toContain(row.storage_key);
  });

  it("hold no file open for an answer whose body is never read (a HEAD, a client that reads only the headers)", async () => {
    const { store } = storeDir();
    const { app, tenant } = await setupApp({ fileStore: store });
    const t = await tenant();
    const file = await (await uploader(app)(t.token, CSV, { "Content-Type": "text/csv" })).json();
    const openFiles = () => readdirSync("/proc/self/fd").length;
    const before = openFiles();
    for (let i = 0; i < 50; i++) {
      const head = await t.request("HEAD", pathOf(file.url));
      expect([head.status, head.headers.get("Content-Length")]).toEqual([200, String(CSV.length)]);
      const unread = await t.request("GET", pathOf(file.url));
      expect(unread.status).toBe(200);
    }
    // Each answer's file would stay open until the collector found its stream: 100 descriptors more.
    expect(openFiles() - before).toBeLessThan(10);
    // A body read is read whole, as before.
    expect(await (await t.request("GET", pathOf(file.url))).text()).toBe(CSV);
  });

  it("stream a body sent without a Content-Length", async () => {
    const { app, tenant } = await setupApp();
    const upload = uploader(app);
    const t = await tenant();
    const big = "x".repeat(300_000);
    const answer = await upload(t.token, streamOf(big, 7_000), {
      "Content-Type": "application/octet-stream",
    });
    expect(answer.status).toBe(201);
    const file = await answer.json();
    expect(file.byteSize).toBe(big.length);
    expect(await (await t.request("GET", file.url)).text()).toBe(big);

    const form = multipart(big, "big.bin", "application/octet-stream");
    // Chunks that cut the boundary in two.
    const split = await upload(t.token, streamOf(form.body, 13), { "Content-Type": form.contentType }, "");
    expect(split.status).toBe(201);
    expect(await (await t.request("GET", (await split.json()).url)).text()).toBe(big);
  });

  it("are refused over the upload limit (413), on the claimed length before reading and on the bytes read", async () => {
    const { store, keys } = storeDir();
    const { app, tenant, db } = await setupApp({ fileStore: store, files: { uploadLimitBytes: 1000 } });
    const upload = uploader(app);
    const t = await tenant();
    const count = async () => Number((await db.execute("SELECT count(*) AS n FROM stored_files")).rows[0]!.n);

    // Claimed: a body that is never read (it would fail if it were).
    const unread = new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("the body was read");
      },
    });
    const claimed = await upload(t.token, unread, { "Content-Type": "text/csv", "Content-Length": "1001" });
    expect(claimed.status).toBe(413);
    expect(claimed.headers.get("Content-Type")).toBe("application/problem+json");
    expect((await claimed.json()).detail).toMatch(/upload limit of 1000 bytes/);

    // Read: no length claimed, the bytes pass the limit.
    const over = await upload(t.token, streamOf("y".repeat(5000), 300), { "Content-Type": "text/csv" });
    expect(over.status).toBe(413);
    const form = multipart("z".repeat(1500));
    const overForm = await upload(
      t.token,
      streamOf(form.body, 400),
      { "Content-Type": form.contentType },
      "",
    );
    expect(overForm.status).toBe(413);

    // At the limit, it goes through.
    expect((await upload(t.token, "w".repeat(1000), { "Content-Type": "text/csv" })).status).toBe(201);
    expect(await count()).toBe(1);
    expect(keys()).toHaveLength(1);
  });

  it("are refused past the company's quota (409), and leave nothing stored", async () => {
    const { store, keys } = storeDir();
    const { app, tenant, db } = await setupApp({ fileStore: store, files: { quotaBytes: 3000 } });
    const upload = uploader(app);
    const t = await tenant();
    expect((await upload(t.token, "a".repeat(2000), { "Content-Type": "text/csv" })).status).toBe(201);
    // Claimed: refused before reading.
    const claimed = await upload(t.token, "b".repeat(2000), { "Content-Type": "text/csv" });
    expect(claimed.status).toBe(409);
    expect((await claimed.json()).rule).toBe("file_quota");
    // Streamed: refused once the bytes are counted, its body deleted.
    const counted = await upload(t.token, streamOf("c".repeat(2000)), { "Content-Type": "text/csv" });
    expect(counted.status).toBe(409);
    expect(keys()).toHaveLength(1);
    expect(await usageOf(db, t.companyId)).toBe(2000);
    // Another company's quota is its own.
    const other = await tenant();
    expect((await upload(other.token, "d".repeat(2000), { "Content-Type": "text/csv" })).status).toBe(201);
  });

  it("are refused without a write scope, a name, a type, or a file part, with a problem answer", async () => {
    const { app, tenant } = await setupApp();
    const upload = uploader(app);
    const t = await tenant();
    expect((await upload(t.readOnlyToken, CSV, { "Content-Type": "text/csv" })).status).toBe(403);
    const cases: [Record<string, string>, string, BodyInit, number][] = [
      [{ "Content-Type": "text/csv" }, "", CSV, 400],
      [{ "Content-Type": "text/csv" }, "?name=a%2Fb.csv", CSV, 400],
      // Bytes: a Request gives a text body a type of its own.
      [{}, "?name=a.csv", new TextEncoder().encode(CSV), 415],
      [{ "Content-Type": "not a type" }, "?name=a.csv", CSV, 415],
      [{ "Content-Type": "text/csv" }, "?name=a.csv", "", 400],
      [{ "Content-Type": "multipart/form-data" }, "", CSV, 400],
      [{ "Content-Type": "multipart/form-data; boundary=xyz" }, "", CSV, 400],
      [
        { "Content-Type": "multipart/form-data; boundary=xyz" },
        "",
        '--xyz\r\nContent-Disposition: form-data; name="other"\r\n\r\nno file\r\n--xyz--\r\n',
        400,
      ],
      [
        { "Content-Type": "multipart/form-data; boundary=xyz" },
        "",
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="cut.csv"\r\n\r\ncut short',
        400,
      ],
    ];
    for (const [headers, query, body, status] of cases) {
      const answer = await upload(t.token, body, headers, query);
      expect(answer.status, `${JSON.stringify(headers)} ${query}`).toBe(status);
      expect(answer.headers.get("Content-Type")).toBe("application/problem+json");
    }
    expect((await t.json("GET", "/events.json")).body).toEqual([]);
  });

  it("honour an Idempotency-Key: the same upload again answers the first, and stores nothing more", async () => {
    const { store, keys } = storeDir();
    const { app, tenant } = await setupApp({ fileStore: store });
    const upload = uploader(app);
    const t = await tenant();
    const headers = { "Content-Type": "text/csv", "Idempotency-Key": "upload-1" };
    const first = await upload(t.token, CSV, headers);
    const again = await upload(t.token, CSV, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(keys()).toHaveLength(1);
    expect((await upload(t.token, `${CSV}more`, headers)).status).toBe(422);
    expect(keys()).toHaveLength(1);
  });
});

describe("generated files", () => {
  it("keep an export downloadable, its body in the store", async () => {
    const { store, keys } = storeDir();
    const { tenant, db } = await setupApp({ fileStore: store });
    const t = await tenant();
    const warehouse = (await t.json("POST", "/warehouses.json", { name: "Main" })).body;
    const variant = (await t.json("POST", "/variants.json", { sku: "MUG-1", name: "Mug", price: 12.5 })).body;
    await t.json("POST", "/adjustments.json", {
      variantId: variant.id,
      warehouseId: warehouse.id,
      quantity: 4,
    });
    const definition = (await t.json("POST", "/inventory-exports.json", { name: "Levels", format: "csv" }))
      .body;
    const exported = (await t.json("GET", `/inventory-exports/${definition.id}/export.json`)).body;
    const read = await t.request("GET", pathOf(exported.url));
    expect(read.status).toBe(200);
    expect(read.headers.get("Content-Disposition")).toMatch(/^inline; /);
    expect(await read.text()).toContain("MUG-1");
    expect(keys()).toHaveLength(1);
    const row = (await db.execute("SELECT length(body) AS kept, byte_size FROM stored_files")).rows[0]!;
    expect(row.kept).toBe(0);
    expect(row.byte_size).toBe(exported.byteSize);
  });

  it("keep a label downloadable by its company only, its PDF in the store", async () => {
    const { store, keys } = storeDir();
    const { tenant } = await setupApp({ fileStore: store });
    const t = await tenant();
    const made = async (plural: string, body: Record<string, unknown>) => {
      const answer = await t.json("POST", `/${plural}.json`, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const provider = await made("dropship-providers", {
      name: "Harbour Goods",
      email: "orders@harbour-goods.example",
      defaultCarrier: "Parcel Express",
      defaultService: "Ground",
      addressLineOne: "1 Depot Lane",
      city: "Reno",
      state: "NV",
      zip: "89501",
      country: "US",
    });
    const purchase = await made("purchases", {
      dropshipProviderId: provider.id,
      receiverName: "Dana Buyer",
      receiverAddressLineOne: "12 Harbour Road",
      receiverCity: "Portland",
      receiverState: "OR",
      receiverZip: "97201",
      receiverCountry: "US",
    });
    await made("purchase-items", { purchaseId: purchase.id, sku: "MUG-1", quantity: 1, price: 3.1 });
    expect((await t.json("PUT", `/purchases/${purchase.id}/send.json`, {})).status).toBe(200);
    const label = await t.json("PUT", `/purchases/${purchase.id}/default-label.json`, {});
    expect(label.status, JSON.stringify(label.body)).toBe(200);
    const read = await t.request("GET", pathOf(label.body.url));
    expect(read.status).toBe(200);
    expect(read.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await read.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await (await tenant()).request("GET", pathOf(label.body.url))).status).toBe(404);
    expect(keys()).toHaveLength(1);
  });

  it("are found by their URL's id", () => {
    expect(storedFileId("https://api.example.com/v1", "https://api.example.com/v1/files/12/stock.csv")).toBe(
      12,
    );
    expect(storedFileId("", "/files/7/a%20b.csv")).toBe(7);
    expect(
      storedFileId("https://api.example.com", "https://other.example.com/files/12/a.csv"),
    ).toBeUndefined();
    expect(storedFileId("", "/files/x/a.csv")).toBeUndefined();
    expect(storedFileId("", "/files/12/a/b.csv")).toBeUndefined();
  });
});

/** The bytes the quota counts for the company (`stored_file_usage`, kept by the files' triggers). */
async function usageOf(db: Db, companyId: number): Promise<number> {
  const row = await firstRow(db, {
    sql: "SELECT bytes FROM stored_file_usage WHERE company_id = ?",
    args: [companyId],
  });
  return Number(row?.bytes ?? 0);
}

describe("the quota's count", () => {
  it("is one row of the company's, whatever the number of its files", async () => {
    const { db } = await setupApp({ fileStore: memoryFileStore() });
    const plan = await db.execute(
      "EXPLAIN QUERY PLAN SELECT bytes AS used FROM stored_file_usage WHERE company_id = 1",
    );
    const steps = plan.rows.map((row) => String(row.detail));
    expect(steps).toEqual([expect.stringMatching(/^SEARCH stored_file_usage USING INTEGER PRIMARY KEY/)]);
  });

  it("equals the bytes of the company's files through uploads and deletions", async () => {
    const { store } = storeDir();
    const { app, tenant, db } = await setupApp({ fileStore: store });
    const upload = uploader(app);
    const t = await tenant();
    const other = await tenant();
    for (const size of [10, 2000, 1]) {
      expect((await upload(t.token, "x".repeat(size), { "Content-Type": "text/csv" })).status).toBe(201);
    }
    expect((await upload(other.token, CSV, { "Content-Type": "text/csv" })).status).toBe(201);
    const sums = async () =>
      (
        await db.execute(
          "SELECT company_id, SUM(byte_size) AS bytes FROM stored_files GROUP BY company_id ORDER BY company_id",
        )
      ).rows.map((row) => [Number(row.company_id), Number(row.bytes)]);
    const counted = async () =>
      (
        await db.execute(
          "SELECT company_id, bytes FROM stored_file_usage WHERE bytes > 0 ORDER BY company_id",
        )
      ).rows.map((row) => [Number(row.company_id), Number(row.bytes)]);
    expect(await counted()).toEqual(await sums());
    expect(await usageOf(db, t.companyId)).toBe(2011);
    await db.execute({
      sql: "DELETE FROM stored_files WHERE company_id = ? AND byte_size = 2000",
      args: [t.companyId],
    });
    expect(await usageOf(db, t.companyId)).toBe(11);
    expect(await counted()).toEqual(await sums());
  });

  it("counts the files a database had before it was kept", async () => {
    const db = await openDb(":memory:");
    const migrations = loadMigrations();
    await migrate(
      db,
      migrations.filter((migration) => migration.name < "0035"),
    );
    const { companyId } = await createToken({ db, input: { company: "before" } });
    for (const size of [100, 250]) {
      await db.execute({
        sql: "INSERT INTO stored_files (company_id, name, content_type, body, byte_size, created_at) VALUES (?, 'a.csv', 'text/csv', x'', ?, ?)",
        args: [companyId, size, new Date().toISOString()],
      });
    }
    await migrate(db, migrations);
    expect(await usageOf(db, companyId)).toBe(350);
    db.close();
  });
});

describe("pruning", () => {
  it("deletes the bodies of the files past their keeping time, and orphan bodies", async () => {
    let now = Date.now();
    const { store, keys } = storeDir();
    const files = { ...DEFAULT_FILES_POLICY, keepDays: 2 };
    const { app, tenant, db } = await setupApp({
      fileStore: store,
      files,
      now: () => new Date(now).toISOString(),
    });
    const upload = uploader(app);
    const t = await tenant();
    const old = await (await upload(t.token, CSV, { "Content-Type": "text/csv" })).json();
    now += 3 * 86_400_000;
    const kept = await (await upload(t.token, CSV, { "Content-Type": "text/csv" })).json();
    // A body whose write never committed (its batch refused): no row names it.
    await store.put(newStorageKey(t.companyId), new TextEncoder().encode("orphan"));
    expect(keys()).toHaveLength(3);
    expect((await t.request("GET", old.url)).status).toBe(404);

    // Two hours on, the orphan is old enough to be one (a body is stored just before its row).
    const later = now + 2 * 3_600_000;
    await createDispatcher({
      db,
      policy: { allowLocal: true },
      files,
      fileStore: store,
      now: () => later,
    }).prune();
    const rows = await db.execute("SELECT id, storage_key FROM stored_files");
    expect(rows.rows.map((row) => Number(row.id))).toEqual([kept.id]);
    // The quota counts the files kept: the pruned one's bytes are free again.
    expect(await usageOf(db, t.companyId)).toBe(CSV.length);
    expect(keys()).toEqual([String(rows.rows[0]!.storage_key)]);
    expect(await (await t.request("GET", kept.url)).text()).toBe(CSV);
  });

  it("leaves a body younger than an hour that no row names yet (its write may be on its way)", async () => {
    const store: FileStore = memoryFileStore();
    const { db } = await setupApp({ fileStore: store });
    await store.put(newStorageKey(1), new TextEncoder().encode("in flight"));
    await createDispatcher({ db, policy: { allowLocal: true }, fileStore: store }).prune();
    let left = 0;
    for await (const page of store.list()) left += page.length;
    expect(left).toBe(1);
  });
});

describe("files stored in the database before there was a file store", () => {
  it("are moved to the store at start, and served as before", async () => {
    const file = join(dir, "upgrade.db");
    const db = await openDb(`file:${file}`);
    await migrate(
      db,
      loadMigrations().filter((migration) => migration.name < "0020"),
    );
    const { token, companyId } = await createToken({ db, input: { company: "upgraded" } });
    const label = new TextEncoder().encode("%PDF-1.7 a label");
    await db.execute({
      sql: "INSERT INTO stored_files (company_id, name, content_type, body, created_at) VALUES (?, 'label.pdf', 'application/pdf', ?, ?)",
      args: [companyId, label, new Date().toISOString()],
    });
    db.close();

    const prepared = await prepareServer(parseEnv({ DATABASE_URL: `file:${file}`, LOG_LEVEL: "error" }));
    try {
      const row = (
        await prepared.db.execute(
          "SELECT id, length(body) AS kept, byte_size, checksum, storage_key FROM stored_files",
        )
      ).rows[0]!;
      expect(row.kept).toBe(0);
      expect(row.byte_size).toBe(label.byteLength);
      expect(row.checksum).toBe(createHash("sha256").update(label).digest("hex"));
      const stored = join(`${file}.files`, String(row.storage_key));
      expect(statSync(stored).mode & 0o777).toBe(0o600);
      const read = await prepared.app.request(`/files/${row.id}/label.pdf`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(read.status).toBe(200);
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(label);
    } finally {
      await prepared.close();
    }
  });

  it("are kept in FILES_DIR, beside an embedded database by default, and FILES_DIR is needed for a remote one", async () => {
    const remote = { DATABASE_URL: "libsql://example.turso.io" };
    expect(() => fileStoreOf(parseEnv(remote), undefined)).toThrow(
      /^Invalid configuration: FILES_DIR must be set for a database that is not an embedded file/,
    );
    const chosen = join(dir, "chosen-files");
    const store = fileStoreOf(parseEnv({ ...remote, FILES_DIR: chosen }), undefined);
    await store.put(newStorageKey(3), new TextEncoder().encode("kept"));
    expect(readdirSync(join(chosen, "3"))).toHaveLength(1);
    fileStoreOf(parseEnv({}), join(dir, "beside.db"));
    expect(statSync(join(dir, "beside.db.files")).mode & 0o777).toBe(0o700);
  });
});

describe("configuration", () => {
  it("takes FILES_UPLOAD_LIMIT_MB in whole MiB, 50 by default, and says what is wrong", () => {
    expect(parseEnv({}).FILES_UPLOAD_LIMIT_MB).toBe(50 * 1024 * 1024);
    expect(parseEnv({ FILES_UPLOAD_LIMIT_MB: "200" }).FILES_UPLOAD_LIMIT_MB).toBe(200 * 1024 * 1024);
    for (const bad of ["0", "-1", "1.5", "ten", ""]) {
      expect(() => parseEnv({ FILES_UPLOAD_LIMIT_MB: bad })).toThrow(
        /FILES_UPLOAD_LIMIT_MB must be a whole number of MiB from 1/,
      );
    }
  });
});
