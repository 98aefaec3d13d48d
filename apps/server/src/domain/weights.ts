/** The units a weight may be given in (a parcel's or a dropshipment's `weightUnit`). */
export type WeightUnit = "g" | "kg" | "oz" | "lb";

/** Grams in one of each unit. */
const GRAMS_PER_UNIT: Readonly<Record<WeightUnit, number>> = {
  g: 1,
  kg: 1000,
  oz: 28.349523125,
  lb: 453.59237,
};

/** `weight` in `unit` (grams when no unit is set), in grams. */
export function inGrams(weight: number, unit: WeightUnit | null | undefined): number {
  return weight * GRAMS_PER_UNIT[unit ?? "g"];
}
