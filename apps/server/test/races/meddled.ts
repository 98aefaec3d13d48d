// Another writer between a write's reads and its batch, every time. On the remote driver nothing holds
// what a write read until its batch runs: when requests run at once, another's change lands there.
import type { Db } from "../../src/db/database.ts";

/**
 * `db`, whose writes run the change given to `meanwhile` between their reads and their batch: each
 * attempt, so a write planned again meets it again. The change runs with none set (its own writes meet
 * nothing); `meanwhile()` sets none.
 */
export function meddled(db: Db) {
  let change: (() => Promise<unknown>) | undefined;
  const meddling: Db = {
    ...db,
    write: (work) =>
      db.write((session) =>
        work({
          async read(statements) {
            const results = await session.read(statements);
            const now = change;
            if (now) {
              change = undefined;
              try {
                await now();
              } finally {
                change = now;
              }
            }
            return results;
          },
          apply: (statements) => session.apply(statements),
        }),
      ),
  };
  return {
    db: meddling,
    meanwhile(next?: () => Promise<unknown>) {
      change = next;
    },
  };
}
