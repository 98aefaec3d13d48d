import type { Hono } from "hono";
import { allows, scopeText } from "../domain/scopes.ts";
import { ApiError } from "../errors.ts";
import { readFile } from "../services/files.ts";
import { answer } from "./answer.ts";
import type { AppEnv } from "./env.ts";
import type { Guard } from "./middleware.ts";
import { missingScope } from "./scopes.ts";

/** Downloads of generated files (labels, exports): `GET /files/{id}/{name}`, same auth as the API. */
export function registerFileRoutes(app: Hono<AppEnv>, guard: Guard): void {
  app.get(
    "/files/:id{[0-9]{1,15}}/:name",
    guard.read(async (c) => {
      const file = await readFile({ ctx: c.get("ctx"), id: Number(c.req.param("id")) });
      if (file.name !== c.req.param("name")) throw new ApiError("not_found", "No file with that name.");
      // A label (PDF) is the shipping group's, an export the inventory group's.
      const group = file.contentType === "application/pdf" ? "shipping" : "inventory";
      const access = c.get("actor").access;
      if (access && !allows(access, group, 1)) throw missingScope(scopeText(group, 1));
      return answer(c, file.body as BodyInit, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `inline; filename="${file.name.replace(/"/g, "")}"`,
        "Cache-Control": "private, max-age=3600",
      });
    }),
  );
}
