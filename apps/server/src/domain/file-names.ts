/** What a stored file may be named: uploads are refused a name that breaks it, other names are made to keep it. */

/** The longest name a file may have, in UTF-16 units. */
const MAX_FILE_NAME = 200;

/**
 * A file's name: what a file system and a URL segment both take (no slash, no control character, and
 * not `.` or `..`, which a URL's path normalises away: the file could never be read back).
 */
export function isFileName(name: string): boolean {
  if (name.length > MAX_FILE_NAME || name.includes("/") || name.includes("\\")) return false;
  if (name === "." || name === "..") return false;
  for (let at = 0; at < name.length; at++) {
    const code = name.charCodeAt(at);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/**
 * `text` (a name the service did not choose, such as the last segment of a URL) as a file's name:
 * slashes, backslashes and control characters made `_`, cut to what a name may hold by whole characters
 * (never inside a surrogate pair); undefined when no name is left (empty, `.` or `..`).
 */
export function fileNameFrom(text: string): string | undefined {
  let name = "";
  for (const character of text.replace(/[/\\\p{Cc}]/gu, "_")) {
    if (name.length + character.length > MAX_FILE_NAME) break;
    name += character;
  }
  return name && isFileName(name) ? name : undefined;
}
