/** The purchase order a provider receives, as JSON, CSV, XML or an e-mail (text, HTML and the CSV attached). */

import type { DropshipProvider, Purchase, PurchaseItem } from "@multichannel/schema";
import { csvText } from "../../domain/csv-text.ts";
import { fromCents, toCents } from "../../domain/money.ts";
import { type ShipTo, shipToOfPurchase } from "../../domain/order-routing.ts";

export type PurchaseOrderFormat = "json" | "xml" | "csv" | "email";

interface OrderLine {
  sku: string;
  name: string;
  quantity: number;
  price: number;
  total: number;
}

/** The order's figures in minor units; lines are summed exactly, the purchase adds shipping, tax and discounts. */
interface PurchaseOrder {
  number: string;
  date: string;
  currency: string;
  provider: string;
  shipTo: ShipTo;
  /** The purchase's `dropshipNotes`, for the provider; null when it has none. */
  notes: string | null;
  lines: OrderLine[];
  subtotal: number;
  shippingPrice: number;
  discounts: number;
  taxAmount: number;
  total: number;
}

/** The order as the provider should fill it: lines not cancelled, at their open quantity. */
function purchaseOrderOf(
  purchase: Purchase,
  items: readonly PurchaseItem[],
  provider: DropshipProvider,
): PurchaseOrder {
  const lines = items
    .map((item) => {
      const quantity = item.quantity - item.quantityCancelled;
      const price = toCents(item.price);
      return { sku: item.sku, name: item.name ?? "", quantity, price, total: price * quantity };
    })
    .filter((line) => line.quantity > 0);
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const shippingPrice = toCents(purchase.shippingPrice);
  const taxAmount = toCents(purchase.taxAmount);
  // The purchase's discounts, as far as what is left to order takes them: once lines are cancelled, a
  // discount of the whole order may be more than the rest is worth. The order's total is then 0, as
  // the purchase's books owe (`amountOwed`: never below 0), and its figures still add up.
  const discounts = Math.min(toCents(purchase.discounts), subtotal + shippingPrice + taxAmount);
  return {
    number: purchase.reference?.trim() || String(purchase.id),
    date: purchase.dateOrdered ?? purchase.createdAt,
    currency: purchase.currency ?? "USD",
    provider: provider.name ?? "",
    shipTo: shipToOfPurchase(purchase),
    notes: purchase.dropshipNotes?.trim() ? purchase.dropshipNotes : null,
    lines,
    subtotal,
    shippingPrice,
    discounts,
    taxAmount,
    total: subtotal + shippingPrice + taxAmount - discounts,
  };
}

/** Minor units as a decimal string with two places, without going through floating point. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const SHIP_TO_FIELDS = [
  "name",
  "company",
  "lineOne",
  "lineTwo",
  "city",
  "state",
  "zip",
  "country",
  "phone",
  "email",
] as const;

function toJson(order: PurchaseOrder): string {
  const money = (cents: number) => fromCents(cents);
  return JSON.stringify(
    {
      purchaseOrder: {
        number: order.number,
        date: order.date,
        currency: order.currency,
        provider: order.provider,
        shipTo: Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, order.shipTo[field] ?? null])),
        notes: order.notes,
        lines: order.lines.map((line) => ({ ...line, price: money(line.price), total: money(line.total) })),
        subtotal: money(order.subtotal),
        shippingPrice: money(order.shippingPrice),
        discounts: money(order.discounts),
        taxAmount: money(order.taxAmount),
        total: money(order.total),
      },
    },
    null,
    2,
  );
}

/**
 * The purchase order's columns, a row per line (the order's fields repeated on each), then the order's
 * notes on its first row only: up to 2,000 characters on each of 5,000 rows would more than double the
 * largest order (see `purchase-notification.payload`).
 */
const CSV_COLUMNS = [
  "number",
  "date",
  "currency",
  "sku",
  "name",
  "quantity",
  "price",
  "line_total",
  ...SHIP_TO_FIELDS.map((field) => `ship_to_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`),
  "order_total",
  "notes",
];

