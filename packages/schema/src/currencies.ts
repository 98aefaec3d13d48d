/**
 * The ISO 4217 currency codes in use (178, the standard's list one): the currencies of countries,
 * the funds codes (`BOV`, `USN`), precious metals (`XAU`), units of account (`XDR`), and `XTS` (for
 * testing) and `XXX` (no currency).
 */
const IN_USE = new Set(
  (
    "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD " +
    "CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP " +
    "GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY " +
    "KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD " +
    "MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR " +
    "PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF " +
    "SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS " +
    "UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST " +
    "XAD XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG"
  ).split(" "),
);

/**
 * The codes of currencies withdrawn since 2000 (the standard's list three): orders, invoices and
 * payments of those years carry them, and a store's history imported now still does (`BGN` until
 * 2026, `HRK` until 2023, `ANG` until 2025, the euro's predecessors until 2002).
 */
const WITHDRAWN = new Set(
  (
    "ADP ATS BEF CYP DEM EEK ESP FIM FRF GRD IEP ITL LTL LUF LVL MTL NLG PTE SIT SKK HRK BGN " +
    "AFA ANG AON AOR AZM BGL BYB BYR CSD CUC ECS ECV GHC MGF MRO MZM ROL RUR SDD SLL SRG STD TJR TMM TPE TRL " +
    "USS VEB VEF XFO XFU YUM ZMK ZWD ZWL ZWN ZWR"
  ).split(" "),
);

/**
 * Whether text is an ISO 4217 currency code, in capitals: one in use (`USD`, `EUR`, `XAU`) or one
 * withdrawn since 2000 (`HRK`); not `usd` or `QQQ`.
 *
 * @example
 * isCurrencyCode("EUR"); // true
 * isCurrencyCode("HRK"); // true
 * isCurrencyCode("ABC"); // false
 */
export function isCurrencyCode(text: string): boolean {
  return IN_USE.has(text) || WITHDRAWN.has(text);
}
