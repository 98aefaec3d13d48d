import { eventTriggers, TYPE_PREFIX_SQL } from "./event-triggers.ts";
import { createIndexSql, kindIndexes } from "./indexes.ts";
import { SECRET_TABLES, secretTriggers } from "./secret-sql.ts";
import { type Column, ROW_ID, type Table, tables } from "./tables.ts";

/** The shape of the database that the manifest asks for; committed as migrations/schema.json. */
export interface SchemaSnapshot {
  tables: Record<
    string,
    {
      columns: Record<string, string>;
      indexes: Record<string, string>;
      /** Triggers on the table, each one line of SQL (the migration splitter keeps it whole). */
      triggers?: Record<string, string>;
    }
  >;
}

/** Tables that are not kinds: tenants, tokens, stored files, applied migrations. */
const SYSTEM_TABLES: SchemaSnapshot["tables"] = {
  companies: {
    columns: {
      // Not ROW_ID: companies are never deleted, and other tables' foreign keys name them.
      id: "INTEGER PRIMARY KEY",
      name: "TEXT NOT NULL",
      created_at: "TEXT NOT NULL",
      // Set by the operator (`/admin/companies`): every key of the company is refused while it is.
      suspended_at: "TEXT",
    },
    indexes: { companies_name: "CREATE UNIQUE INDEX companies_name ON companies (name)" },
  },
  api_tokens: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL REFERENCES companies (id)",
      token_hash: "TEXT NOT NULL",
      read_only: "INTEGER NOT NULL DEFAULT 0",
      // The key's name (`/api-keys.json`).
      label: "TEXT",
      created_at: "TEXT NOT NULL",
      // A JSON array of scopes (`["catalog:write"]`); `read_only` is 1 when none of them writes.
      scopes: "TEXT",
      // The secret's last 4 characters; null for the tokens made before keys had hints.
      hint: "TEXT",
      expires_at: "TEXT",
      last_used_at: "TEXT",
      // Revoked keys stay, so that the key an event names can still be told; they authenticate nothing.
      revoked_at: "TEXT",
    },
    indexes: {
      api_tokens_hash: "CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash)",
      // A company's keys that are not revoked, as its key list and the key limit read them.
      api_tokens_company_active:
        "CREATE INDEX api_tokens_company_active ON api_tokens (company_id, id) WHERE revoked_at IS NULL",
    },
  },
  idempotency_keys: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL REFERENCES companies (id)",
      key: "TEXT NOT NULL",
      fingerprint: "TEXT NOT NULL",
      status: "INTEGER NOT NULL DEFAULT 0",
      body: "TEXT",
      location: "TEXT",
      created_at: "TEXT NOT NULL",
    },
    indexes: {
      idempotency_keys_company_key:
        "CREATE UNIQUE INDEX idempotency_keys_company_key ON idempotency_keys (company_id, key)",
    },
  },
  stored_files: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL REFERENCES companies (id)",
      name: "TEXT NOT NULL",
      content_type: "TEXT NOT NULL",
      // Empty for every file whose body is in the file store (`storage_key`); the bodies of files stored
      // before there was one are moved there at start (`moveBodiesToStore`). Kept NOT NULL: SQLite
      // changes a column's constraint only by copying the whole table.
      body: "BLOB NOT NULL",
      created_at: "TEXT NOT NULL",
      byte_size: "INTEGER NOT NULL DEFAULT 0",
      // The body's SHA-256, in hex.
      checksum: "TEXT",
      // Where the body is in the file store (`db/file-store.ts`); null: still in `body`.
      storage_key: "TEXT",
      // 1: a client uploaded it (`POST /files.json`); 0: the service made it (a label, an export).
      uploaded: "INTEGER NOT NULL DEFAULT 0",
    },
    indexes: {
      stored_files_company: "CREATE INDEX stored_files_company ON stored_files (company_id, id)",
      stored_files_storage_key: "CREATE INDEX stored_files_storage_key ON stored_files (storage_key)",
    },
    // Keep `stored_file_usage` equal to the sum of each company's `byte_size`, in the statement that
    // changes a file's row.
    triggers: {
      stored_files_usage_added:
        "CREATE TRIGGER stored_files_usage_added AFTER INSERT ON stored_files BEGIN INSERT INTO stored_file_usage (company_id, bytes) VALUES (NEW.company_id, NEW.byte_size) ON CONFLICT (company_id) DO UPDATE SET bytes = bytes + excluded.bytes; END",
      stored_files_usage_resized:
        "CREATE TRIGGER stored_files_usage_resized AFTER UPDATE OF byte_size ON stored_files WHEN OLD.byte_size IS NOT NEW.byte_size BEGIN UPDATE stored_file_usage SET bytes = bytes + NEW.byte_size - OLD.byte_size WHERE company_id = NEW.company_id; END",
      stored_files_usage_removed:
        "CREATE TRIGGER stored_files_usage_removed AFTER DELETE ON stored_files BEGIN UPDATE stored_file_usage SET bytes = bytes - OLD.byte_size WHERE company_id = OLD.company_id; END",
    },
  },
  // The bytes each company's stored files take (`stored_files.byte_size` summed, kept by its triggers):
  // what the file quota is checked against, one row read whatever the number of files.
  stored_file_usage: {
    columns: {
      company_id: "INTEGER PRIMARY KEY",
      bytes: "INTEGER NOT NULL DEFAULT 0",
    },
    indexes: {},
  },
  // The outbox: every change of a kind's record (written by the triggers of `event-triggers.ts`, in the
  // statement that makes the change) and every action outcome. AUTOINCREMENT: ids only grow, so a
  // reader paging by id never misses an event committed later. No index on `created_at`: ids grow
  // with time, so retention and a list's time bounds find their cut by id, and every write saves an
  // index entry. A list by type or by kind reads one of the two type indexes per type or kind, in id
  // order (`services/events.ts`): a kind is its types' prefix, as a key's scopes and `<kind>.*` name it.
  events: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL",
      type: "TEXT NOT NULL",
      kind: "TEXT",
      record_id: "INTEGER",
      object: "TEXT NOT NULL",
      previous: "TEXT",
      result: "TEXT",
      created_at: "TEXT NOT NULL",
      // The API key whose request wrote it (`db/acting-key.ts`); null when none did.
      api_key_id: "INTEGER",
    },
    indexes: {
      events_company: "CREATE INDEX events_company ON events (company_id, id)",
      events_company_type: "CREATE INDEX events_company_type ON events (company_id, type, id)",
      events_company_kind: `CREATE INDEX events_company_kind ON events (company_id, ${TYPE_PREFIX_SQL}, id)`,
    },
  },
  // What an optimistic write's guards insert into when what they check no longer holds; the CHECK
  // refuses every row, aborting the batch (`write-guards.ts`). Always empty.
  write_guards: {
    columns: { failed: "INTEGER CONSTRAINT write_guard CHECK (failed IS NULL)" },
    indexes: {},
  },
  // The ids a write plan's batch gave the records it inserted, by their place in the plan
  // (`write-plan.ts`): cleared by each such batch, which holds the write lock while it runs.
  plan_ids: {
    columns: { slot: "INTEGER PRIMARY KEY", id: "INTEGER NOT NULL" },
    indexes: {},
  },
  // The newest event id when a key's batch began (`db/acting-key.ts`): its last statement stamps the
  // events after it with the key. One row, rewritten by each such batch under the write lock.
  acting_key: {
    columns: { id: ROW_ID, after_event: "INTEGER NOT NULL" },
    indexes: {},
  },
  webhook_secrets: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL",
      endpoint_id: "INTEGER NOT NULL",
      secret: "TEXT NOT NULL",
      created_at: "TEXT NOT NULL",
      expires_at: "TEXT",
    },
    indexes: {
      webhook_secrets_endpoint: "CREATE INDEX webhook_secrets_endpoint ON webhook_secrets (endpoint_id)",
    },
  },
  // One row per (event or callout, receiver); the dispatcher attempts due rows until one succeeds or
  // the retry schedule is spent.
  webhook_deliveries: {
    columns: {
      id: ROW_ID,
      company_id: "INTEGER NOT NULL",
      purpose: "TEXT NOT NULL",
      endpoint_id: "INTEGER",
      event_id: "INTEGER",
      type: "TEXT NOT NULL",
      url: "TEXT NOT NULL",
      method: "TEXT NOT NULL DEFAULT 'POST'",
      content_type: "TEXT NOT NULL DEFAULT 'application/json'",
      body: "TEXT",
      headers: "TEXT",
      // The record that logs its attempts (`purchase-notification`, 12), as its callout named it.
      log_kind: "TEXT",
      log_id: "INTEGER",
      // A callout's record (`custom-channel:12`), whose signing secret signs it at each attempt.
      signer: "TEXT",
      timeout_ms: "INTEGER NOT NULL DEFAULT 10000",
      status: "TEXT NOT NULL DEFAULT 'pending'",
      attempts: "INTEGER NOT NULL DEFAULT 0",
      next_attempt_at: "TEXT",
      last_response_status: "INTEGER",
      last_error: "TEXT",
      created_at: "TEXT NOT NULL",
    },
    indexes: {
      webhook_deliveries_due:
        "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)",
      webhook_deliveries_endpoint:
        "CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (company_id, endpoint_id, id)",
      // An endpoint's deliveries by their event's kind, for a key that reads some kinds only. Callouts
      // (no endpoint) are never listed so: they are left out of it, one index entry fewer each.
      webhook_deliveries_endpoint_kind: `CREATE INDEX webhook_deliveries_endpoint_kind ON webhook_deliveries (company_id, endpoint_id, ${TYPE_PREFIX_SQL}, id) WHERE endpoint_id IS NOT NULL`,
      // An endpoint's deliveries in one status (`?status=failed`), for a key that reads every kind and for
      // one that reads some: each read as a range of its page, never a walk of all the endpoint's deliveries.
      webhook_deliveries_endpoint_status:
        "CREATE INDEX webhook_deliveries_endpoint_status ON webhook_deliveries (company_id, endpoint_id, status, id)",
      webhook_deliveries_endpoint_status_kind: `CREATE INDEX webhook_deliveries_endpoint_status_kind ON webhook_deliveries (company_id, endpoint_id, status, ${TYPE_PREFIX_SQL}, id) WHERE endpoint_id IS NOT NULL`,
    },
  },
  webhook_attempts: {
    columns: {
      id: ROW_ID,
      delivery_id: "INTEGER NOT NULL",
      at: "TEXT NOT NULL",
      duration_ms: "INTEGER NOT NULL",
      response_status: "INTEGER",
      error: "TEXT",
      succeeded: "INTEGER NOT NULL",
    },
    indexes: {
      webhook_attempts_delivery: "CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id)",
    },
  },
  // The webhook endpoints deleted whose delivery logs are still to be removed: the delete notes the
  // endpoint, and the dispatcher's prune removes its log in batches, then the note
  // (`services/webhooks/endpoint-logs.ts`).
  deleted_endpoint_logs: {
    columns: {
      endpoint_id: "INTEGER PRIMARY KEY",
      company_id: "INTEGER NOT NULL",
    },
    indexes: {},
  },
  // Secret fields' sealed values and inbound secrets' digests, out of the records (`secret-sql.ts`).
  ...SECRET_TABLES,
  // A data import the runner owes (`services/imports/`): claimed for a lease, resumed after a crash
  // from the rows its committed batches went past; removed when the import ends.
  data_import_runs: {
    columns: {
      import_id: "INTEGER PRIMARY KEY",
      company_id: "INTEGER NOT NULL",
      lease_token: "TEXT",
      lease_until: "TEXT",
      rows_done: "INTEGER NOT NULL DEFAULT 0",
      // Runs in a row that failed without committing a batch; past a few the import ends `error`.
      failures: "INTEGER NOT NULL DEFAULT 0",
      created_at: "TEXT NOT NULL",
    },
    indexes: {
      data_import_runs_lease: "CREATE INDEX data_import_runs_lease ON data_import_runs (lease_until)",
    },
  },
  // The file an adjustment import applies, spelt one way (`fileKeyOf` in `services/imports/source.ts`):
  // written when its run starts and kept after it ends, so that an import of that file named another
  // way is found (`sameFileReads`).
  data_import_files: {
    columns: {
      import_id: "INTEGER PRIMARY KEY",
      company_id: "INTEGER NOT NULL",
      file_key: "TEXT NOT NULL",
    },
    indexes: {
      data_import_files_key: "CREATE INDEX data_import_files_key ON data_import_files (company_id, file_key)",
    },
  },
  // The rows of a running import that failed or were left out, as read, for its error and skipped
  // files; removed when those are made.
  data_import_rows: {
    columns: {
      id: ROW_ID,
      import_id: "INTEGER NOT NULL",
      row_number: "INTEGER NOT NULL",
      outcome: "TEXT NOT NULL",
      cells: "TEXT NOT NULL",
      message: "TEXT NOT NULL",
    },
    indexes: {
      data_import_rows_import:
        "CREATE INDEX data_import_rows_import ON data_import_rows (import_id, outcome, row_number)",
    },
  },
  // A feed fetch under way (`services/feed-fetch.ts`), one per pending feed file: claimed for a lease,
  // its file's copy in the file store (`storage_key`), resumed after a crash from the rows its
  // committed batches went past; removed when the file is settled.
  inventory_feed_fetches: {
    columns: {
      file_id: "INTEGER PRIMARY KEY",
      company_id: "INTEGER NOT NULL",
      lease_token: "TEXT",
      lease_until: "TEXT",
      storage_key: "TEXT",
      rows_done: "INTEGER NOT NULL DEFAULT 0",
      // Runs in a row that failed without committing a write; past a few the file ends `error`.
      failures: "INTEGER NOT NULL DEFAULT 0",
      created_at: "TEXT NOT NULL",
    },
    indexes: {},
  },
  // The feed items a fetch's file held and applied, removed ones left out (by the file's and the item's
  // ids), written with the batch that applied them: the items of the feed not among them are those its
  // cleanup sets to 0 units, and a later batch holding one again does not count it again. Removed when
  // the file is settled.
  inventory_feed_seen: {
    columns: {
      file_id: "INTEGER NOT NULL",
      item_id: "INTEGER NOT NULL",
    },
    indexes: {
      inventory_feed_seen_item:
        "CREATE UNIQUE INDEX inventory_feed_seen_item ON inventory_feed_seen (file_id, item_id)",
    },
  },
  // How far the dispatcher has turned events into deliveries (row 1), and how far it has told the feed
  // change after it, when only part of it was told (row 2: `FEED_TOLD_ROW` in `webhooks/fan-out.ts`).
  webhook_cursor: {
    columns: { id: ROW_ID, last_event_id: "INTEGER NOT NULL" },
    indexes: {},
  },
};

