import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { actionDocs } from "../src/action-docs.ts";
import { actionInputSchema, actionPath, actions, buildOpenApiDocument, kinds } from "../src/index.ts";

const published = JSON.parse(readFileSync(new URL("../openapi.json", import.meta.url), "utf8"));

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1 with no errors", async () => {
    const document = structuredClone(buildOpenApiDocument());
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
  }, 30_000);

  it("has every path and method of every kind and action", () => {
    const paths = published.paths as Record<string, Record<string, unknown>>;
    for (const kind of kinds) {
      expect(Object.keys(paths[kind.path] ?? {}), kind.path).toEqual(expect.arrayContaining(["get", "post"]));
      const item = paths[`/${kind.plural}/{id}.json`] ?? {};
      expect(Object.keys(item), kind.name).toEqual(expect.arrayContaining(["get", "put", "delete"]));
    }
    for (const { kind, action } of actions) {
      expect(
        paths[actionPath(kind, action)]?.[action.method.toLowerCase()],
        actionPath(kind, action),
      ).toBeDefined();
    }
  });

  it("describes every action, and shows an example body for the main ones", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    for (const { kind, action } of actions) {
      const operation = document.paths[actionPath(kind, action)]![action.method.toLowerCase()];
      expect(operation.description, `${kind.name}.${action.name}`).toMatch(/\.\s*$|\)\.?$/);
      expect(operation.description.length).toBeGreaterThan(80);
    }
    for (const path of [
      "/channels/{id}/manual-sale.json",
      "/channels/{id}/import-connector-variant-batch.json",
      "/purchases/{id}/ship.json",
      "/purchases/{id}/cancel.json",
      "/dropship-providers/{id}/settle-invoices.json",
    ]) {
      const operation = Object.values(document.paths[path]!)[0];
      const media = operation.requestBody.content["application/json"];
      expect(media.example ?? media.examples?.service?.value, path).toBeDefined();
    }
    expect(JSON.stringify(document)).not.toMatch(/"summary":"\w+ a [aeiou]/);
  });

  it("tells how a kind's state moves: by its actions where it has some, else by the server alone", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    for (const kind of kinds.filter((each) => each.states && !each.states.byWrite)) {
      const update: string = document.paths[`/${kind.plural}/{id}.json`]!.put.description;
      const field = kind.states!.field;
      expect(update, kind.name).toContain(
        kind.actions?.length
          ? `Its \`${field}\` moves only by its actions (`
          : `Its \`${field}\` is set by the server, never by a write.`,
      );
    }
    const dataImport = document.paths["/data-imports/{id}.json"]!.put.description;
    expect(dataImport).not.toContain("by its actions");
  });

  it("carries a field's declared example into the record, create and update schemas", () => {
    const document = buildOpenApiDocument() as { components: { schemas: Record<string, any> } };
    for (const schema of ["Variant", "VariantCreateInput", "VariantUpdateInput"]) {
      expect(document.components.schemas[schema].properties.sku.examples, schema).toEqual([
        "SHIRT-LIN-M-BLU",
      ]);
    }
  });

  it("shows the reference's documented bodies next to ours, and each is a valid input", () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>> };
    const documented = actions.filter(({ kind, action }) => {
      const doc = (actionDocs as Record<string, { reference?: unknown }>)[`${kind.name}.${action.name}`];
      return doc?.reference !== undefined;
    });
    expect(documented.map(({ kind, action }) => `${kind.name}.${action.name}`).sort()).toEqual([
      "channel.import-connector-variant-batch",
      "channel.manual-sale",
      "channel.variant-set-level",
      "dropship-provider.settle-invoices",
      "purchase.cancel",
      "purchase.ship",
    ]);
    for (const { kind, action } of documented) {
      const media =
        document.paths[actionPath(kind, action)]![action.method.toLowerCase()].requestBody.content[
          "application/json"
        ];
      const value = media.examples.reference.value;
      const body = Array.isArray(value) && action.arrayBody ? { [action.arrayBody]: value } : value;
      const parsed = v.safeParse(actionInputSchema(action.input), body);
      expect(parsed.issues, `${kind.name}.${action.name}`).toBeUndefined();
    }
  });

  it("documents the async inbound imports, authenticated by a webhook hash", () => {
    const order = published.paths["/webhooks/custom-channels/manual-sale.json"].post;
    expect(order.security).toEqual([{ webhookHash: [] }]);
    expect(order.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ChannelManualSaleInput",
    );
    expect(order.responses["200"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/SaleImport",
    );
    const feed = published.paths["/webhooks/inventory-feeds/parse-webhooks.json"].post;
    expect(feed.requestBody.content["application/json"].schema.maxItems).toBe(50);
    expect(published.components.securitySchemes.webhookHash).toMatchObject({
      in: "header",
      name: "webhook-hash",
    });
  });

  it("types a text that also takes an integer id as text or integer, never as a text with numeric bounds", () => {
    const document = buildOpenApiDocument() as { components: { schemas: Record<string, any> } };
    const schemas = document.components.schemas;
    expect(schemas.ChannelManualSaleInput.properties.externalId.anyOf).toEqual([
      { type: "string", maxLength: 100, minLength: 1 },
      { type: "integer" },
    ]);
    const textWithBounds: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (Array.isArray(node)) {
        for (const [i, item] of node.entries()) walk(item, `${path}/${i}`);
      } else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        if (record.type === "string" && ("minimum" in record || "maximum" in record))
          textWithBounds.push(path);
        for (const [key, value] of Object.entries(record)) walk(value, `${path}/${key}`);
      }
    };
    walk(document, "");
    expect(textWithBounds).toEqual([]);
  });

  it("describes bodies, problem errors and bearer security", () => {
    const post = published.paths["/purchases.json"].post;
    expect(post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/PurchaseCreateInput",
    );
    expect(post.responses["422"].$ref).toBe("#/components/responses/Problem422");
    expect(published.components.responses.Problem422.content["application/problem+json"]).toBeDefined();
    expect(published.components.securitySchemes.bearer).toEqual(
      expect.objectContaining({ type: "http", scheme: "bearer" }),
    );
    const purchase = published.components.schemas.Purchase;
    expect(purchase.properties.status.enum).toContain("shipped");
    expect(purchase.properties.status.readOnly).toBe(true);
    expect(purchase.additionalProperties).toBe(false);
    const ship = published.paths["/purchases/{id}/ship.json"].post;
    expect(ship["x-allowed-states"]).toEqual(["sent", "partiallyShipped"]);
    expect(published.components.schemas.PurchaseShipInput.required).toContain("trackingNumber");
  });

  it("is the committed openapi.json, and the generated types are up to date", { timeout: 60_000 }, () => {
    execFileSync("npx", ["tsx", "scripts/generate.ts", "--check"], {
      cwd: new URL("..", import.meta.url),
      stdio: "pipe",
    });
  });
});
