/**
 * Inventory feeds' settings: a CSV feed's separator is one its files can be read with, and the delete of
 * a column, JSON path or mapping the feed's files are read with moves the feed's `updatedAt`, so that a
 * fetch of the same file again reads it with the settings as they are now (`services/feed-fetch.ts`
 * compares the settings' `updatedAt` with the last processed file's).
 */
import { refusedField } from "../../errors.ts";
import { updateSql } from "../record-plans.ts";
import { table } from "../store.ts";
import { deletes, type WriteRules } from "./rule.ts";

type FeedSetting = "inventory-feed-field" | "inventory-feed-json-field" | "inventory-feed-mapping";

/**
 * The delete of one of a feed's reading settings, planned with the feed's `updatedAt` moved in its
 * batch (its values unchanged: no event). Nothing is read beside the record.
 */
const settingDeleted = <N extends FeedSetting>() =>
  deletes<N, Record<never, never>>({
    reads: () => ({}),
    plan({ current: { inventoryFeedId }, plan }) {
      if (inventoryFeedId !== null)
        plan.write(updateSql(table("inventory-feed"), plan.now, inventoryFeedId, []));
    },
  });

export const feedRules: WriteRules = {
  "inventory-feed": {
    // A quote or a line break is how a CSV file quotes its cells and ends its rows: no separator.
    async check({ values }) {
      if (values.delimiter && /["\r\n]/.test(values.delimiter)) {
        throw refusedField("delimiter", "must not hold a quote or a line break");
      }
      return values;
    },
  },
  "inventory-feed-field": { planDelete: settingDeleted<"inventory-feed-field">() },
  "inventory-feed-json-field": { planDelete: settingDeleted<"inventory-feed-json-field">() },
  "inventory-feed-mapping": { planDelete: settingDeleted<"inventory-feed-mapping">() },
};
