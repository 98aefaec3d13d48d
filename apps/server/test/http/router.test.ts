import { kinds } from "@multichannel/schema";
import fc from "fast-check";
import { PatternRouter } from "hono/router/pattern-router";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { nativeDb } from "../../src/db/native.ts";
import { SegmentRouter } from "../../src/http/router.ts";

// The app's own routes (method and path, in order), with and without a mount point.
const routesOf = (basePath?: string) =>
  (
    createApp({ db: nativeDb(":memory:"), basePath }) as unknown as {
      routes: { method: string; path: string }[];
    }
  ).routes.map(({ method, path }) => ({ method, path }));

/** Both routers over the same routes, each handler being the route's index. */
function routers(routes: { method: string; path: string }[]) {
  const ours = new SegmentRouter<number>();
  const hono = new PatternRouter<number>();
  routes.forEach(({ method, path }, i) => {
    ours.add(method, path, i);
    hono.add(method, path, i);
  });
  return { ours, hono };
}

/** Which routes matched, in order, with their parameters as plain objects. */
const matchOf = (router: SegmentRouter<number> | PatternRouter<number>, method: string, path: string) =>
  (router.match(method, path)[0] as [number, Record<string, string>][]).map(([route, params]) => [
    route,
    { ...params },
  ]);

// What paths are made of: the app's fixed segments, ids, suffixes, and things that look almost right.
const fixed = [
  ...new Set(
    routesOf()
      .flatMap(({ path }) => path.split("/"))
      .filter((part) => part && !part.startsWith(":") && part !== "*"),
  ),
];
const segment = fc.oneof(
  fc.constantFrom(...fixed),
  fc.constantFrom(...kinds.map((kind) => kind.plural)),
  fc.constantFrom(...kinds.map((kind) => `${kind.plural}.json`)),
  fc.constantFrom("5.json", "5", "12345678901234567", "x.json", "", "v1", "label.pdf", "%2e%2e", "docs"),
  fc.string({ maxLength: 6 }).map((text) => text.replace(/[/?#]/g, "")),
);
const path = fc
  .tuple(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.boolean())
  .map(([parts, slash]) => `/${parts.join("/")}${slash && parts.length ? "/" : ""}`);
const method = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

describe("the router", () => {
  for (const basePath of [undefined, "/v1"]) {
    it(`matches as Hono's PatternRouter on every route of the app${basePath ? " under a mount point" : ""}`, () => {
      const { ours, hono } = routers(routesOf(basePath));
      const mounted = fc
        .tuple(path, fc.boolean())
        .map(([p, under]) => (basePath && under ? `${basePath}${p === "/" ? "" : p}` : p));
      fc.assert(
        fc.property(method, mounted, (m, p) => {
          expect(matchOf(ours, m, p)).toEqual(matchOf(hono, m, p));
        }),
        { numRuns: 3000 },
      );
      // Paths near the edges of a route: a parameter's pattern, trailing slashes, a mount point alone.
      const edges = [
        "/files/123/label.pdf",
        "/files/abc/label.pdf",
        "/files/1234567890123456/a",
        "/files/1/a/",
      ];
      for (const p of [...edges, "/", "/docs", "/docs/", "/docsx", "/carriers.json/", "//carriers.json"]) {
        const mountedPath = `${basePath ?? ""}${p}`;
        for (const m of ["GET", "POST"]) {
          expect(matchOf(ours, m, mountedPath)).toEqual(matchOf(hono, m, mountedPath));
        }
      }
      // And the paths users send most, each kind's collection and item.
      for (const kind of kinds) {
        for (const p of [`/${kind.plural}.json`, `/${kind.plural}/7.json`, `/${kind.plural}/7/ship.json`]) {
          const mountedPath = `${basePath ?? ""}${p}`;
          for (const m of ["GET", "POST", "PUT", "DELETE"]) {
            expect(matchOf(ours, m, mountedPath)).toEqual(matchOf(hono, m, mountedPath));
          }
        }
      }
    });
  }

  it("answers for a path the same before and after its routes are listed for it", () => {
    const { ours } = routers(routesOf());
    // Two routes answer it: the kinds' item route first, then the event log's.
    const first = matchOf(ours, "GET", "/events/5.json");
    expect(first.length).toBeGreaterThan(1);
    expect(matchOf(ours, "GET", "/events/5.json")).toEqual(first);
  });

  it("is the router the app routes with", () => {
    // Hono's presets put their own router in place of the one given: the app is built on the base class.
    for (const basePath of [undefined, "/v1"]) {
      const app = createApp({ db: nativeDb(":memory:"), basePath }) as unknown as { router: unknown };
      expect(app.router).toBeInstanceOf(SegmentRouter);
    }
  });

  it("refuses route shapes it does not match", () => {
    for (const shape of ["/files/*.pdf", "/docs*", "/a/:id?", "/a/*/b"]) {
      expect(() => new SegmentRouter<number>().add("GET", shape, 0)).toThrow();
    }
  });

  it("keeps its candidate lists bounded whatever paths are asked", () => {
    const { ours } = routers(routesOf());
    for (let i = 0; i < 5000; i++) {
      ours.match(i % 2 ? "GET" : "POST", `/${`x${i}/`.repeat(i % 200)}${i}`);
      ours.match("GET", `/carriers/${"y/".repeat(i % 300)}`);
    }
    // Two methods, at most eight segment counts apart, first segments "" and "carriers".
    expect(ours.lists).toBeLessThanOrEqual(2 * 8 * 2);
  });
});
