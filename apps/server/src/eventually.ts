/**
 * A value now, or a promise of it: what the embedded database answers at once and a remote one later.
 * A read that finds its answer at once is answered without a promise (Hono then hands the response to
 * the runtime in the same turn, without an await at every layer of the read path).
 */
export type Eventually<T> = T | Promise<T>;

/** `then(value)` now when `value` is here, else when it arrives. */
export function andThen<T, U>(value: Eventually<T>, then: (value: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(then) : then(value);
}
