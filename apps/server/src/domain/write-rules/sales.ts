/**
 * Sales and their lines: a line's total from its price, history kept once it has any, a quantity never
 * cut below what its purchase and fulfillment lines still carry; the sale's books; a new price followed
 * by its open returns' lines at their default amount; the lines of a draft an import made routed when it
 * is finalized.
 */
import { sql } from "../../db/sql.ts";
import { accountingReads } from "../accounting.ts";
import { checkLine, lineCents, NO_ACCOUNTING, planSaleBooks } from "../books.ts";
import { checkLineCount } from "../line-limit.ts";
import { checkAmount } from "../money.ts";
import { fieldOf, fieldsOf, many, one, whenEach } from "../reads.ts";
import { linesToRoute, planRouting, routedVariants, routingReads, unroutedLines } from "../sale-routing.ts";
import { column, type RecordOf, table } from "../store.ts";
import { carryingReads, checkCut } from "./carrying.ts";
import { changedLines, lineRule } from "./lines.ts";
import { planReturnsFollowPrices, returnsOfSaleLinesReads } from "./returns.ts";
import { creates, history, latest, type Named, updates, type WriteRules } from "./rule.ts";

/** What a sale's books read of its lines. */
const BOOKED = ["quantity", "price", "quantityFulfilled", "quantityCancelled", "quantityReturned"] as const;

/** A sale's books: its lines, held as many and with what the books add up; whom a fulfilled sale is sent to. */
const saleBooksReads = (sale: Named) => ({
  items: many("sale-item", { saleId: sale }, { hold: { fields: BOOKED } }),
  ...accountingReads(),
});

/**
 * What finalizing a draft sale reads to route its lines: whether an import made it (`imported`: its
 * first sale-import log; held: still that one), its channel, its lines not routed yet while it is a
 * draft (held: still those), their variants, and what routing reads besides (`routingReads`).
 */
function finalizeReads(sale: number) {
  const draft = sql`${fieldOf("sale", sale, "finalized")} IS 0`;
  const unrouted = unroutedLines(sql`${sql.id(column(table("sale-item"), "saleId"))} = ${sale} AND ${draft}`);
  const variantIds = fieldsOf("sale-item", "variantId", unrouted);
  return {
    imported: many("sale-import", { saleId: sale }, { limit: 1, hold: "count" }),
    channel: one("channel", fieldOf("sale", sale, "channelId")),
    unrouted: many("sale-item", unrouted),
    variants: routedVariants(sql`id IN ${variantIds}`),
    ...routingReads({ channelId: fieldOf("sale", sale, "channelId"), variantIds }),
  };
}

export const salesRules: WriteRules = {
  sale: {
    // The reference's clients finalize a sale with `{"status": "finalized"}`: the request `finalized` makes.
    async check({ values, input }) {
      return input.status === "finalized" ? { ...values, finalized: true } : values;
    },
    // A new sale has no lines: its books are its own values, written with it.
    planCreate: creates<"sale", Record<never, never>>({
      reads: () => ({}),
      plan: ({ values, plan }) => planSaleBooks(plan, plan.insert("sale", values), [], NO_ACCOUNTING),
    }),
    planUpdate: updates({
      reads: ({ id, values }) => ({
        ...saleBooksReads(id),
        ...whenEach(values.finalized === true, finalizeReads(id)),
      }),
      plan: ({ values, current, read, plan }) => {
        const sale = plan.update("sale", current, values, { movesState: true });
        // Only an imported order is routed: a sale written through the API is kept for the books.
        const imported = Boolean(read.imported?.length);
        if (current.finalized === false && sale.finalized === true && imported && read.channel) {
          planRouting(plan, read.channel, sale, linesToRoute(read.unrouted ?? [], read.variants ?? []), {
            channelWarehouse: read.channelWarehouse,
            fallbackWarehouse: read.fallbackWarehouse ?? [],
            levels: read.levels ?? [],
            bundleParts: read.bundleParts ?? [],
            products: read.products ?? [],
            providers: read.providers ?? [],
            taxRates: read.taxRates ?? [],
          });
        }
        return planSaleBooks(plan, sale, read.items, read.accounting);
      },
    }),
  },
  "sale-item": lineRule({
    line: "sale-item",
    parent: "sale",
    field: "saleId",
    books: {
      reads: saleBooksReads,
      settle(plan, sale, change) {
        const items = changedLines(sale.books.items, change);
        checkLineCount(
          { kind: "sale", id: sale.record.id },
          "sale-item",
          { before: sale.books.items.length, after: items.length },
          "Put further lines on another sale.",
        );
        planSaleBooks(plan, sale.record, items, sale.books.accounting);
        return undefined;
      },
    },
    // What carries the line's units, read for a write of its quantity; its returns, for one of its price.
    extra: ({ id, values }) => ({
      ...carryingReads(id ?? 0, id !== undefined && values.quantity !== undefined),
      ...returnsOfSaleLinesReads(sql`(${id ?? 0})`, id !== undefined && values.price !== undefined),
    }),
    complete({ values, current, extra }) {
      const quantity = latest(values.quantity, current?.quantity, 0);
      const price = latest(values.price, current?.price, 0);
      checkLine("sale-item", {
        id: current?.id,
        quantity,
        done: current?.quantityFulfilled ?? 0,
        cancelled: current?.quantityCancelled ?? 0,
        returned: current?.quantityReturned ?? 0,
      });
      if (current) checkCut(current, quantity, extra);
      if (current && values.saleId !== undefined && values.saleId !== current.saleId && hasHistory(current)) {
        throw history(
          `Sale item ${current.id} has been fulfilled, cancelled or returned`,
          "It stays on its sale.",
        );
      }
      return { ...values, total: checkAmount("sale-item", "total", lineCents(quantity, price)) };
    },
    effects({ plan, before, after, extra }) {
      if (before && after) planReturnsFollowPrices(plan, [{ before: before.line, after: after.line }], extra);
    },
    deletable(item) {
      if (hasHistory(item)) {
        throw history(
          `Sale item ${item.id} has been fulfilled, cancelled or returned`,
          "Cancel what is left instead.",
        );
      }
    },
  }),
};

function hasHistory(item: RecordOf<"sale-item">): boolean {
  return item.quantityFulfilled + item.quantityCancelled + item.quantityReturned > 0;
}
