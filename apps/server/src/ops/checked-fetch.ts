/**
 * Outbound requests on Node that connect only to an address the outbound policy allows. The policy's
 * check of a URL (`refusal`) resolves its host name, and the connection would resolve it again: a name
 * whose answer changes in between (DNS rebinding) would pass the check with a public address and then
 * connect to a private one. Here the connection's own lookup is the check: the addresses it resolves are
 * checked, and the socket connects to one of those, never to an address resolved again.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { isForbiddenAddress } from "../domain/outbound-urls.ts";

/** What a host name resolves to, every address with its family. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` as `net.connect` calls it (`all` set when it tries every address, as Node 20 does). */
export type Lookup = (
  hostname: string,
  options: { all?: boolean; family?: unknown },
  callback: LookupCallback,
) => void;

const resolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * A lookup that answers only the addresses `allowed` accepts, and fails (as a name that does not
 * resolve would) when none is left: the connection is never opened to a refused address.
 */
export function checkedLookup(
  allowed: (address: string) => boolean = (address) => !isForbiddenAddress(address),
  resolve: ResolveAll = resolveAll,
): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const usable = found.filter((entry) => allowed(entry.address));
        if (!usable.length) {
          const error: NodeJS.ErrnoException = new Error(
            `${hostname} resolves to no address the service may send to (private, loopback or link-local)`,
          );
          error.code = "EREFUSEDADDRESS";
          callback(error, options.all ? [] : "", 0);
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : "", 0),
    );
  };
}

/**
 * A fetch whose connections go through `checkedLookup` (an undici agent of its own, keep-alive as
 * usual). A literal address in the URL is not looked up: the policy's check of the URL refuses those.
 */
export function checkedFetch(lookup: Lookup = checkedLookup()): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup } });
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
