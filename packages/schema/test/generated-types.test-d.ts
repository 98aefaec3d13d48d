// The generated types are spelled out from the manifest's values (JSR takes no inferred types); this
// checks that each one is exactly what the declarations infer (`RecordOf<typeof kind>`, ...).
import { describe, expectTypeOf, it } from "vitest";
import type { ActionInputOf, CreateOf, RecordOf, ValueOf } from "../src/define.ts";
import type { KindTypes } from "../src/index.ts";
import type * as catalog from "../src/kinds/catalog.ts";
import type * as channels from "../src/kinds/channels.ts";
import type * as customFields from "../src/kinds/custom-fields.ts";
import type * as dropship from "../src/kinds/dropship.ts";
import type * as events from "../src/kinds/events.ts";
import type * as inventory from "../src/kinds/inventory.ts";
import type * as orders from "../src/kinds/orders.ts";
import type * as purchasing from "../src/kinds/purchasing.ts";
import type * as settings from "../src/kinds/settings.ts";
import type * as shipping from "../src/kinds/shipping.ts";

type Declared = typeof catalog &
  typeof channels &
  typeof customFields &
  typeof dropship &
  typeof events &
  typeof inventory &
  typeof orders &
  typeof purchasing &
  typeof settings &
  typeof shipping;
/** `purchaseItem` → `purchase-item`: a kind's name from its export's (one is the other's camelCase). */
type Kebab<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `-${Lowercase<H>}`}${Kebab<T>}`
  : S;
type ByName = { [E in keyof Declared as Kebab<E & string>]: Declared[E] };
type KindNamed<N> = N extends keyof ByName ? ByName[N] : never;

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Each assignable to the other: for the create answer, whose inferred type is a remapped one. */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ActionNamed<K, N> = K extends { actions?: infer A }
  ? A extends readonly (infer E)[]
    ? Extract<E, { name: N }>
    : never
  : never;

/**
 * The create answer: `CreatedOf` without the index signature its `infer ... extends Record<...>` adds
 * (which let any member through: the generated type is stricter there, on purpose).
 */
type Created<K> = K extends { createAnswer: infer C }
  ? NoIndex<RecordOf<K> & { -readonly [P in keyof C]: ValueOf<C[P]> }>
  : RecordOf<K>;
type NoIndex<T> = { -readonly [P in keyof T as string extends P ? never : P]: T[P] };

/** The namespaces whose `part` differs from what the declaration infers; `never` when all agree. */
type Differing<Part extends "record" | "create" | "created"> = {
  [N in keyof KindTypes]: (
    Part extends "created"
      ? Mutual<KindTypes[N][Part], Created<KindNamed<KindTypes[N]["name"]>>>
      : Same<
          KindTypes[N][Part],
          Part extends "record"
            ? RecordOf<KindNamed<KindTypes[N]["name"]>>
            : Part extends "create"
              ? CreateOf<KindNamed<KindTypes[N]["name"]>>
              : never
        >
  ) extends true
    ? never
    : N;
}[keyof KindTypes];

type InferredOutput<A> = A extends { output: { fields: infer F; list?: infer L } }
  ? L extends true
    ? ActionInputOf<{ input: F }>[]
    : ActionInputOf<{ input: F }>
  : never;

/** `namespace.action` of each action whose input (or described output) differs from the inference. */
type DifferingActions = {
  [N in keyof KindTypes]: {
    [A in keyof KindTypes[N]["actions"]]: KindTypes[N]["actions"][A] extends {
      path: infer P;
      input: infer I;
      output: infer O;
    }
      ? Same<I, ActionInputOf<ActionNamed<KindNamed<KindTypes[N]["name"]>, P>>> extends true
        ? InferredOutput<ActionNamed<KindNamed<KindTypes[N]["name"]>, P>> extends never
          ? never
          : Same<O, InferredOutput<ActionNamed<KindNamed<KindTypes[N]["name"]>, P>>> extends true
            ? never
            : `${N & string}.${A & string} output`
        : `${N & string}.${A & string} input`
      : never;
  }[keyof KindTypes[N]["actions"]];
}[keyof KindTypes];

describe("generated types", () => {
  it("spell out exactly the record, create and create-answer types the declarations infer", () => {
    // A compile error here names the namespaces that differ.
    const records: never = undefined as unknown as Differing<"record">;
    const creates: never = undefined as unknown as Differing<"create">;
    const created: never = undefined as unknown as Differing<"created">;
    expectTypeOf([records, creates, created]).toEqualTypeOf<never[]>();
  });

  it("spell out exactly each action's input and described output", () => {
    // A compile error here names the actions that differ.
    const actions: never = undefined as unknown as `${DifferingActions}`;
    expectTypeOf(actions).toEqualTypeOf<never>();
  });

  it("cover every declared kind", () => {
    expectTypeOf<keyof ByName>().toEqualTypeOf<KindTypes[keyof KindTypes]["name"]>();
  });
});
