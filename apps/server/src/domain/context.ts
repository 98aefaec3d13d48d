import type { Db } from "../db/database.ts";
import type { FileStore } from "../db/file-store.ts";
import type { LabelProvider } from "../labels/provider.ts";
import type { MailSettings } from "./mail.ts";
import type { OutboundPolicy } from "./outbound-urls.ts";
import type { Access } from "./scopes.ts";
import type { Keyring } from "./secrets.ts";

/** Who is calling: the company (tenant), the API key and what its scopes allow. */
export interface Actor {
  readonly companyId: number;
  /**
   * The API key's id: the key events record as their `apiKeyId` (see `db/acting-key.ts`); 0 for the
   * inbound webhooks, which no key makes.
   */
  readonly tokenId: number;
  /** The key has no write scope at all. */
  readonly readOnly: boolean;
  /** What the key's scopes allow; absent: everything (the inbound webhooks). */
  readonly access?: Access;
  /** The key's scopes as stored (`catalog:write`, `*:read`). */
  readonly scopes?: readonly string[];
  /** When the key stops working, in ms since the epoch; absent: never. */
  readonly expiresAt?: number;
  /** The key's company is suspended: its requests are refused (403). */
  readonly suspended?: boolean;
}

/** What every service verb gets: the database it reads from, the tenant and the actor. */
export interface Ctx {
  readonly db: Db;
  readonly companyId: number;
  readonly actor: Actor;
  /** The current time, ISO 8601 UTC. */
  readonly now: () => string;
  /**
   * The API's base URL for links in answers (`Location`, `Link`): `PUBLIC_URL` and the mount point, or
   * the mount point alone (a relative link). Never built from the request.
   */
  readonly baseUrl: string;
  /**
   * The API's base URL for the URLs a record keeps and others receive (files, exports): `PUBLIC_URL` and
   * the mount point, else the address the server listens on (or the mount point where none is known).
   */
  readonly storedBaseUrl: string;
  readonly labels: LabelProvider;
  /**
   * How stored files are bounded for the company: kept `keepDays`, at most `quotaBytes` in all, an
   * upload at most `uploadLimitBytes`.
   */
  readonly files: {
    readonly keepDays: number;
    readonly quotaBytes: number;
    readonly uploadLimitBytes: number;
  };
  /** Where stored files' bodies are (`db/file-store.ts`); their rows are in the database. */
  readonly fileStore: FileStore;
  /** Where outbound requests (webhooks, callouts) may go: checked on save and at send. */
  readonly outbound: OutboundPolicy;
  /** The keys that seal and open secret fields (`secrets.ts`). */
  readonly secrets: Promise<Keyring>;
  /** E-mail (`SMTP_URL`, `MAIL_FROM`); absent, this deployment sends none and says so. */
  readonly mail?: MailSettings;
}
