/** Data imports: a created import is owed a run (`services/imports/runner.ts`), made in its write. */
import { sql } from "../../db/sql.ts";
import { creates, type WriteRules } from "./rule.ts";

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
  },
};
