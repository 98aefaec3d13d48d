type Fetch<A extends unknown[]> = (request: Request, ...rest: A) => Response | Promise<Response>;

/**
 * The app's fetch, counting the requests it has not answered yet: a stop waits for `idle` before it
 * closes the database, since a handler may still be at work after its client went away.
 */
export function countInFlight<A extends unknown[]>(
  fetch: Fetch<A>,
): { fetch: Fetch<A>; idle(): Promise<void> } {
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const done = () => {
    if (--inFlight === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  return {
    fetch: (request, ...rest) => {
      inFlight++;
      let answer: Response | Promise<Response>;
      try {
        answer = fetch(request, ...rest);
      } catch (error) {
        done();
        throw error;
      }
      if (answer instanceof Promise) answer.then(done, done);
      else done();
      return answer;
    },
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}
