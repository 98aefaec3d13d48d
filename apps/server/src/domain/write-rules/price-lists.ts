/** Channel price lists: a variant has one price in a list, so a list names each variant once. */
import { refusedField } from "../../errors.ts";
import type { WriteRules } from "./rule.ts";

export const priceListRules: WriteRules = {
  "channel-price-list": {
    async check({ values }) {
      const first = new Map<number, number>();
      values.prices?.forEach((entry, index) => {
        const earlier = first.get(entry.variantId);
        if (earlier !== undefined) {
          throw refusedField(
            `prices.${index}.variantId`,
            `names variant ${entry.variantId}, which prices.${earlier} prices already: a variant has one price in a list`,
          );
        }
        first.set(entry.variantId, index);
      });
      return values;
    },
  },
};
