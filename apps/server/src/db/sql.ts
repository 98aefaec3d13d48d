/**
 * SQL text and its arguments kept together: `sql\`SELECT ... WHERE id = ${id}\`` makes a fragment whose
 * values are bound parameters and whose nested fragments are spliced with their own values. Nothing
 * re-parses text to find its placeholders: a fragment is its text pieces and the values between them.
 */
import type { InValue } from "@libsql/client";

/**
 * The company a statement runs for, bound when it runs (`Sql.statementFor`): reads are declared from
 * the values an operation has, without the company threaded through each.
 */
export const COMPANY: unique symbol = Symbol("company");

/** A statement as the driver runs it: its text, and its arguments in order. */
export interface Statement {
  sql: string;
  args: InValue[];
}

/**
 * A value bound as it is, whatever a statement's `mark` would make of it: a write plan makes each of its
 * provisional ids the lookup of the real one, but binds as they are the values of a column it resolves
 * in the statement itself, and the bounds of that lookup (`WritePlan`).
 */
export class Verbatim {
  constructor(readonly value: InValue) {}
}

/** A value of a fragment: bound as a parameter (the company's id, `COMPANY`, when it runs). */
export type SqlValue = InValue | typeof COMPANY | Verbatim;

/** A fragment of SQL: `texts[0] values[0] texts[1] ... texts[n]`, each value a bound parameter. */
export class Sql {
  constructor(
    readonly texts: readonly string[],
    readonly values: readonly SqlValue[],
  ) {}

  /** The statement the driver runs, for company `companyId`. */
  statementFor(companyId: number): Statement {
    return this.map((value, args) => {
      args.push(value);
      return "?";
    }, companyId);
  }

  /**
   * The statement of a fragment that runs for no company (the dispatcher's own tables, a key's lookup
   * by its hash): a fragment that binds the company (`sql.company`) is refused, it needs `statementFor`.
   */
  statement(): Statement {
    if (this.values.includes(COMPANY)) throw new Error("This statement binds the company: use statementFor.");
    return this.statementFor(0);
  }

  /**
   * The statement for company `companyId`, each value's SQL made by `mark` (which binds what it needs:
   * a write plan's provisional id becomes the lookup of the real one). When every mark is `?` and the
   * pieces are shared (`Sql.shared`), the text is the one made once for them: no concatenation, and the
   * driver's cache of prepared statements finds it by a hash already computed.
   */
  map(mark: (value: InValue, args: InValue[]) => string, companyId: number): Statement {
    const args: InValue[] = [];
    const { texts, values } = this;
    const marks: string[] = new Array(values.length);
    let plain = true;
    for (let i = 0; i < values.length; i += 1) {
      const value = values[i]!;
      if (value instanceof Verbatim) {
        args.push(value.value);
        marks[i] = "?";
        continue;
      }
      const made = mark(value === COMPANY ? companyId : value, args);
      marks[i] = made;
      if (made !== "?") plain = false;
    }
    const shared = plain ? placeholderTexts.get(texts) : undefined;
    if (shared !== undefined) return { sql: shared, args };
    let text = texts[0]!;
    for (let i = 0; i < marks.length; i += 1) text += marks[i]! + texts[i + 1]!;
    return { sql: text, args };
  }

  /**
   * Registers pieces of text that many statements share (a table's INSERT, an UPDATE of one set of
   * fields): their statement with every value a `?` is made here, once, and `map` answers it.
   */
  static shared(texts: readonly string[]): readonly string[] {
    if (!placeholderTexts.has(texts)) placeholderTexts.set(texts, texts.join("?"));
    return texts;
  }
}

/** The text of shared pieces (`Sql.shared`) with every value a `?`. */
const placeholderTexts = new WeakMap<readonly string[], string>();

type Part = Sql | SqlValue;

/** Builds a fragment from template pieces, splicing nested fragments in place. */
function assemble(strings: readonly string[], parts: readonly Part[]): Sql {
  const texts: string[] = [strings[0]!];
  const values: SqlValue[] = [];
  parts.forEach((part, i) => {
    if (part instanceof Sql) {
      texts[texts.length - 1] += part.texts[0]!;
      for (let k = 0; k < part.values.length; k += 1) {
        values.push(part.values[k]!);
        texts.push(part.texts[k + 1]!);
      }
      texts[texts.length - 1] += strings[i + 1]!;
    } else {
      values.push(part);
      texts.push(strings[i + 1]!);
    }
  });
  return new Sql(texts, values);
}

/** A fragment of SQL: interpolated values are bound, interpolated fragments spliced. */
export function sql(strings: TemplateStringsArray, ...parts: Part[]): Sql {
  return assemble(strings, parts);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

/**
 * A table or column name (from the manifest's tables, never from a request), spliced as text: refused
 * unless it is a plain identifier.
 */
sql.id = (name: string): Sql => {
  if (!IDENTIFIER.test(name)) throw new Error(`Not an SQL identifier: ${name}`);
  return new Sql([name], []);
};

/** Text the server wrote itself (a select list, an ORDER BY of the manifest's columns), spliced as is. */
sql.raw = (text: string): Sql => new Sql([text], []);

/** The id of the company the statement runs for. */
sql.company = new Sql(["", ""], [COMPANY]);

/** Fragments joined by `separator`. */
sql.join = (parts: readonly Sql[], separator = ", "): Sql => {
  if (!parts.length) return new Sql([""], []);
  return assemble(["", ...parts.slice(1).map(() => separator), ""], parts);
};

/** Values bound one after another, separated by commas: `id IN (${sql.values(ids)})`. */
sql.values = (values: readonly SqlValue[]): Sql =>
  values.length ? new Sql(["", ...values.slice(1).map(() => ", "), ""], values) : new Sql([""], []);

/** A value bound as it is, never rewritten by a statement's `mark` (`Verbatim`). */
sql.verbatim = (value: InValue): Verbatim => new Verbatim(value);

/**
 * Rows of values, `(a, b), (c, d)`, each value bound: the `VALUES` of a statement that writes or
 * compares many rows at once, made in one pass however many rows (a thousand rows of twenty columns
 * are twenty thousand values).
 */
sql.rows = (rows: readonly (readonly SqlValue[])[]): Sql => {
  const texts: string[] = ["("];
  const values: SqlValue[] = [];
  for (const [r, row] of rows.entries()) {
    if (r > 0) texts[texts.length - 1] += "), (";
    for (const [i, value] of row.entries()) {
      if (i > 0) texts[texts.length - 1] += ", ";
      values.push(value);
      texts.push("");
    }
  }
  texts[texts.length - 1] += ")";
  return new Sql(texts, values);
};

/** Whether a value is a fragment. */
sql.is = (value: unknown): value is Sql => value instanceof Sql;
