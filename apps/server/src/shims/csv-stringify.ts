// The Worker build's stand-in for `csv-stringify/browser/esm/sync` (wrangler.jsonc `alias`): the same
// `stringify` from the package's own ES module build (`csv-stringify/sync`). The browser build carries a
// whole Buffer polyfill (base64, byte order, typed reads and writes) that the module build leaves to
// the runtime's global `Buffer`; the Worker has none, so its build names `WORKER_CSV_BUFFER` in that
// global's place (wrangler.jsonc `define`), set here before the package's modules load.
import "./csv-buffer.ts";

export { stringify } from "csv-stringify/sync";
