/**
 * Times as ISO 8601 strings (`2026-11-27T01:02:03.456Z`), each made once per millisecond: a busy server
 * stamps several writes and log lines in each (`Date#toISOString` costs about a microsecond a call). One
 * cache per user, so that one stamping the current time and one stamping times a moment old (the access
 * log's) do not take turns replacing each other's.
 */
export function isoStamps(): (ms: number) => string {
  let madeAt = Number.NaN;
  let made = "";
  return (ms) => {
    if (ms !== madeAt) {
      madeAt = ms;
      made = new Date(ms).toISOString();
    }
    return made;
  };
}

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