/**
 * The order as CSV, written as every CSV of the service is (`csvText`): a provider opening it in a
 * spreadsheet runs no formula a buyer typed into a name.
 */
function toCsv(order: PurchaseOrder): string {
  const shipTo = SHIP_TO_FIELDS.map((field) => order.shipTo[field] ?? "");
  const rows = order.lines.map((line, index) => [
    order.number,
    order.date,
    order.currency,
    line.sku,
    line.name,
    line.quantity,
    formatCents(line.price),
    formatCents(line.total),
    ...shipTo,
    formatCents(order.total),
    index === 0 ? (order.notes ?? "") : "",
  ]);
  return csvText([CSV_COLUMNS, ...rows]);
}

/**
 * Text as XML character data or attribute value: markup escaped, tabs and line breaks as character
 * references, characters XML 1.0 forbids dropped.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
      // As references, which a parser keeps (it reads a CR as a line feed, and a line break or tab in an
      // attribute as a space): the provider reads the values as stored.
      .replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`)
  );
}

function toXml(order: PurchaseOrder): string {
  const element = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;
  const shipTo = SHIP_TO_FIELDS.filter((field) => order.shipTo[field])
    .map((field) => `    ${element(field, order.shipTo[field]!)}`)
    .join("\n");
  const lines = order.lines
    .map((line) =>
      [
        "    <line>",
        `      ${element("sku", line.sku)}`,
        `      ${element("name", line.name)}`,
        `      ${element("quantity", line.quantity)}`,
        `      ${element("price", formatCents(line.price))}`,
        `      ${element("total", formatCents(line.total))}`,
        "    </line>",
      ].join("\n"),
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<purchaseOrder number="${escapeXml(order.number)}">`,
    `  ${element("date", order.date)}`,
    `  ${element("currency", order.currency)}`,
    `  ${element("provider", order.provider)}`,
    "  <shipTo>",
    shipTo,
    "  </shipTo>",
    order.notes ? `  ${element("notes", order.notes)}` : "",
    "  <lines>",
    lines,
    "  </lines>",
    `  ${element("subtotal", formatCents(order.subtotal))}`,
    `  ${element("shippingPrice", formatCents(order.shippingPrice))}`,
    `  ${element("discounts", formatCents(order.discounts))}`,
    `  ${element("taxAmount", formatCents(order.taxAmount))}`,
    `  ${element("total", formatCents(order.total))}`,
    "</purchaseOrder>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** The ship-to address as the lines of a letter. */
function addressLines(to: ShipTo): string[] {
  return [
    to.name,
    to.company,
    to.lineOne,
    to.lineTwo,
    [to.city, to.state, to.zip].filter(Boolean).join(" "),
    to.country,
    to.phone,
  ].filter((line): line is string => Boolean(line));
}

/** The order's notes as the lines of a letter, as the company wrote them. */
function notesLines(notes: string): string[] {
  return notes.split(/\r\n|\r|\n/);
}

function toEmail(order: PurchaseOrder): string {
  const address = addressLines(order.shipTo);
  const amount = (cents: number) => `${formatCents(cents)} ${order.currency}`;
  return [
    `Hello ${order.provider},`,
    "",
    `please ship purchase order ${order.number} of ${order.date}.`,
    "",
    "Ship to:",
    ...address.map((line) => `  ${line}`),
    "",
    ...(order.notes ? ["Notes:", ...notesLines(order.notes).map((line) => `  ${line}`), ""] : []),
    "Lines:",
    ...order.lines.map(
      (line) =>
        `  ${line.quantity} x ${line.sku}${line.name ? ` (${line.name})` : ""} at ${amount(line.price)} = ${amount(line.total)}`,
    ),
    "",
    `Subtotal: ${amount(order.subtotal)}`,
    `Shipping: ${amount(order.shippingPrice)}`,
    `Discounts: ${amount(order.discounts)}`,
    `Tax: ${amount(order.taxAmount)}`,
    `Total: ${amount(order.total)}`,
    "",
  ].join("\n");
}

