// The file quota with writers at once, on the remote driver. A write that stores a file checks the quota
// against the company's usage as it read it; files stored meanwhile are counted by its batch, which
// refuses to take the company past the quota: the write is planned again, and answered the 409.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type FileStore, memoryFileStore } from "../../src/db/file-store.ts";
import { type RemoteStack, remoteStack } from "../remote.ts";
import { expectStatus, list } from "../requests.ts";
import { streamOf } from "../streams.ts";
import { meddled } from "./meddled.ts";
import { shippedPurchase } from "./shipped-purchase.ts";

const QUOTA = 20_000;

let stack: RemoteStack;
let store: FileStore;
let meddling: ReturnType<typeof meddled>;
beforeAll(async () => {
  store = memoryFileStore();
  stack = await remoteStack({
    templateDb: inject("templateDb"),
    deps: { fileStore: store, files: { quotaBytes: QUOTA } },
    appDb: (db) => {
      meddling = meddled(db);
      return meddling.db;
    },
  });
});
afterAll(() => stack?.close());

type Company = Awaited<ReturnType<RemoteStack["tenant"]>>;

/** `POST /files.json?name=...`: `body` as it is, a stream sent as it is read (no Content-Length). */
function upload(t: Company, name: string, body: string | ReadableStream<Uint8Array>) {
  return stack.app.request(`/files.json?name=${name}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.token}`, "Content-Type": "text/csv" },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  });
}

/** The bytes the quota counts, those of the company's files, and the bodies its file store holds. */
async function kept(t: Company) {
  const companyId = t.companyId;
  const usage = await stack.db.execute({
    sql: "SELECT bytes FROM stored_file_usage WHERE company_id = ?",
    args: [companyId],
  });
  const files = await stack.db.execute({
    sql: "SELECT total(byte_size) AS bytes FROM stored_files WHERE company_id = ?",
    args: [companyId],
  });
  let bodies = 0;
  for await (const page of store.list())
    bodies += page.filter(({ key }) => key.startsWith(`${companyId}/`)).length;
  return { usage: Number(usage.rows[0]?.bytes ?? 0), files: Number(files.rows[0]!.bytes), bodies };
}

describe("the file quota, on the remote driver", () => {
  it("keeps four of eight 5,000-byte uploads sent at once against a 20,000-byte quota: the others are 409s that keep nothing", async () => {
    const t = await stack.tenant();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => upload(t, `stock-${n}.csv`, "x".repeat(5000))),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 409, 409, 409, 409]);
    for (const body of bodies.filter((body) => body.status === 409)) expect(body.rule).toBe("file_quota");
    expect(await kept(t)).toEqual({ usage: QUOTA, files: QUOTA, bodies: 4 });
  });

  it("refuses an upload past the quota with a 409 naming it, keeping nothing; one that fits is kept", async () => {
    const t = await stack.tenant();
    expect((await upload(t, "first.csv", "a".repeat(15_000))).status).toBe(201);
    const over = await upload(t, "second.csv", streamOf("b".repeat(10_000)));
    expect(over.status).toBe(409);
    expect(over.headers.get("Retry-After")).toBeNull();
    expect(await over.json()).toMatchObject({ rule: "file_quota" });
    expect(await kept(t)).toEqual({ usage: 15_000, files: 15_000, bodies: 1 });
    // Up to the quota exactly.
    expect((await upload(t, "third.csv", streamOf("c".repeat(5000)))).status).toBe(201);
    expect(await kept(t)).toEqual({ usage: QUOTA, files: QUOTA, bodies: 2 });
  });

  it("refuses a return label whose file an upload made meanwhile puts past the quota: a 409, and no return made", async () => {
    const t = await stack.tenant();
    const { purchaseId, itemId } = await shippedPurchase(t, 2);
    const returnLabel = () =>
      t.json("POST", `/purchases/${purchaseId}/return-label.json`, {
        items: [{ purchaseItemId: itemId, quantity: 1 }],
      });
    await expectStatus(returnLabel(), 200);
    const label = (await kept(t)).usage;
    // Room for one more label, with 100 bytes to spare; 200 bytes stored meanwhile (once) take it.
    expect((await upload(t, "filler.csv", "f".repeat(QUOTA - 2 * label - 100))).status).toBe(201);
    let uploaded = false;
    meddling.meanwhile(async () => {
      if (!uploaded) expect((await upload(t, "meanwhile.csv", "m".repeat(200))).status).toBe(201);
      uploaded = true;
    });
    try {
      const refused = await returnLabel();
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.rule).toBe("file_quota");
    } finally {
      meddling.meanwhile();
    }
    expect(await list(t, "return-shipments")).toHaveLength(1);
    expect(await list(t, "sale-returns")).toHaveLength(1);
    expect(await list(t, "labels")).toHaveLength(1);
    expect((await kept(t)).usage).toBe(QUOTA - label + 100);
  });
});
