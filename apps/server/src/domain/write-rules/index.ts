/**
 * What the generic CRUD verbs do beyond storing a record, for the kinds whose records feed the books or
 * name URLs the service calls: each rule checks a write and plans it with everything that depends on it
 * (see `rule.ts`). Kinds without a rule are stored as sent.
 */
import type { StoredRecord } from "../../db/rows.ts";
import type { Ctx } from "../context.ts";
import type { Reads, Snapshot } from "../reads.ts";
import type { WritePlan } from "../write-plan.ts";
import { accountingRules } from "./accounting.ts";
import { catalogRules } from "./catalog.ts";
import { customFieldRules } from "./custom-fields.ts";
import { dropshipmentRules } from "./dropshipments.ts";
import { feedRules } from "./feeds.ts";
import { fulfillmentRules } from "./fulfillments.ts";
import { importRules } from "./imports.ts";
import { outboundRules } from "./outbound.ts";
import { priceListRules } from "./price-lists.ts";
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
  ...accountingRules,
  ...importRules,
  ...customFieldRules,
  ...catalogRules,
  ...feedRules,
  ...priceListRules,
};

type Values = Record<string, unknown>;

/**
 * A rule as the generic CRUD verbs run it, for a kind known only at run time: values and records as
 * stored (`StoredRecord`), which is what each kind's rule is given and answers, typed by its kind.
 */
export interface StoredRule {
  performs?(field: string, value: unknown, current: StoredRecord): boolean;
  check?(args: { ctx: Ctx; values: Values; input: Values }): Promise<Values>;
  planCreate?: {
    reads(args: { values: Values }): Reads;
    plan(args: {
      ctx: Ctx;
      values: Values;
      input: Values;
      read: Snapshot<Reads>;
      plan: WritePlan;
    }): StoredRecord;
  };
  planUpdate?: {
    readonly fields?: readonly string[];
    reads(args: { id: number; values: Values }): Reads;
    plan(args: {
      ctx: Ctx;
      values: Values;
      current: StoredRecord;
      input: Values;
      read: Snapshot<Reads>;
      plan: WritePlan;
    }): StoredRecord;
  };
  planDelete?: {
    reads(args: { id: number }): Reads;
    plan(args: { ctx: Ctx; current: StoredRecord; read: Snapshot<Reads>; plan: WritePlan }): void;
  };
}

/** The rule of a kind, for the generic CRUD verbs (see `StoredRule`). */
export function writeRuleOf(kindName: string): StoredRule | undefined {
  return (writeRules as Record<string, unknown>)[kindName] as StoredRule | undefined;
}
