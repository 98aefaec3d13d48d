import type { ActionHandler } from "./types.ts";

export const channelHandlers: Record<string, ActionHandler> = {};
