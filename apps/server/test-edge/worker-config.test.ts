// src/worker.ts's reading of its bindings, called directly (in Node) with hand-made env objects.
import { describe, expect, inject, it, vi } from "vitest";
import type { Bucket } from "../src/db/bucket-file-store.ts";
import worker from "../src/worker.ts";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} };
const call = (env: Record<string, unknown>, path = "/health") =>
  worker.fetch(new Request(`http://worker.test${path}`), env, ctx);

/** A bucket binding that holds nothing (these requests store no file). */
const emptyBucket: Bucket = {
  createMultipartUpload: async () => {
    throw new Error("not used");
  },
  put: async () => undefined,
  get: async () => null,
  delete: async () => {},
  list: async () => ({ objects: [], truncated: false }),
};

describe("worker bindings", () => {
  it.each([
    ["no DATABASE_URL", {}],
    ["an embedded file URL", { DATABASE_URL: "file:.data/local.db" }],
    [
      "a BASE_PATH without a leading slash",
      { DATABASE_URL: "libsql://db.example.turso.io", BASE_PATH: "v1" },
    ],
    ["no SECRETS_KEY", { DATABASE_URL: "libsql://db.example.turso.io" }],
    [
      "a SECRETS_KEY that is not 32 bytes",
      { DATABASE_URL: "libsql://db.example.turso.io", SECRETS_KEY: "*".repeat(43) },
    ],
    [
      "an SMTP_URL without MAIL_FROM",
      { DATABASE_URL: "libsql://db.example.turso.io", SMTP_URL: "smtps://relay:pw@mail.example.com" },
    ],
    ["no FILES bucket", { DATABASE_URL: "libsql://db.example.turso.io", SECRETS_KEY: btoa("k".repeat(32)) }],
    [
      "a CORS_ORIGINS entry with a path",
      { DATABASE_URL: "libsql://db.example.turso.io", CORS_ORIGINS: "https://backoffice.example.com/app" },
    ],
  ])("answers 500 problem+json, without details, for %s", async (_, env) => {
    // The Worker logs why with the request id; here that log is expected, not shown.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await call(env);
    expect(String(logged.mock.calls[0])).toContain("Invalid configuration");
    logged.mockRestore();
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = await response.json();
    expect(body).toMatchObject({ status: 500, requestId: response.headers.get("x-request-id") });
    expect(JSON.stringify(body)).not.toContain("DATABASE_URL");
  });

  it("serves the app under BASE_PATH from the database in DATABASE_URL, with its auth token", async () => {
    const { databaseUrl, databaseAuthToken } = inject("edge");
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_AUTH_TOKEN: databaseAuthToken,
      BASE_PATH: "/api",
      SECRETS_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      FILES: emptyBucket,
    };
    // Each request's access line goes to console.log: expected, not shown.
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    expect((await call(env, "/api/health")).status).toBe(200);
    expect((await call(env, "/health")).status).toBe(404);
    expect((await call(env, "/api/ready")).status).toBe(200);
    const wrongToken = { ...env, DATABASE_AUTH_TOKEN: "not-the-token" };
    // The process lives (/health, which never asks the database) but cannot serve (/ready: 503, why).
    expect((await call(wrongToken, "/api/health")).status).toBe(200);
    // The server logs what went wrong with the request id; here that log is expected, not shown.
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    const accessLines = vi.spyOn(console, "error").mockImplementation(() => {});
    const ready = await call(wrongToken, "/api/ready");
    // Its access line: an error, as every answer of 500 or more is.
    expect(accessLines.mock.calls.at(-1)?.[0]).toMatchObject({ route: "/api/ready", status: 503 });
    accessLines.mockRestore();
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "The database does not answer." });
    expect(logged.mock.calls[0]?.[0]).toMatchObject({
      level: "WARN",
      requestId: ready.headers.get("x-request-id"),
      error: expect.stringMatching(/UNAUTHORIZED/),
    });
    logged.mockRestore();
    expect(info.mock.calls[0]?.[0]).toMatchObject({ route: "/api/health", path: "/api/health", status: 200 });
    info.mockRestore();
  });

  it("answers a page of an origin in CORS_ORIGINS: its preflight, and its origin named on every answer", async () => {
    const { databaseUrl, databaseAuthToken } = inject("edge");
    const page = "https://backoffice.example.com";
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_AUTH_TOKEN: databaseAuthToken,
      CORS_ORIGINS: page,
      SECRETS_KEY: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      FILES: emptyBucket,
    };
    const info = vi.spyOn(console, "log").mockImplementation(() => {});
    const preflight = await worker.fetch(
      new Request("http://worker.test/carriers.json", {
        method: "OPTIONS",
        headers: { Origin: page, "Access-Control-Request-Method": "POST" },
      }),
      env,
      ctx,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(page);
    // Without a token: a 401 the page can read.
    const refused = await worker.fetch(
      new Request("http://worker.test/carriers.json", { headers: { Origin: page } }),
      env,
      ctx,
    );
    info.mockRestore();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(page);
  });
});
