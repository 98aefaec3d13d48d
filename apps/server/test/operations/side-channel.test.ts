import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The real package is qs's dependency, reached the way qs reaches it.
const require = createRequire(import.meta.url);
const fromQs = createRequire(require.resolve("qs"));
type Channel = {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};
const real = fromQs("side-channel") as () => Channel;
const lite = require("../../src/shims/side-channel.cjs") as () => Channel;

describe("the Workers stand-in for side-channel", () => {
  it("answers every operation as the package does", () => {
    const [mine, theirs] = [lite(), real()];
    const keys = [{}, [], { a: 1 }, Object.create(null)];
    const trace = (channel: Channel) => {
      const seen: unknown[] = [];
      for (const key of keys) seen.push(channel.has(key), channel.get(key));
      channel.set(keys[0], "first");
      channel.set(keys[1], keys[2]);
      channel.set(keys[0], "again");
      for (const key of keys) seen.push(channel.has(key), channel.get(key));
      seen.push(channel.delete(keys[1]), channel.delete(keys[1]), channel.has(keys[1]));
      expect(() => channel.assert(keys[0])).not.toThrow();
      expect(() => channel.assert(keys[3])).toThrow(TypeError);
      return seen;
    };
    expect(trace(mine)).toEqual(trace(theirs));
  });
});
