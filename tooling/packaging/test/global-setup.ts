import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { packAll } from "../src/pack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    tarballs: Record<string, string>;
  }
}

/** Packs both packages once for every test file. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "mcs-pack-"));
  project.provide("tarballs", packAll(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
