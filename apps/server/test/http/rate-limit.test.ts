import { describe, expect, it } from "vitest";
import { parseEnv, rateLimitOf } from "../../src/config.ts";
import { REFERENCE_RATES } from "../../src/http/rate-limit.ts";
import { expectProblem } from "../factory.ts";
import { setupApp } from "../support.ts";

/** The IETF `RateLimit` field of an answer as numbers: `"get";r=1;t=1` → { name: "get", r: 1, t: 1 }. */
function capacity(headers: Headers): { name: string; r: number; t: number } {
  const match = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(headers.get("RateLimit") ?? "");
  expect(match, headers.get("RateLimit") ?? "no RateLimit header").not.toBeNull();
  return { name: match![1]!, r: Number(match![2]), t: Number(match![3]) };
}

describe("rate limit, in the reference's form", () => {
  it("allows 2 GET and 1 other request a second per company, each class in its own bucket", async () => {
    let time = 1_000_000;
    const { tenant } = await setupApp({ rateLimit: { ...REFERENCE_RATES, now: () => time } });
    const [a, b] = [await tenant(), await tenant()];
    const statuses = async (method: string, path: string, count: number, body?: unknown) => {
      const out: number[] = [];
      for (let i = 0; i < count; i++) out.push((await a.json(method, path, body)).status);
      return out;
    };
    expect(await statuses("GET", "/carriers.json", 3)).toEqual([200, 200, 429]);
    // The GET bucket is empty; writes have their own.
    expect(await statuses("POST", "/carriers.json", 2, { name: "Parcel Express" })).toEqual([200, 429]);
    expect((await b.json("GET", "/carriers.json")).status).toBe(200);
    time += 499;
    expect(await statuses("GET", "/carriers.json", 1)).toEqual([429]);
    time += 1;
    expect(await statuses("GET", "/carriers.json", 2)).toEqual([200, 429]);
    expect(await statuses("PUT", "/carriers/1.json", 1, {})).toEqual([429]);
    time += 500;
    expect(await statuses("POST", "/carriers.json", 2, { name: "Courier Co" })).toEqual([200, 429]);
    time += 60_000;
    expect(await statuses("GET", "/carriers.json", 3)).toEqual([200, 200, 429]);
  });

  it("says where the bucket stands on every answer, errors included, and answers 429 with Retry-After", async () => {
    let time = 5_000_000;
    const { tenant } = await setupApp({ rateLimit: { getPerSecond: 2, writePerSecond: 1, now: () => time } });
    const t = await tenant();
    const first = await t.json("GET", "/carriers.json");
    expect(first.headers.get("RateLimit-Policy")).toBe('"get";q=2;w=1');
    expect(capacity(first.headers)).toEqual({ name: "get", r: 1, t: 1 });
    const missing = await t.json("GET", "/carriers/999999.json");
    expect(missing.status).toBe(404);
    expect(capacity(missing.headers)).toEqual({ name: "get", r: 0, t: 1 });
    const limited = await t.request("GET", "/carriers.json");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("1");
    expect(limited.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
    expect(capacity(limited.headers)).toEqual({ name: "get", r: 0, t: 1 });
    expect((await limited.json()).status).toBe(429);

    const write = await t.json("POST", "/carriers.json", { name: "Parcel Express" });
    expect(write.status).toBe(200);
    expect(write.headers.get("RateLimit-Policy")).toBe('"write";q=1;w=1');
    expect(capacity(write.headers)).toEqual({ name: "write", r: 0, t: 1 });
    const bad = await t.json("POST", "/carriers.json", { name: 5 });
    expectProblem(bad, 429);
    time += 1000;
    const invalid = await t.json("POST", "/carriers.json", { name: 5 });
    expect(invalid.status).toBe(422);
    expect(capacity(invalid.headers).name).toBe("write");
  });

  it("takes other rates, and a slow rate asks for a longer wait", async () => {
    let time = 0;
    const { tenant } = await setupApp({ rateLimit: { getPerSecond: 5, writePerSecond: 1, now: () => time } });
    const t = await tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await t.json("GET", "/carriers.json")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    time += 200;
    expect((await t.json("GET", "/carriers.json")).status).toBe(200);
  });

  it("is off unless configured, and the environment turns it on with the reference's rates by default", async () => {
    const { tenant } = await setupApp();
    const t = await tenant();
    for (let i = 0; i < 20; i++) {
      const answer = await t.request("GET", "/carriers.json");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("RateLimit")).toBeNull();
    }
    expect(rateLimitOf(parseEnv({}))).toBeUndefined();
    expect(rateLimitOf(parseEnv({ RATE_LIMIT: "on" }))).toEqual({ getPerSecond: 2, writePerSecond: 1 });
    expect(
      rateLimitOf(
        parseEnv({ RATE_LIMIT: "on", RATE_LIMIT_GET_PER_SECOND: "10", RATE_LIMIT_WRITE_PER_SECOND: "4" }),
      ),
    ).toEqual({ getPerSecond: 10, writePerSecond: 4 });
    expect(() => parseEnv({ RATE_LIMIT: "maybe" })).toThrow(/RATE_LIMIT/);
    expect(() => parseEnv({ RATE_LIMIT: "on", RATE_LIMIT_GET_PER_SECOND: "0" })).toThrow(/RATE_LIMIT_GET/);
  });
});
