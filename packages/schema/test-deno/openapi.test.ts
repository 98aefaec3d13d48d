import assert from "node:assert/strict";
import { actionPath, actions, buildOpenApiDocument, kinds } from "../src/index.ts";

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

Deno.test("the OpenAPI 3.1 document has every kind's and action's paths", () => {
  const doc = buildOpenApiDocument({ serverUrl: "https://api.example.com/v1" }) as unknown as Doc;
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(doc.servers[0]?.url, "https://api.example.com/v1");
  for (const kind of kinds) {
    assert.ok(doc.paths[kind.path]?.post, `POST ${kind.path}`);
    assert.ok(doc.paths[`/${kind.plural}/{id}.json`]?.get, `GET /${kind.plural}/{id}.json`);
  }
  for (const { kind, action } of actions) {
    assert.ok(doc.paths[actionPath(kind, action)]?.[action.method.toLowerCase()], actionPath(kind, action));
  }
  assert.ok(doc.components.schemas.Carrier && doc.components.schemas.CarrierCreateInput);
});

Deno.test("Deno builds the same document as the committed openapi.json (built by Node)", async () => {
  const committed = JSON.parse(await Deno.readTextFile(new URL("../openapi.json", import.meta.url)));
  const { version } = JSON.parse(await Deno.readTextFile(new URL("../package.json", import.meta.url)));
  assert.deepEqual(JSON.parse(JSON.stringify(buildOpenApiDocument({ version }))), committed);
});
