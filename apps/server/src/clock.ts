/**
 * Times as ISO 8601 strings (`2026-11-27T01:02:03.456Z`), each made once per millisecond: a busy server
 * stamps several writes and log lines in each. One cache per user, so that one stamping the current time
 * and one stamping times a moment old (the access log's) do not take turns replacing each other's.
 *
 * Only the minute (`2026-11-27T01:02:`) comes from `Date#toISOString`, once a minute: V8 formats each of
 * its seven numbers through `snprintf`, about 3,400 instructions a call, against about 150 for the
 * seconds and milliseconds added here. The text is `toISOString`'s, to the character, for every time it
 * takes; one that is not a whole number of milliseconds, or out of its range, is left to it.
 */
export function isoStamps(): (ms: number) => string {
  let madeAt = Number.NaN;
  let made = "";
  let minute = Number.NaN;
  let minuteText = "";
  return (ms) => {
    if (ms === madeAt) return made;
    if (!Number.isSafeInteger(ms) || Math.abs(ms) > LAST_TIME) return new Date(ms).toISOString();
    const start = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
    if (start !== minute) {
      const text = new Date(start).toISOString();
      minute = start;
      // Less its `00.000Z`: a year past 9999 or before 0 makes the part before it longer.
      minuteText = text.slice(0, -7);
    }
    const within = ms - start;
    const seconds = Math.floor(within / 1000);
    const millis = within - seconds * 1000;
    madeAt = ms;
    made = `${minuteText}${seconds < 10 ? "0" : ""}${seconds}.${millis < 100 ? (millis < 10 ? "00" : "0") : ""}${millis}Z`;
    return made;
  };
}

const MINUTE_MS = 60_000;
/** The last time a Date holds, in ms from the epoch either way (ECMA-262's time range). */
const LAST_TIME = 8.64e15;

const stamp = isoStamps();

/** The current time as an ISO 8601 string. */
export const isoNow = (): string => stamp(Date.now());

/**
 * Runs `run` after `ms` without keeping the process alive meanwhile (Node's `unref`; elsewhere timers
 * hold nothing up).
 */
export function laterUnheld(run: () => void, ms: number): void {
  const timer = setTimeout(run, ms);
  const unref = Reflect.get(Object(timer), "unref");
  if (typeof unref === "function") unref.call(timer);
}
