export interface LabelAddress {
  name?: string | null;
  company?: string | null;
  lineOne: string;
  lineTwo?: string | null;
  city: string;
  state?: string | null;
  zip?: string | null;
  country: string;
  phone?: string | null;
}

export interface LabelRequest {
  shipFrom: LabelAddress;
  shipTo: LabelAddress;
  carrier: string;
  service: string;
  trackingNumber: string;
  reference?: string | null;
  direction: "outbound" | "return";
  version: number;
  weightGrams?: number | null;
  createdAt: string;
}

export interface RenderedLabel {
  format: "pdf";
  contentType: "application/pdf";
  bytes: Uint8Array;
  trackingNumber: string;
}

export interface LabelProvider {
  readonly name: string;
  createLabel(request: LabelRequest): Promise<RenderedLabel>;
}

const TRACKING_PREFIX = "MC";
const TRACKING_PAYLOAD_DIGITS = 15;

/**
 * A carrier-neutral tracking number: "MC", 15 random digits and a Luhn check digit.
 * @example createTrackingNumber(() => 0) // "MC0000000000000000"
 */
export function createTrackingNumber(random: () => number = secureRandom): string {
  const payload: number[] = [];
  for (let i = 0; i < TRACKING_PAYLOAD_DIGITS; i += 1) {
    payload.push(Math.min(9, Math.max(0, Math.floor(random() * 10))));
  }
  return `${TRACKING_PREFIX}${payload.join("")}${luhnCheckDigit(payload)}`;
}

/** The digit that makes `payload` followed by it pass the Luhn (mod 10) check. */
export function luhnCheckDigit(payload: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
    const digit = payload[payload.length - 1 - i] ?? 0;
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return (10 - (sum % 10)) % 10;
}

function secureRandom(): number {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) / 0x1_0000_0000;
}
