import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../src/http/env.ts";
import { onError } from "../src/http/problem.ts";
import { rateLimit } from "../src/http/rate-limit.ts";
import { setupApp } from "./support.ts";

describe("rate limit", () => {
  it("answers 429 with Retry-After once a company is over its rate, and leaves other companies alone", async () => {
    const { tenant } = await setupApp({ rateLimitPerSecond: 3 });
    const [a, b] = [await tenant(), await tenant()];
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await a.request("GET", "/carriers.json"));
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    const limited = answers.find((answer) => answer.status === 429);
    expect(limited, "20 requests in a row stay under 3 a second").toBeDefined();
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(limited!.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect((await limited!.json()).status).toBe(429);
    expect((await b.request("GET", "/carriers.json")).status).toBe(200);
  });

  it("refills at the configured rate", async () => {
    let time = 0;
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.use(async (c, next) => {
      c.set("actor", { companyId: 1, tokenId: 1, readOnly: false });
      await next();
    });
    app.use(rateLimit({ perSecond: 2, now: () => time }));
    app.get("/", (c) => c.text("ok"));
    const status = async () => (await app.request("/")).status;
    expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
    time += 499;
    expect(await status()).toBe(429);
    time += 1;
    expect(await status()).toBe(200);
    time += 10_000;
    expect([await status(), await status(), await status()]).toEqual([200, 200, 429]);
  });

  it("is off unless configured", async () => {
    const { tenant } = await setupApp();
    const t = await tenant();
    for (let i = 0; i < 20; i++) expect((await t.request("GET", "/carriers.json")).status).toBe(200);
  });
});
