/**
 * The officially assigned ISO 3166-1 alpha-2 country codes (249), and `XK` (Kosovo: user-assigned, but
 * the code carriers, banks and shops use for it), grouped by their first letter: the group `ADEFG…`
 * holds AD, AE, AF, AG, ... Compact, for the Worker's bundle.
 */
const ASSIGNED =
  "ADEFGILMOQRSTUWXZ BABDEFGHIJLMNOQRSTVWYZ CACDFGHIKLMNORUVWXYZ DEJKMOZ ECEGHRST FIJKMOR " +
  "GABDEFGHILMNPQRSTUWY HKMNRTU IDELMNOQRST JEMOP KEGHIMNPRWYZ LABCIKRSTUVY " +
  "MACDEFGHKLMNOPQRSTUVWXYZ NACEFGILOPRUZ OM PAEFGHKLMNRSTWY QA REOSUW SABCDEGHIJKLMNORSTVXYZ " +
  "TCDFGHJKLMNORTVWZ UAGMSYZ VACEGINU WFS XK YET ZAMW";

/**
 * Whether text is an officially assigned ISO 3166-1 alpha-2 country code, in capitals, or `XK`: `US`,
 * `GB`; not `UK` (reserved), `EU` or `XX`.
 *
 * @example
 * isCountryCode("DE"); // true
 * isCountryCode("XX"); // false
 */
export function isCountryCode(text: string): boolean {
  return (
    /^[A-Z]{2}$/.test(text) &&
    ASSIGNED.split(" ").some((group) => group[0] === text[0] && group.includes(text.charAt(1), 1))
  );
}