/** The e-mail body's HTML: the same letter as the text, the lines as a table. */
function toHtml(order: PurchaseOrder): string {
  const text = (value: string | number) => escapeXml(String(value));
  const amount = (cents: number) => text(`${formatCents(cents)} ${order.currency}`);
  const cell = (value: string, align = "left") =>
    `<td style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:${align}">${value}</td>`;
  const rows = order.lines.map(
    (line) =>
      `<tr>${cell(text(line.quantity), "right")}${cell(text(line.sku))}${cell(text(line.name))}${cell(amount(line.price), "right")}${cell(amount(line.total), "right")}</tr>`,
  );
  const totals: [string, number][] = [
    ["Subtotal", order.subtotal],
    ["Shipping", order.shippingPrice],
    ["Discounts", order.discounts],
    ["Tax", order.taxAmount],
    ["Total", order.total],
  ];
  return [
    "<!DOCTYPE html>",
    '<html><head><meta charset="utf-8"></head><body style="font-family:sans-serif">',
    `<p>Hello ${text(order.provider)},</p>`,
    `<p>please ship purchase order <strong>${text(order.number)}</strong> of ${text(order.date)}.</p>`,
    `<p>Ship to:<br>${addressLines(order.shipTo).map(text).join("<br>")}</p>`,
    ...(order.notes ? [`<p>Notes:<br>${notesLines(order.notes).map(text).join("<br>")}</p>`] : []),
    '<table style="border-collapse:collapse">',
    "<thead><tr><th>Quantity</th><th>SKU</th><th>Name</th><th>Price</th><th>Total</th></tr></thead>",
    `<tbody>${rows.join("")}</tbody>`,
    "</table>",
    `<p>${totals.map(([label, cents]) => `${label}: ${amount(cents)}`).join("<br>")}</p>`,
    "</body></html>",
    "",
  ].join("\n");
}

/** A purchase order as an e-mail: its subject, the letter as text and HTML, the CSV as an attachment. */
export interface PurchaseOrderMail {
  subject: string;
  text: string;
  html: string;
  csv: { filename: string; content: string };
}

/** The purchase order e-mailed to `provider`. */
export function renderPurchaseOrderMail(input: {
  purchase: Purchase;
  items: readonly PurchaseItem[];
  provider: DropshipProvider;
}): PurchaseOrderMail {
  const order = purchaseOrderOf(input.purchase, input.items, input.provider);
  return {
    // A header line: a reference with a line break in it must not start another header.
    subject: `Purchase order ${subjectText(order.number)}`,
    text: toEmail(order),
    html: toHtml(order),
    csv: { filename: `purchase-order-${fileSafe(order.number)}.csv`, content: toCsv(order) },
  };
}

/**
 * A number as a subject's text, read as written: control characters (a line break) made spaces, and
 * `=?` written `= ?`, so that a mail reader does not decode what looks like an encoded word
 * (`=?utf-8?B?...?=`) into other text, line breaks included.
 */
function subjectText(number: string): string {
  return number.replace(/\p{Cc}+/gu, " ").replaceAll("=?", "= ?");
}

/** A purchase order's number as part of a file name: letters, digits, dot, dash and underscore only. */
function fileSafe(number: string): string {
  return number.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 80) || "order";
}

/** The purchase order document for `provider` in `format`. */
export function renderPurchaseOrder(input: {
  purchase: Purchase;
  items: readonly PurchaseItem[];
  provider: DropshipProvider;
  format: PurchaseOrderFormat;
}): string {
  const order = purchaseOrderOf(input.purchase, input.items, input.provider);
  switch (input.format) {
    case "json":
      return toJson(order);
    case "csv":
      return toCsv(order);
    case "xml":
      return toXml(order);
    case "email":
      return toEmail(order);
  }
}
