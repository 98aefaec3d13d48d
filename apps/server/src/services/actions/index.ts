import { channelHandlers } from "./channel-flow.ts";
import { orderHandlers } from "./order-flow.ts";
import { secretHandlers } from "./secret-flow.ts";
import type { ActionHandlers } from "./types.ts";
import { webhookHandlers } from "./webhook-flow.ts";

/** The service verb of every action, keyed `<kind>.<action>`. */
export const actionHandlers = {
  ...orderHandlers,
  ...channelHandlers,
  ...webhookHandlers,
  ...secretHandlers,
} satisfies ActionHandlers;
