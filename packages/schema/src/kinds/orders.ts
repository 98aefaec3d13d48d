import {
  saleReturnActions,
  saleReturnStates,
  saleReturnStatuses,
  saleStates,
  saleStatuses,
} from "../actions.ts";
import { defineKind, f } from "../define.ts";

const paymentStatuses = ["notPaid", "partiallyPaid", "paid"] as const;
const invoiceStatuses = ["notInvoiced", "partiallyInvoiced", "invoiced"] as const;
const returnStatuses = ["notReturned", "partiallyReturned", "returned"] as const;
const cancelReasons = ["customer", "fraud", "inventory", "declined", "other"] as const;

const shippingAddress = {
  shippingName: f.string({ maxLength: 200 }),
  shippingCompany: f.string({ maxLength: 200 }),
  shippingAddressLineOne: f.string({ maxLength: 200 }),
  shippingAddressLineTwo: f.string({ maxLength: 200 }),
  shippingCity: f.string({ maxLength: 100 }),
  shippingState: f.string({ maxLength: 100 }),
  shippingZip: f.string({ maxLength: 20 }),
  shippingCountry: f.string({ format: "country" }),
  shippingPhone: f.string({ format: "phone" }),
  shippingEmail: f.string({ format: "email", maxLength: 200 }),
};

export const sale = defineKind({
  name: "sale",
  plural: "sales",
  group: "orders",
  source: "implied",
  description: "An order a customer placed on a selling channel, with its ship-to address and totals.",
  fields: {
    channelId: f.ref("channel", { required: true }),
    externalId: f.string({ maxLength: 100, description: "The order's id on the channel." }),
    customerId: f.ref("customer"),
    resellerId: f.ref("reseller"),
    status: f.enum(saleStatuses, { default: "open", readOnly: true }),
    inventoryStatus: f.enum(["notFulfilled", "partiallyFulfilled", "fulfilled"], {
      default: "notFulfilled",
      readOnly: true,
      description: "From the lines' fulfilled quantities.",
    }),
    invoiceStatus: f.enum(invoiceStatuses, {
      default: "notInvoiced",
      description: "As the channel reports it: the customer is invoiced on the channel.",
    }),
    paymentStatus: f.enum(paymentStatuses, {
      default: "notPaid",
      description: "As the channel reports it: the customer pays on the channel.",
    }),
    returnStatus: f.enum(returnStatuses, {
      default: "notReturned",
      readOnly: true,
      description: "From the lines' returned quantities.",
    }),
    cancellationStatus: f.enum(["none", "partial", "full"], {
      default: "none",
      readOnly: true,
      description: "From the lines' cancelled quantities.",
    }),
    cancelReason: f.enum(cancelReasons),
    cancelled: f.boolean({ default: false, readOnly: true, description: "True once the sale is cancelled." }),
    finalized: f.boolean({ default: true, description: "False while the order is a draft on the channel." }),
    locked: f.boolean({ default: false, description: "Locked against edits on the channel." }),
    cloneReason: f.enum(["exchange", "new_sale"], { description: "Why the sale was cloned from another." }),
    resellerPayee: f.enum(["reseller", "customer"], {
      default: "reseller",
      description: "Who pays for a reseller's sale.",
    }),
    currency: f.string({ format: "currency", default: "USD" }),
    ...shippingAddress,
    subtotal: f.money({ default: 0, readOnly: true, description: "Sum of the line totals." }),
    shippingPrice: f.money({ default: 0, min: 0 }),
    discounts: f.money({ default: 0, min: 0 }),
    taxAmount: f.money({ default: 0, min: 0 }),
    total: f.money({
      default: 0,
      readOnly: true,
      description: "subtotal + shippingPrice - discounts + taxAmount.",
    }),
    orderedAt: f.datetime(),
    notes: f.string({ maxLength: 2000 }),
  },
  states: saleStates,
  unique: [["channelId", "externalId"]],
});

