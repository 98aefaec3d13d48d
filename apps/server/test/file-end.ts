// A setup file: vitest runs it before each test file and takes its hooks as that file's own. Its
// `afterAll` was registered first, so it runs after the file's own `afterAll` hooks: what `atEnd` was
// given is undone once the file's servers are closed.
import { afterAll } from "vitest";
import { runAtEnd } from "./at-end.ts";

afterAll(runAtEnd);
