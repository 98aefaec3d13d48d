/**
 * The ISO 4217 currency codes in use (178, the standard's list one): the currencies of countries,
 * the funds codes (`BOV`, `USN`), precious metals (`XAU`), units of account (`XDR`), and `XTS` (for
 * testing) and `XXX` (no currency). Withdrawn codes (`HRK`, `ANG`, `BGN`) are not on it.
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
 * Whether text is an ISO 4217 currency code in use, in capitals: `USD`, `EUR`, `XAU`; not `usd`,
 * `QQQ` or a withdrawn code such as `HRK`.
 *
 * @example
 * isCurrencyCode("EUR"); // true
 * isCurrencyCode("ABC"); // false
 */
export function isCurrencyCode(text: string): boolean {
  return IN_USE.has(text);
}
