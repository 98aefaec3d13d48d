import { f } from "./define.ts";

/** Where a parcel goes: the ship-to fields a sale, a dropshipment and a fulfillment share. */
export const shippingAddress = {
  shippingName: f.string({
    maxLength: 200,
    description: "Name of the person the parcel goes to.",
    example: "Ana Silva",
  }),
  shippingCompany: f.string({ maxLength: 200, description: "Business name on the ship-to address." }),
  shippingAddressLineOne: f.string({
    maxLength: 200,
    description: "First line of the ship-to address: street and number.",
    example: "350 Pine Street",
  }),
  shippingAddressLineTwo: f.string({
    maxLength: 200,
    description: "Second line of the ship-to address: apartment, suite, building.",
    example: "Apt 4B",
  }),
  shippingCity: f.string({ maxLength: 100, description: "City of the ship-to address.", example: "Denver" }),
  shippingState: f.string({
    maxLength: 100,
    description: "State, province or region of the ship-to address, e.g. `CA`.",
    example: "CO",
  }),
  shippingZip: f.string({
    maxLength: 20,
    description: "Postal code of the ship-to address.",
    example: "80202",
  }),
  shippingCountry: f.string({
    format: "country",
    description: "ISO 3166-1 alpha-2 country code of the ship-to address, e.g. `US`.",
    example: "US",
  }),
  shippingPhone: f.string({
    format: "phone",
    description: "Phone number of the recipient, for the carrier.",
    example: "+1 303 555 0142",
  }),
  shippingEmail: f.string({
    format: "email",
    maxLength: 200,
    description: "E-mail address of the recipient, for delivery notices.",
    example: "ana.silva@example.com",
  }),
};
