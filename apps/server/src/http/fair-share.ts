import { ApiError } from "../errors.ts";

/** Expensive requests one company may have running at once, unless configured otherwise. */
export const DEFAULT_EXPENSIVE_PER_COMPANY = 2;

/**
 * Each company's share of the expensive work the server does at once (`EXPENSIVE_PER_COMPANY`): lists
 * that no index serves, start deep or match a `$like` pattern (`isExpensiveList`), and actions whose
 * input makes them so (`ActionHandler.expensive`: a channel's variant levels by sku or paged deep, an
 * inventory export). A company with `perCompany` of them running is answered 429 with `Retry-After` for
 * the next one, before any of its work is done, so one company's load leaves room for everyone else's.
 * Counted in this process (an isolate on Workers), as the rate limits are.
 */
export function fairShare(perCompany: number = DEFAULT_EXPENSIVE_PER_COMPANY) {
  const running = new Map<number, number>();
  return {
    /** Takes one of the company's places, or throws the 429; answers how to give it back (once). */
    take(companyId: number): () => void {
      const count = running.get(companyId) ?? 0;
      if (count >= perCompany) {
        throw new ApiError(
          "rate_limited",
          `Your company already has ${count} expensive request(s) running (lists that no index serves, skip many records or match a $like pattern; a channel's variant levels by sku or from 5000 on; inventory exports), the most it may have at once; retry when one has finished. A list is not limited so when an index finds its records (by id, a unique field, or a reference or lookup field pinned to a value) in an order an index keeps, paged with the Link header's cursor and filtered without $like.`,
          {},
          { "Retry-After": "1" },
        );
      }
      running.set(companyId, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (running.get(companyId) ?? 1) - 1;
        if (left > 0) running.set(companyId, left);
        else running.delete(companyId);
      };
    },
  };
}

export type FairShare = ReturnType<typeof fairShare>;
