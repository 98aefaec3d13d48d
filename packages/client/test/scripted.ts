/** One recorded request of a scripted fetch. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Step = Response | Error | (() => Response);

/** A fetch that answers with `steps` in order (an Error is thrown) and records what it was sent. */
export function scriptedFetch(...steps: Step[]) {
  const sent: Sent[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    sent.push({
      method: init.method ?? "GET",
      url: new URL(input),
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    });
    const step = steps.shift();
    if (step === undefined) throw new Error("the script has no more answers");
    if (step instanceof Error) throw step;
    return typeof step === "function" ? step() : step;
  };
  return { fetch, sent };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

export function problem(status: number, detail: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ type: "about:blank", title: "Try later", status, detail }), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

/** A sleep that returns at once and records how long it was asked to wait. */
export function recordingSleep() {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { sleep, waits };
}
