/**
 * Secrets at rest: AES-GCM through WebCrypto (the same code on Node, Workers and Deno) under the key
 * from configuration (`SECRETS_KEY`), with earlier keys still opening what they sealed (rotation).
 *
 * A secret field's value is written as `v1:<n><hint>:<digest>:<sealed>`: the hint a read shows (`…` and
 * the last 4 characters, `n` of them in all), the SHA-256 of an inbound secret (else empty) and the
 * sealed value (`<key id>.<iv and ciphertext, base64url>`). The kind's triggers (`db/secret-sql.ts`)
 * move the sealed value and the digest to their tables in the statement that writes the record, and
 * leave the hint in the record's column: what reads, events and write guards see.
 */

import { StartupError } from "../startup-errors.ts";

export const SEALED_PREFIX = "v1:";
/** What an older value still held in plain text is marked with in `sealed_values` (until sealed at start). */
export const PLAIN_PREFIX = "plain:";
/** Values with fewer characters show no characters in their hint. */
const HINT_FROM = 12;

export interface Keyring {
  /** The key new values are sealed with: its id and raw bytes. */
  readonly current: { readonly id: string; readonly raw: KeyBytes };
  /** Every key that may open a value, the current one first. */
  readonly keys: readonly { readonly id: string; readonly raw: KeyBytes }[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil((bytes.length * 4) / 3));
  return decoder.decode(out.subarray(0, base64urlInto(bytes, out, 0)));
}

/** The 64 digits of base64url, as character codes. */
const DIGITS = Uint8Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", (digit) =>
  digit.charCodeAt(0),
);

/**
 * Writes `bytes` in base64url without padding into `out` from `at`, a character code a byte (room for
 * four a three bytes is the caller's to make), and answers where it stopped.
 */
export function base64urlInto(bytes: Uint8Array, out: Uint8Array, at: number): number {
  const whole = bytes.length - (bytes.length % 3);
  let i = 0;
  for (; i < whole; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[at++] = DIGITS[n >>> 18]!;
    out[at++] = DIGITS[(n >>> 12) & 63]!;
    out[at++] = DIGITS[(n >>> 6) & 63]!;
    out[at++] = DIGITS[n & 63]!;
  }
  if (i < bytes.length) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8);
    out[at++] = DIGITS[n >>> 18]!;
    out[at++] = DIGITS[(n >>> 12) & 63]!;
    if (i + 1 < bytes.length) out[at++] = DIGITS[(n >>> 6) & 63]!;
  }
  return at;
}

function fromBase64url(text: string): KeyBytes {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (char) => char.charCodeAt(0));
}

/** A key's raw bytes (on their own buffer, as Web Crypto takes them). */
export type KeyBytes = Uint8Array<ArrayBuffer>;

/**
 * The raw bytes of a configured key: base64 or base64url of 32 bytes (`openssl rand -base64 32`).
 * Throws a readable error naming `name` otherwise.
 */
export function keyBytes(name: string, text: string): KeyBytes {
  let bytes: KeyBytes | undefined;
  try {
    bytes = fromBase64url(text.trim().replace(/=+$/, ""));
  } catch {}
  if (bytes?.length !== 32) {
    throw new StartupError(
      `Invalid configuration: ${name} must be 32 random bytes in base64 (\`openssl rand -base64 32\`), got ${text.length} characters that are not`,
    );
  }
  return bytes;
}

/** A short id of a key: the first 8 hex digits of its SHA-256 (a sealed value names the key it needs). */
async function keyId(raw: KeyBytes): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
  return Array.from(digest.slice(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The keyring of `current` and the `previous` keys (raw bytes), ids computed. */
export async function keyringOf(current: KeyBytes, previous: readonly KeyBytes[] = []): Promise<Keyring> {
  const keys = await Promise.all([current, ...previous].map(async (raw) => ({ id: await keyId(raw), raw })));
  return { current: keys[0]!, keys };
}

let processKeyring: Promise<Keyring> | undefined;

/**
 * A key made for this process alone, for an app built without one (tests): what it seals cannot be
 * opened by another process. The entries always pass the configured key.
 */
export function ephemeralKeyring(): Promise<Keyring> {
  processKeyring ??= keyringOf(crypto.getRandomValues(new Uint8Array(32)));
  return processKeyring;
}

const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function cryptoKey(raw: KeyBytes): Promise<CryptoKey> {
  let key = imported.get(raw);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    imported.set(raw, key);
  }
  return key;
}

/**
 * What a sealed value is bound to (the AES-GCM additional data): its company, kind and field, so that a
 * value copied to another record's field of another company or kind does not open.
 */
export interface SecretPlace {
  companyId: number;
  kind: string;
  field: string;
}

const context = (place: SecretPlace) => encoder.encode(`${place.companyId}:${place.kind}:${place.field}`);

/** `<key id>.<iv and ciphertext>` of `plain`, under the keyring's current key. */
export async function seal(keyring: Keyring, place: SecretPlace, plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: context(place) },
      await cryptoKey(keyring.current.raw),
      encoder.encode(plain),
    ),
  );
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return `${keyring.current.id}.${base64url(out)}`;
}

/** The plain value of what `seal` made; throws when no key of the ring opens it (or it was altered). */
export async function open(keyring: Keyring, place: SecretPlace, sealed: string): Promise<string> {
  const dot = sealed.indexOf(".");
  const key = keyring.keys.find((candidate) => candidate.id === sealed.slice(0, dot));
  if (dot < 0 || !key) throw new Error("The value was sealed with a key that is not configured.");
  const bytes = fromBase64url(sealed.slice(dot + 1));
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: context(place) },
    await cryptoKey(key.raw),
    bytes.slice(12),
  );
  return decoder.decode(plain);
}

/** Whether a sealed value was sealed with the keyring's current key (else it is sealed again at start). */
export function sealedWithCurrent(keyring: Keyring, sealed: string): boolean {
  return sealed.startsWith(`${keyring.current.id}.`);
}

/** What reads show of a secret: `…` and its last 4 characters (none of a short one). */
export function hintOf(plain: string): string {
  const characters = [...plain];
  return `…${characters.length >= HINT_FROM ? characters.slice(-4).join("") : ""}`;
}

/** Whether a value is a hint as reads show it: sent back, it keeps the stored secret. */
export function isHint(value: string): boolean {
  return value.startsWith("…") && [...value].length <= 5;
}

/** SHA-256 of an inbound secret, base64url: how a call's secret finds its record. */
export async function digestOf(secret: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(secret))));
}

/** The value a secret field is written with: its hint, its digest when it authenticates calls, sealed. */
export async function written(
  keyring: Keyring,
  place: SecretPlace,
  plain: string,
  inbound = false,
): Promise<string> {
  const hint = hintOf(plain);
  const digest = inbound ? await digestOf(plain) : "";
  return `${SEALED_PREFIX}${[...hint].length}${hint}:${digest}:${await seal(keyring, place, plain)}`;
}

/** A new inbound secret: 32 random bytes, base64url. */
export function newInboundSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** A new callout signing secret, as Standard Webhooks writes them: `whsec_` and base64 of 32 bytes. */
export function newSigningSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