function sqlLiteral(value: unknown, column: Column): string | undefined {
  if (value === undefined || column.json) return undefined;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(column.def.type === "money" ? Math.round(value * 100) : value);
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  return undefined;
}

function columnSql(column: Column): string {
  const literal = sqlLiteral(column.def.default, column);
  return literal === undefined ? column.sqlType : `${column.sqlType} DEFAULT ${literal}`;
}

/**
 * Indexes the background work finds its jobs by, across companies, every time the dispatcher runs
 * (`services/background.ts`): only the pending rows, so they stay as small as the queue.
 */
const WORK_INDEXES: Readonly<Record<string, Record<string, string>>> = {
  inventory_feed_files: {
    inventory_feed_files_pending:
      "CREATE INDEX inventory_feed_files_pending ON inventory_feed_files (id) WHERE status = 'pending'",
  },
  data_exports: {
    data_exports_pending: "CREATE INDEX data_exports_pending ON data_exports (id) WHERE status = 'pending'",
  },
};

function kindTable(table: Table): SchemaSnapshot["tables"][string] {
  const columns: Record<string, string> = {
    id: ROW_ID,
    company_id: "INTEGER NOT NULL",
    created_at: "TEXT NOT NULL",
    updated_at: "TEXT NOT NULL",
  };
  for (const column of table.columns) columns[column.name] = columnSql(column);
  const t = table.name;
  const indexes: Record<string, string> = {};
  for (const index of kindIndexes(table)) indexes[index.name] = createIndexSql(t, index);
  Object.assign(indexes, WORK_INDEXES[t]);
  return { columns, indexes, triggers: { ...eventTriggers(table), ...secretTriggers(table) } };
}

