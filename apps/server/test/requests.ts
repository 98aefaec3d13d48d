// Requests the hand-written suites make again and again: a call that must answer a given status, and the
// CRUD reads and writes built on it.
import { expect } from "vitest";
import type { Api } from "./support.ts";

export type Rec = Record<string, any> & { id: number };

/** The answer's body when the status is the one expected; the body is shown when it is not. */
export async function expectStatus(
  pending: Promise<{ status: number; body: any }>,
  status: number,
): Promise<any> {
  const { status: actual, body } = await pending;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

export const create = (t: Api, plural: string, body: Record<string, unknown>): Promise<Rec> =>
  expectStatus(t.json("POST", `/${plural}.json`, body), 200);
export const read = (t: Api, plural: string, id: number): Promise<Rec> =>
  expectStatus(t.json("GET", `/${plural}/${id}.json`), 200);
/** Up to 250 records of a kind; `query` adds filters (`&where[saleId]=3`). */
export const list = (t: Api, plural: string, query = ""): Promise<Rec[]> =>
  expectStatus(t.json("GET", `/${plural}.json?limit=250${query}`), 200);
