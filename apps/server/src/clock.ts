// The ISO time of the current millisecond, made once per millisecond: a busy server stamps several
// writes and log lines in each (`Date#toISOString` costs about a microsecond a call).
let madeAt = 0;
let made = "";

/** The current time as an ISO 8601 string (`2026-11-27T01:02:03.456Z`). */
export function isoNow(): string {
  const now = Date.now();
  if (now !== madeAt) {
    madeAt = now;
    made = new Date(now).toISOString();
  }
  return made;
}
