/**
 * What the generic CRUD verbs do beyond storing a record, for the kinds whose records feed the books or
 * name URLs the service calls: each rule checks a write and plans it with everything that depends on it
 * (see `rule.ts`). Kinds without a rule are stored as sent.
 */
import type { KindName } from "../store.ts";
import { dropshipmentRules } from "./dropshipments.ts";
import { fulfillmentRules } from "./fulfillments.ts";
import { outboundRules } from "./outbound.ts";
import { purchaseRules } from "./purchases.ts";
import { receiptRules } from "./receipts.ts";
import { returnRules } from "./returns.ts";
import type { CreatePlanner, DeletePlanner, UpdatePlanner, WriteRule, WriteRules } from "./rule.ts";
import { salesRules } from "./sales.ts";
import { stockRules } from "./stock.ts";

export type { CreatePlanner, DeletePlanner, UpdatePlanner, WriteRule, WriteRules };

export const writeRules: WriteRules = {
  ...salesRules,
  ...purchaseRules,
  ...returnRules,
  ...stockRules,
  ...fulfillmentRules,
  ...receiptRules,
  ...dropshipmentRules,
  ...outboundRules,
};

/** The rule of a kind, typed loosely for the generic CRUD verbs. */
export function writeRuleOf(kindName: string): WriteRule<KindName> | undefined {
  return (writeRules as Record<string, WriteRule<KindName> | undefined>)[kindName];
}
