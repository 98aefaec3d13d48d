import { channelHandlers } from "./channel-flow.ts";
import { orderHandlers } from "./order-flow.ts";
import type { ActionHandler } from "./types.ts";

/** The service verb of every action, keyed `<kind>.<action>`. */
export const actionHandlers: Record<string, ActionHandler> = { ...orderHandlers, ...channelHandlers };
