import type { Ctx } from "../domain/context.ts";
import type { WritePlan } from "../domain/write-plan.ts";
import { ApiError } from "../errors.ts";

/**
 * Plans storing a generated file (a label, an export) for the company: answers its id and download URL,
 * provisional until the plan's batch runs.
 */
export function planStoredFile(
  plan: WritePlan,
  baseUrl: string,
  input: { name: string; contentType: string; body: Uint8Array },
): { id: number; url: string } {
  const id = plan.insertRow({
    sql: "INSERT INTO stored_files (company_id, name, content_type, body, created_at) VALUES (?, ?, ?, ?, ?)",
    args: [plan.companyId, input.name, input.contentType, input.body, plan.now],
  });
  return { id, url: `${baseUrl}/files/${id}/${encodeURIComponent(input.name)}` };
}

/** A stored file of the company. */
export async function readFile({ ctx, id }: { ctx: Ctx; id: number }) {
  const result = await ctx.db.execute({
    sql: "SELECT name, content_type, body FROM stored_files WHERE id = ? AND company_id = ?",
    args: [id, ctx.companyId],
  });
  const row = result.rows[0];
  if (!row) throw new ApiError("not_found", `No file with id ${id}.`);
  const body = row.body as ArrayBuffer | Uint8Array;
  return {
    name: String(row.name),
    contentType: String(row.content_type),
    body: body instanceof Uint8Array ? body : new Uint8Array(body),
  };
}
