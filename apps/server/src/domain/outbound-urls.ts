/**
 * Where the service may send requests. Outbound URLs are the SSRF surface: a
 * tenant could point a webhook at the metadata service or an admin port on the private network. So a
 * target must be https on the default port and must not be or resolve to a loopback, private,
 * link-local, carrier-grade NAT or metadata address, checked when it is saved and again at every send;
 * redirects are never followed. `allowLocal` (`WEBHOOKS_ALLOW_LOCALHOST=true`) lifts all of this for
 * development and tests.
 */
import { invalidField } from "../errors.ts";

/** Answers the IP addresses a host name resolves to (Node: `dns.lookup`); absent where none is possible. */
export type ResolveHost = (host: string) => Promise<string[]>;

export interface OutboundPolicy {
  /** Plain http and private addresses allowed (development and tests only). */
  readonly allowLocal: boolean;
  readonly resolve?: ResolveHost;
}

function ipv4Parts(address: string): number[] | undefined {
  const parts = address.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** True for addresses no webhook may reach: loopback, private, link-local (metadata), CGNAT, unspecified. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  const v4 = ipv4Parts(mapped ?? bare);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!bare.includes(":")) return false;
  return (
    bare === "::" ||
    bare === "::1" ||
    /^f[cd]/.test(bare) || // unique local fc00::/7
    /^fe[89ab]/.test(bare) || // link-local fe80::/10
    /^ff/.test(bare) || // multicast
    bare.startsWith("::ffff:") ||
    bare.startsWith("64:ff9b:") // NAT64 of any IPv4, private ones included
  );
}

/**
 * Why the service will not send to `url`, or undefined when it may. Names are resolved when the
 * policy can (Node); every address they resolve to must be public.
 */
export async function refusal(url: string, policy: OutboundPolicy): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a URL";
  }
  if (policy.allowLocal) {
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? undefined : "must be http(s)";
  }
  if (parsed.protocol !== "https:") return "must be an https URL";
  if (parsed.username || parsed.password) return "must not carry credentials";
  if (parsed.port && parsed.port !== "443") return "must use the default https port";
  const host = parsed.hostname.toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal")) {
    return "must not name a local host";
  }
  if (isForbiddenAddress(host)) return "must not be a private, loopback or link-local address";
  if (policy.resolve && !ipv4Parts(host) && !host.startsWith("[")) {
    let addresses: string[];
    try {
      addresses = await policy.resolve(host);
    } catch {
      return `has a host (${host}) that does not resolve`;
    }
    if (!addresses.length) return `has a host (${host}) that does not resolve`;
    if (addresses.some(isForbiddenAddress)) return `resolves to a private, loopback or link-local address`;
  }
  return undefined;
}

/**
 * The URLs a record names for the service to call (a provider's purchase endpoint, a custom channel's
 * inventory endpoint, an export's webhook): 422 when the service would refuse to send there.
 */
export async function checkOutboundUrls(
  policy: OutboundPolicy,
  values: Record<string, unknown>,
  fields: readonly string[],
): Promise<void> {
  for (const field of fields) {
    const url = values[field];
    if (typeof url !== "string") continue;
    const refused = await refusal(url, policy);
    if (refused) throw invalidField(field, `The service calls this URL, and it ${refused}.`);
  }
}
