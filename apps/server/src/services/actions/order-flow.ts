import type { ActionHandler } from "./types.ts";

export const orderHandlers: Record<string, ActionHandler> = {};
