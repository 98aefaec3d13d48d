// The front door: `GET /` says what this is and where to read on, and a path without its `.json` is a
// 404 naming the path meant.
import { describe, expect, it } from "vitest";
import { setupApp } from "../support.ts";

describe("GET /", () => {
  it("answers, without a token, the service's name and version and links to /docs and /openapi.json", async () => {
    const { anonymous } = await setupApp({}, { checkResponses: false });
    const index = await anonymous.json("GET", "/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("application/json");
    expect(index.headers.get("x-request-id")).toBeTruthy();
    expect(index.body).toEqual({
      name: "Multichannel Commerce Service",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      docs: "/docs",
      openapi: "/openapi.json",
      health: "/health",
      ready: "/ready",
    });
    expect((await anonymous.request("GET", index.body.openapi)).status).toBe(200);
    expect((await anonymous.request("GET", index.body.docs)).status).toBe(200);
  });

  it("links under BASE_PATH and PUBLIC_URL", async () => {
    const { anonymous } = await setupApp(
      { basePath: "/v1", publicUrl: "https://api.example.com" },
      { checkResponses: false },
    );
    const index = await anonymous.json("GET", "/v1");
    expect(index.status).toBe(200);
    expect(index.body).toMatchObject({
      docs: "https://api.example.com/v1/docs",
      openapi: "https://api.example.com/v1/openapi.json",
    });
  });
});

describe("a path without .json", () => {
  it.each([
    ["/carriers", "/carriers.json"],
    ["/carriers/12", "/carriers/12.json"],
    ["/purchases/1/ship", "/purchases/1/ship.json"],
    ["/events", "/events.json"],
    ["/openapi", "/openapi.json"],
  ])("%s is a 404 suggesting %s", async (path, meant) => {
    const { tenant } = await setupApp({}, { checkResponses: false });
    const { json } = await tenant();
    for (const answer of [await json("GET", path), await json("GET", `${path}/`)]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.body.detail).toMatch(
        new RegExp(
          `^No route for GET ${path}/?: every path of this API ends in \\.json; did you mean ${meant}\\?$`,
        ),
      );
    }
  });

  it("is answered as any other request without a token: 401 under the API, a 404 suggestion for /openapi", async () => {
    const { anonymous } = await setupApp({}, { checkResponses: false });
    expect((await anonymous.json("GET", "/carriers")).status).toBe(401);
    const openapi = await anonymous.json("GET", "/openapi");
    expect(openapi.status).toBe(404);
    expect(openapi.body.detail).toContain("did you mean /openapi.json?");
  });

  it("suggests nothing for a path that is no route with .json either (401 without a token, 404 with one)", async () => {
    const { anonymous, tenant } = await setupApp({}, { checkResponses: false });
    const { json } = await tenant();
    expect((await anonymous.json("GET", "/no-such-kind")).status).toBe(401);
    const answer = await json("GET", "/no-such-kind");
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe("No route for GET /no-such-kind.");
  });
});
