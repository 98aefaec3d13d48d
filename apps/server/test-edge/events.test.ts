// Events in workerd: a write's event goes through the local Cloudflare Queue to the Worker's consumer,
// which delivers it, signed, to a receiver on 127.0.0.1.
import { Webhook } from "standardwebhooks";
import { afterAll, expect, it } from "vitest";
import { startReceiver } from "../test/receiver.ts";
import { closeDatabase, tenant } from "./support.ts";

afterAll(closeDatabase);

it("delivers an event through the queue consumer, verifiable with standardwebhooks", async () => {
  const receiver = await startReceiver();
  const t = await tenant();
  const hook = await t.json("POST", "/webhook-endpoints.json", {
    url: `${receiver.url}/hooks`,
    events: ["carrier.created"],
  });
  expect(hook.status).toBe(200);
  const carrier = await t.json("POST", "/carriers.json", { name: "Edge Freight" });
  expect(carrier.status).toBe(200);

  // A busy machine may need a retry (a queue redelivery, or a delivery's own 5 s backoff).
  const deadline = Date.now() + 75_000;
  while (!receiver.received.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(receiver.received).toHaveLength(1);
  const [delivery] = receiver.received;
  const event = new Webhook(hook.body.secret).verify(
    delivery!.body,
    delivery!.headers as Record<string, string>,
  ) as { type: string; data: { object: unknown } };
  expect(event).toMatchObject({ type: "carrier.created", data: { object: carrier.body } });
  const log = await t.json("GET", `/webhook-endpoints/${hook.body.id}/deliveries.json`);
  expect(log.body).toEqual([expect.objectContaining({ status: "succeeded", lastResponseStatus: 200 })]);
}, 90_000);
