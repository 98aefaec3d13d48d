export interface SqlShape {
  /** Up to the first three keywords of the statement, upper-cased (`["INSERT", "INTO"]`). */
  keywords: string[];
  /** Offset just after each keyword in `keywords`. */
  keywordEnds: number[];
  isEmpty: boolean;
  /** True when another statement follows the first `;`, which `prepare` would silently drop. */
  hasTrailingStatement: boolean;
}

const isWordChar = (c: string): boolean => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) > 0x7f;

function skipQuoted(sql: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

function skipUntil(sql: string, start: number, terminator: string): number {
  const end = sql.indexOf(terminator, start);
  return end === -1 ? sql.length : end + terminator.length;
}

/**
 * Reads just enough of a SQL text to classify it, skipping comments, string literals and quoted
 * identifiers the way SQLite's tokenizer does. libsql's `prepare` compiles only the first statement and
 * exposes neither the tail nor `sqlite3_stmt_readonly`, so these facts come from the text.
 */
export function inspectSql(sql: string): SqlShape {
  const keywords: string[] = [];
  const keywordEnds: number[] = [];
  let collectingKeywords = true;
  let sawToken = false;
  let statementEnded = false;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "-" && sql[i + 1] === "-") {
      i = skipUntil(sql, i + 2, "\n");
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") {
      i = skipUntil(sql, i + 2, "*/");
      continue;
    }
    if (c === ";") {
      if (sawToken) statementEnded = true;
      i++;
      continue;
    }
    if (statementEnded) {
      return { keywords, keywordEnds, isEmpty: false, hasTrailingStatement: !isTrigger(keywords) };
    }
    sawToken = true;
    if (c === "'" || c === '"' || c === "`") {
      collectingKeywords = false;
      i = skipQuoted(sql, i, c);
    } else if (c === "[") {
      collectingKeywords = false;
      i = skipUntil(sql, i + 1, "]");
    } else if (isWordChar(c)) {
      let end = i + 1;
      while (end < sql.length && isWordChar(sql[end]!)) end++;
      if (collectingKeywords && keywords.length < 3) {
        keywords.push(sql.slice(i, end).toUpperCase());
        keywordEnds.push(end);
      }
      i = end;
    } else {
      collectingKeywords = false;
      i++;
    }
  }
  return { keywords, keywordEnds, isEmpty: !sawToken, hasTrailingStatement: false };
}

// A trigger body holds `;`-terminated statements of its own.
function isTrigger(keywords: string[]): boolean {
  if (keywords[0] !== "CREATE") return false;
  return keywords[1] === "TRIGGER" || (/^TEMP(ORARY)?$/.test(keywords[1] ?? "") && keywords[2] === "TRIGGER");
}