export const saleItem = defineKind({
  name: "sale-item",
  plural: "sale-items",
  group: "orders",
  source: "implied",
  description:
    "One line of a sale: a SKU, how many were ordered, at what price, and how many were fulfilled.",
  fields: {
    saleId: f.ref("sale", { required: true }),
    variantId: f.ref("variant"),
    externalId: f.string({ maxLength: 100, description: "The line's id on the channel." }),
    sku: f.string({ required: true, minLength: 1, maxLength: 100 }),
    name: f.string({ maxLength: 500 }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
    price: f.money({ required: true, min: 0, description: "Unit price." }),
    total: f.money({ default: 0, readOnly: true, description: "Line total: quantity times price." }),
    quantityFulfilled: f.integer({ default: 0, min: 0, readOnly: true }),
    quantityCancelled: f.integer({ default: 0, min: 0, readOnly: true }),
    quantityReturned: f.integer({ default: 0, min: 0, readOnly: true }),
  },
  owner: { field: "saleId" },
});

export const saleReturn = defineKind({
  name: "sale-return",
  plural: "sale-returns",
  group: "orders",
  source: "implied",
  description: "Goods of a sale coming back or cancelled before shipping, and the refund owed for them.",
  fields: {
    saleId: f.ref("sale", { required: true }),
    purchaseId: f.ref("purchase", {
      description: "The purchase whose cancelled or returned lines it records.",
    }),
    externalId: f.string({ maxLength: 100 }),
    type: f.enum(["return", "cancellation"], {
      default: "return",
      readOnly: true,
      description:
        "A return of goods that shipped (received by the receive operation), or lines cancelled before shipping.",
    }),
    status: f.enum(saleReturnStatuses, { default: "requested", readOnly: true }),
    receivedAt: f.datetime({ readOnly: true }),
    paymentStatus: f.enum(paymentStatuses, {
      default: "notPaid",
      description: "Whether the refund was paid.",
    }),
    returnLabelType: f.enum(["prePaid", "paid"]),
    reason: f.string({ maxLength: 500 }),
    total: f.money({
      default: 0,
      min: 0,
      readOnly: true,
      description: "Amount to refund: the sum of its lines.",
    }),
    notes: f.string({ maxLength: 2000 }),
  },
  states: saleReturnStates,
  actions: saleReturnActions,
});

export const saleReturnItem = defineKind({
  name: "sale-return-item",
  plural: "sale-return-items",
  group: "orders",
  source: "implied",
  description:
    "One line of a sale return: which sale line, how many units, and the amount refunded for them.",
  fields: {
    saleReturnId: f.ref("sale-return", { required: true }),
    saleItemId: f.ref("sale-item"),
    purchaseItemId: f.ref("purchase-item", { description: "The purchase line going back to its provider." }),
    sku: f.string({ maxLength: 100 }),
    quantity: f.integer({ required: true, min: 1, max: 1_000_000 }),
    amount: f.money({ default: 0, min: 0 }),
    reason: f.string({ maxLength: 500 }),
  },
  owner: { field: "saleReturnId" },
});

export const saleDiscountCode = defineKind({
  name: "sale-discount-code",
  plural: "sale-discount-codes",
  group: "orders",
  source: "seed",
  description: "A discount code applied to a sale and the reduction it gave.",
  fields: {
    saleId: f.ref("sale", { required: true }),
    code: f.string({ required: true, minLength: 1, maxLength: 100 }),
    type: f.enum(["percentage", "shipping", "fixed_amount"], { required: true, default: "fixed_amount" }),
    amount: f.money({
      required: true,
      min: 0,
      description: "The reduction; a percentage when the type is percentage.",
    }),
  },
  owner: { field: "saleId" },
});

export const saleImport = defineKind({
  name: "sale-import",
  plural: "sale-imports",
  group: "orders",
  source: "seed",
  description: "A log entry of one order imported from a channel: what arrived and what became of it.",
  fields: {
    channelId: f.ref("channel"),
    saleId: f.ref("sale"),
    externalId: f.string({ maxLength: 100 }),
    status: f.enum(["success", "error", "skipped"], { required: true, default: "success", nullable: true }),
    payload: f.json({ maxBytes: 200_000, description: "The order as received." }),
    problem: f.json({ maxBytes: 8192, description: "Why the import failed or was skipped." }),
    message: f.string({
      maxLength: 500,
      description: "What the import did, e.g. created or updated the sale.",
    }),
    emailSent: f.boolean({ required: true, default: false, nullable: true }),
    read: f.boolean({ required: true, default: true, nullable: true }),
  },
});

export const saleInvoiceItem = defineKind({
  name: "sale-invoice-item",
  plural: "sale-invoice-items",
  group: "orders",
  source: "seed",
  description: "One line of an invoice sent for a sale: which sale line and how many units it bills.",
  fields: {
    saleInvoiceId: f.integer({ required: true, min: 1, description: "The invoice this line belongs to." }),
    saleItemId: f.ref("sale-item"),
    quantity: f.integer({ required: true, default: 0, min: 0 }),
  },
});

export const customer = defineKind({
  name: "customer",
  plural: "customers",
  group: "orders",
  source: "seed",
  description: "A person or business that buys from the company.",
  fields: {
    email: f.string({ required: true, format: "email", maxLength: 200 }),
    name: f.string({ maxLength: 200 }),
    firstName: f.string({ maxLength: 100 }),
    lastName: f.string({ maxLength: 100 }),
    companyCode: f.string({ maxLength: 100 }),
    taxNumber: f.string({ maxLength: 100 }),
    phone: f.string({ format: "phone" }),
    fax: f.string({ format: "phone" }),
    accountsEmail: f.string({ format: "email", maxLength: 200 }),
    orderEmail: f.string({ format: "email", maxLength: 200 }),
    returnsEmail: f.string({ format: "email", maxLength: 200 }),
    status: f.enum(["active", "disabled"], { required: true, default: "active", nullable: true }),
    resellerId: f.ref("reseller"),
    priceListId: f.integer({ min: 1 }),
    userId: f.integer({ min: 1 }),
    token: f.string({ maxLength: 200, description: "Access token of the customer's portal link." }),
    tags: f.array(f.string({ maxLength: 100 }), { maxLength: 100 }),
    notes: f.string({ maxLength: 2000 }),
    saleNotes: f.string({
      maxLength: 2000,
      description: "Notes copied onto each new sale of this customer.",
    }),
  },
});

export const customerAddress = defineKind({
  name: "customer-address",
  plural: "customer-addresses",
  group: "orders",
  source: "seed",
  description: "A postal address saved for a customer, for shipping or billing.",
  fields: {
    customerId: f.ref("customer", { required: true }),
    type: f.enum(["shipping", "billing", "both"], { default: "shipping" }),
    isDefault: f.boolean({ default: false }),
    name: f.string({ maxLength: 200 }),
    company: f.string({ maxLength: 200 }),
    addressLineOne: f.string({ required: true, minLength: 1, maxLength: 200 }),
    addressLineTwo: f.string({ maxLength: 200 }),
    city: f.string({ required: true, minLength: 1, maxLength: 100 }),
    state: f.string({ maxLength: 100 }),
    zip: f.string({ maxLength: 20 }),
    country: f.string({ required: true, format: "country" }),
    phone: f.string({ format: "phone" }),
    email: f.string({ format: "email", maxLength: 200 }),
  },
  owner: { field: "customerId" },
});

export const reseller = defineKind({
  name: "reseller",
  plural: "resellers",
  group: "orders",
  source: "implied",
  description: "A business that sells the company's goods on to its own customers, at its own terms.",
  fields: {
    name: f.string({ required: true, minLength: 1, maxLength: 200 }),
    code: f.string({ maxLength: 100, description: "Short identifying code." }),
    email: f.string({ format: "email", maxLength: 200 }),
    phone: f.string({ format: "phone" }),
    taxNumber: f.string({ maxLength: 100 }),
    status: f.enum(["active", "disabled"], { default: "active" }),
    currency: f.string({ format: "currency", default: "USD" }),
    discountPercent: f.number({ default: 0, min: 0, max: 100, description: "Discount off list prices." }),
    priceListId: f.integer({ min: 1 }),
    paymentTermsDays: f.integer({ min: 0, max: 365 }),
    notes: f.string({ maxLength: 2000 }),
  },
  unique: [["code"]],
});
