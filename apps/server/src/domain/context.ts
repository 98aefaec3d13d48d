import type { Executor } from "../db/database.ts";
import type { LabelProvider } from "../labels/provider.ts";
import type { OutboundPolicy } from "./outbound-urls.ts";
import type { Keyring } from "./secrets.ts";

/** Who is calling: the company (tenant) and whether the token may write. */
export interface Actor {
  readonly companyId: number;
  readonly tokenId: number;
  readonly readOnly: boolean;
}

/** What every service verb gets: the database or the transaction it runs in, the tenant and the actor. */
export interface Ctx {
  readonly db: Executor;
  readonly companyId: number;
  readonly actor: Actor;
  /** The current time, ISO 8601 UTC. */
  readonly now: () => string;
  /** Base URL of the API as the client sees it, for links in responses. */
  readonly baseUrl: string;
  readonly labels: LabelProvider;
  /** Where outbound requests (webhooks, callouts) may go: checked on save and at send. */
  readonly outbound: OutboundPolicy;
  /** The keys that seal and open secret fields (`secrets.ts`). */
  readonly secrets: Promise<Keyring>;
}
