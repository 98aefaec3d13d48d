/**
 * Data imports: a created import is owed a run (`services/imports/runner.ts`), made in its write; a
 * deleted one is owed nothing more (a run under way stops at its next batch).
 */
import { sql } from "../../db/sql.ts";
import { creates, deletes, type WriteRules } from "./rule.ts";

export const importRules: WriteRules = {
  "data-import": {
    planCreate: creates<"data-import", Record<never, never>>({
      reads: () => ({}),
      plan({ values, plan }) {
        const dataImport = plan.insert("data-import", values);
        plan.write(
          sql`INSERT INTO data_import_runs (import_id, company_id, created_at) VALUES (${dataImport.id}, ${sql.company}, ${plan.now})`,
        );
        return dataImport;
      },
    }),
    planDelete: deletes<"data-import", Record<never, never>>({
      reads: () => ({}),
      plan({ current, plan }) {
        plan.write(sql`DELETE FROM data_import_rows WHERE import_id = ${current.id}`);
        plan.write(
          sql`DELETE FROM data_import_runs WHERE import_id = ${current.id} AND company_id = ${sql.company}`,
        );
      },
    }),
  },
};
