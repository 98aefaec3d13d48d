// A secret the server makes is shown by the answer that makes it and nowhere else: every action that
// answers a secret (found from the manifest) is run, and neither the event log, the stored events, the
// deliveries, what a webhook receiver got nor the app's log carries any of them. The rotation's event
// says it happened and shows the hint.
import { actions, type KindDef, kinds } from "@multichannel/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createDispatcher } from "../../src/services/webhooks/dispatcher.ts";
import { createBody } from "../factory.ts";
import { startReceiver } from "../receiver.ts";
import { expectStatus } from "../requests.ts";
import { setupApp, type Tenant } from "../support.ts";

let setup: Awaited<ReturnType<typeof setupApp>>;
/** Everything the app logs. */
const logged: unknown[] = [];
beforeAll(async () => {
  const keep = (message: string, properties?: Record<string, unknown>) => {
    logged.push({ message, properties: { ...properties, error: String(properties?.error ?? "") } });
  };
  setup = await setupApp({ outbound: { allowLocal: true }, log: { debug: keep, warn: keep, error: keep } });
});

/** The actions whose answer carries a secret they just made, and those members. */
const rotations = actions
  .map(({ kind, action }) => ({
    kind,
    action,
    members: Object.entries("fields" in action.output ? action.output.fields : {})
      .filter(([, def]) => def.secret === "shownOnce")
      .map(([name]) => name),
  }))
  .filter(({ members }) => members.length > 0);

/** What a record's create answer shows once: its server-made secrets and the create-only members. */
function createdSecrets(kind: KindDef, answer: Record<string, unknown>): string[] {
  const names = [
    ...Object.entries(kind.fields)
      .filter(([, def]) => def.secret === "serverMade")
      .map(([name]) => name),
    ...Object.keys(kind.createAnswer ?? {}),
  ];
  return names.map((name) => answer[name]).filter((value): value is string => typeof value === "string");
}

/** A record of `kind` whose every URL is the receiver's (nothing is called elsewhere). */
async function recordOf(t: Tenant, kind: KindDef, receiverUrl: string) {
  const body = await createBody(t, kind);
  for (const [name, def] of Object.entries(kind.fields)) {
    if (def.type === "string" && def.format === "url") body[name] = `${receiverUrl}/${kind.name}/${name}`;
  }
  return expectStatus(t.json("POST", `/${kind.plural}.json`, body), 200);
}

describe("secrets in events", () => {
  it("the manifest marks every answer member that looks like a secret", () => {
    const unmarked = actions.flatMap(({ kind, action }) =>
      Object.entries("fields" in action.output ? action.output.fields : {})
        .filter(
          ([name, def]) =>
            def.type === "string" && /secret|hash|token|password/i.test(name) && def.secret !== "shownOnce",
        )
        .map(([name]) => `${kind.name}.${action.name}: ${name}`),
    );
    expect(unmarked).toEqual([]);
    expect(rotations.map(({ kind, action }) => `${kind.name}.${action.name}`)).toContain(
      "webhook-endpoint.rotate-secret",
    );
  });

  it("no rotated or created secret reaches an event, a stored event, a delivery or a receiver", async () => {
    const t = await setup.tenant();
    const receiver = await startReceiver();
    const hook = await expectStatus(
      t.json("POST", "/webhook-endpoints.json", { url: `${receiver.url}/all`, events: ["*"] }),
      200,
    );
    const secrets: string[] = [hook.secret];
    const rotated: { type: string | undefined; id: number; kind: string }[] = [];

    for (const { kind, action, members } of rotations) {
      const record = await recordOf(t, kind, receiver.url);
      secrets.push(...createdSecrets(kind, record));
      for (const round of [1, 2]) {
        const answer = await expectStatus(
          t.json("POST", `/${kind.plural}/${record.id}/${action.name}.json`, {}),
          200,
        );
        for (const member of members) {
          expect(typeof answer[member], `${kind.name}.${action.name} round ${round}`).toBe("string");
          expect(answer[member].length).toBeGreaterThan(16);
          secrets.push(answer[member]);
        }
      }
      rotated.push({ type: action.event, id: record.id, kind: kind.name });
    }
    const dispatcher = createDispatcher({
      db: setup.db,
      policy: { allowLocal: true },
      now: () => Date.now() + 60_000,
    });
    await dispatcher.runOnce();
    await dispatcher.runOnce();

    const log = await expectStatus(t.json("GET", "/events.json?limit=250"), 200);
    const stored = await setup.db.execute({
      sql: "SELECT * FROM events WHERE company_id = ?",
      args: [t.companyId],
    });
    const deliveries = await setup.db.execute({
      sql: "SELECT * FROM webhook_deliveries WHERE company_id = ?",
      args: [t.companyId],
    });
    expect(receiver.received.length).toBeGreaterThan(0);
    const places = {
      "the event log": JSON.stringify(log),
      "the events table": JSON.stringify(stored.rows),
      "the deliveries table": JSON.stringify(deliveries.rows),
      "what receivers got": JSON.stringify(receiver.received),
      "the app's log": JSON.stringify(logged),
    };
    for (const secret of new Set(secrets)) {
      for (const [place, text] of Object.entries(places)) {
        expect(text.includes(secret), `a secret in ${place}`).toBe(false);
      }
    }

    // Each rotation that declares an event has one: it names the record and shows the new hint.
    for (const { type, id, kind } of rotated) {
      if (!type) continue;
      const events = log.filter((event: any) => event.type === type && event.data.object.id === id);
      expect(events, `${kind} ${type}`).toHaveLength(2);
      const now = await expectStatus(
        t.json("GET", `/${kinds.find((k) => k.name === kind)!.plural}/${id}.json`),
        200,
      );
      expect(events[1].data.object.secretHint).toBe(now.secretHint);
      expect(events[1].data.result).toEqual({ previousSecretExpiresAt: expect.any(String) });
    }
  });
});
