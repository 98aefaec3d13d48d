// The Worker build's stand-in for the `fast-sha256` package (wrangler.jsonc `alias`), which
// standardwebhooks signs with: `hmac(key, data)`, HMAC-SHA256 in one synchronous call. The server
// already has SHA-256 and HMAC from @noble/hashes (list cursors, file checksums), so the Worker carries
// one implementation instead of two (about 2 KiB gzip).
import { hmac as nobleHmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

/** HMAC-SHA256 of `data` under `key`, as fast-sha256's `hmac` answers it. */
export function hmac(key: Uint8Array, data: Uint8Array): Uint8Array {
  return nobleHmac(sha256, key, data);
}