export function desiredSchema(): SchemaSnapshot {
  const result: SchemaSnapshot = { tables: { ...SYSTEM_TABLES } };
  for (const table of tables.values()) result.tables[table.name] = kindTable(table);
  return result;
}

/**
 * A column's type without its DEFAULT: SQLite cannot change a column's default, and need not here,
 * since every insert writes every column (the server fills the manifest's defaults itself).
 */
function baseType(type: string): string {
  return type.replace(/ DEFAULT .*$/, "");
}

/**
 * The statements that take a database from `previous` to `next`. Migrations only add: a removed field's
 * column stays (SQLite cannot always drop it, and old data is kept), a removed index is dropped.
 */
export function diffSchema(previous: SchemaSnapshot, next: SchemaSnapshot): string[] {
  const statements: string[] = [];
  for (const [name, table] of Object.entries(next.tables)) {
    const before = previous.tables[name];
    if (!before) {
      const columns = Object.entries(table.columns).map(([column, type]) => `  ${column} ${type}`);
      statements.push(`CREATE TABLE ${name} (\n${columns.join(",\n")}\n)`);
    } else {
      for (const [column, type] of Object.entries(table.columns)) {
        if (!(column in before.columns)) statements.push(`ALTER TABLE ${name} ADD COLUMN ${column} ${type}`);
        else if (before.columns[column] !== type && baseType(before.columns[column]!) !== baseType(type)) {
          throw new Error(
            `${name}.${column} changed from ${before.columns[column]} to ${type}: write this migration by hand`,
          );
        }
      }
      for (const [index] of Object.entries(before.indexes)) {
        if (!(index in table.indexes)) statements.push(`DROP INDEX IF EXISTS ${index}`);
      }
    }
    for (const [index, sql] of Object.entries(table.indexes)) {
      if (before?.indexes[index] !== sql) {
        if (before?.indexes[index]) statements.push(`DROP INDEX IF EXISTS ${index}`);
        statements.push(sql);
      }
    }
    for (const [trigger] of Object.entries(before?.triggers ?? {})) {
      if (!(trigger in (table.triggers ?? {}))) statements.push(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
    for (const [trigger, sql] of Object.entries(table.triggers ?? {})) {
      if (before?.triggers?.[trigger] !== sql) {
        if (before?.triggers?.[trigger]) statements.push(`DROP TRIGGER IF EXISTS ${trigger}`);
        statements.push(sql);
      }
    }
  }
  return statements;
}
