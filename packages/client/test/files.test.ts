import { beforeAll, expect, it } from "vitest";
import { ApiError } from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

it("uploads a file and reads it back at the URL it answers", async () => {
  const { client, token } = await server.tenantClient();
  const csv = "sku,quantity\nA-1,4\nB-2,0\n";
  const file = await client.files.upload({ name: "stock.csv", contentType: "text/csv", body: csv });
  expect(file).toMatchObject({ name: "stock.csv", contentType: "text/csv", byteSize: csv.length });
  const back = await server.fetch(`http://localhost${file.url}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(back.status).toBe(200);
  expect(back.headers.get("Content-Type")).toBe("text/csv");
  expect(await back.text()).toBe(csv);

  const blob = await client.files.upload({
    name: "levels.json",
    body: new Blob(['{"a":1}'], { type: "application/json" }),
  });
  expect(blob.contentType).toBe("application/json");
});

it("throws the server's problem for a file without a name", async () => {
  const { client } = await server.tenantClient();
  const refused = await client.files.upload({ name: "", body: "x" }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(400);
});
