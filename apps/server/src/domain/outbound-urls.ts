/**
 * Where the service may send requests. Outbound URLs are the SSRF surface: a
 * tenant could point a webhook at the metadata service or an admin port on the private network. So a
 * target must be https on the default port and must not be or resolve to a loopback, private,
 * link-local, carrier-grade NAT or metadata address, checked when it is saved and again at every send;
 * redirects are never followed. `allowLocal` (`WEBHOOKS_ALLOW_LOCALHOST=true`) lifts all of this for
 * development and tests.
 */
import ipaddr from "ipaddr.js";
import { refusedField } from "../errors.ts";

/** Answers the IP addresses a host name resolves to (Node: `dns.lookup`); absent where none is possible. */
export type ResolveHost = (host: string) => Promise<string[]>;

export interface OutboundPolicy {
  /** Plain http and private addresses allowed (development and tests only). */
  readonly allowLocal: boolean;
  readonly resolve?: ResolveHost;
  /**
   * The runtime's fetch that connects only to an address it checked (Node: an undici agent whose lookup
   * refuses forbidden addresses, `node.ts`), so a name cannot resolve to another address between the
   * check and the connection; absent, the global fetch.
   */
  readonly fetch?: typeof fetch;
}

// IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291): not among ipaddr.js's named ranges.
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/** The address of a literal host (`10.0.0.1`, `[::1]`), or undefined for a name. */
function literalAddress(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = host.replace(/^\[|\]$/g, "");
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : undefined;
}

/**
 * True for addresses no webhook may reach: anything but a global unicast address in ipaddr.js's ranges
 * (loopback, private, link-local and metadata, carrier-grade NAT, unspecified, broadcast, multicast,
 * reserved and documentation ranges; in IPv6 also unique and site local fc00::/7 and fec0::/10, IPv4
 * mapped and translated ::ffff:0:0/96 and 64:ff9b::/96, 6to4 2002::/16, Teredo, discard 100::/64), and
 * IPv4-compatible ::/96. Something that is not an address is refused too.
 */
export function isForbiddenAddress(address: string): boolean {
  const parsed = literalAddress(address);
  if (!parsed) return true;
  if (parsed.range() !== "unicast") return true;
  return parsed.kind() === "ipv6" && parsed.match(IPV4_COMPATIBLE);
}

/**
 * Names of the local network, refused wherever a name is not resolved (the Worker) as where it is: one
 * label (`intranet`), or under a suffix reserved for local use (`localhost`, mDNS's `local`, ICANN's
 * private-use `internal`, the home networks' `home.arpa`).
 */
const LOCAL_SUFFIXES = ["localhost", "local", "internal", "home.arpa"];
function isLocalName(host: string): boolean {
  if (literalAddress(host) !== undefined) return false;
  if (!host.includes(".")) return true;
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
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
  // A URL with credentials cannot be fetched (a request's URL may carry none), wherever it points.
  if (parsed.username || parsed.password) return "must not carry credentials";
  if (policy.allowLocal) {
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? undefined : "must be http(s)";
  }
  if (parsed.protocol !== "https:") return "must be an https URL";
  if (parsed.port && parsed.port !== "443") return "must use the default https port";
  // A name ending in a dot is the same name (`localhost.` is `localhost`).
  const host = parsed.hostname.toLowerCase().replace(/\.+$/, "");
  if (isLocalName(host)) return "must not name a local host";
  const literal = literalAddress(host) !== undefined;
  if (literal && isForbiddenAddress(host)) return "must not be a private, loopback or link-local address";
  if (policy.resolve && !literal) {
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
    if (refused) throw refusedField(field, `${refused}: the service calls it`);
  }
}
