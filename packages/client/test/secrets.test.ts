import { beforeAll, describe, expect, it } from "vitest";
import {
  createClient,
  isApiError,
  isSecretNotShownError,
  metaOf,
  SecretNotShownError,
} from "../src/index.ts";
import { setupServer } from "./setup.ts";

let server: Awaited<ReturnType<typeof setupServer>>;
beforeAll(async () => {
  server = await setupServer();
});

/** A client whose first create of `plural` runs on the server but whose answer is lost on the way back. */
async function losingFirstAnswer(plural: string) {
  const { token } = await server.tenantClient();
  let lost = false;
  return createClient({
    baseUrl: "http://localhost",
    token,
    fetch: async (input, init) => {
      const answer = await server.fetch(input, init);
      if (!lost && init.method === "POST" && new URL(input).pathname === `/${plural}.json`) {
        lost = true;
        throw new TypeError("fetch failed: socket hang up");
      }
      return answer;
    },
    retry: { sleep: async () => {} },
  });
}

describe("a create whose answer shows a secret the server makes", () => {
  it("shows it when the first answer comes back", async () => {
    const { client } = await server.tenantClient({ retry: {} });
    const integration = await client.accountingIntegrations.create({ name: "Books" });
    expect(integration.signingSecret).toMatch(/^whsec_/);
  });

  it("throws a SecretNotShownError carrying the record, made once, when only a replay of its answer came back", async () => {
    const client = await losingFirstAnswer("accounting-integrations");
    const error = await client.accountingIntegrations.create({ name: "Books" }).catch((e: unknown) => e);
    expect(isSecretNotShownError(error)).toBe(true);
    expect(isApiError(error)).toBe(false);
    const { record, secrets, message } = error as SecretNotShownError;
    expect(error).toBeInstanceOf(SecretNotShownError);
    expect(record).toMatchObject({ name: "Books", signingSecret: expect.stringMatching(/^…/) });
    expect(metaOf(record)!.headers.get("Idempotent-Replayed")).toBe("true");
    expect(secrets).toEqual([{ field: "signingSecret", rotate: "rotate-signing-secret" }]);
    expect(message).toContain("signingSecret");
    expect(message).toContain("rotateSigningSecret");
    const { records } = await client.accountingIntegrations.list();
    expect(records.map((made) => made.id)).toEqual([record.id]);
    // The action it names makes a new secret, shown by its answer.
    const { signingSecret } = await client.accountingIntegrations.rotateSigningSecret(record.id);
    expect(signingSecret).toMatch(/^whsec_/);
  });

  it("names each secret of a kind that has several, with its own rotation", async () => {
    const client = await losingFirstAnswer("custom-channels");
    const channel = await client.channels.create({ name: "Shop" });
    const error = await client.customChannels
      .create({ name: "Shop API", channelId: channel.id })
      .catch((e: unknown) => e);
    expect(isSecretNotShownError(error) && error.secrets).toEqual([
      { field: "webhookHash", rotate: "rotate-webhook-hash" },
      { field: "signingSecret", rotate: "rotate-signing-secret" },
    ]);
  });

  it("resolves a replayed create of a kind without such a secret as the record", async () => {
    const client = await losingFirstAnswer("carriers");
    const carrier = await client.carriers.create({ name: "Courier Co" });
    expect(carrier).toMatchObject({ name: "Courier Co" });
    expect(metaOf(carrier)!.headers.get("Idempotent-Replayed")).toBe("true");
  });
});
