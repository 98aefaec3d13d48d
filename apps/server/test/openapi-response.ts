// Checks answers against the response schemas the OpenAPI document declares for their operation, so an
// answer that does not validate against its own declared schema fails the test that received it.
import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { expect } from "vitest";

const document = JSON.parse(
  readFileSync(new URL("../../../packages/schema/openapi.json", import.meta.url), "utf8"),
) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

// The document's own keywords (x-money, x-references) are annotations; formats are checked elsewhere.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...document, $id: "openapi" });

/** Path templates as patterns: `/purchases/{id}/ship.json` matches `/purchases/12/ship.json`. */
const templates = Object.keys(document.paths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

const compiled = new Map<string, ValidateFunction | null>();

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

/** The validator of an operation's answer with `status`, or null when the document declares no JSON body. */
function validatorFor(method: string, template: string, status: number): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  if (!compiled.has(key)) {
    const responses = document.paths[template]?.[method.toLowerCase()]?.responses ?? {};
    const declared = responses[String(status)] as
      | { content?: Record<string, { schema?: unknown }>; $ref?: string }
      | undefined;
    compiled.set(
      key,
      declared?.content?.["application/json"]?.schema
        ? ajv.compile({
            $ref: `openapi#/${pointer("paths", template, method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`,
          })
        : null,
    );
  }
  return compiled.get(key)!;
}

/**
 * Asserts that the document declares this status for the operation at `path` (a concrete path, query
 * string allowed), and that a successful answer is what it declares. Paths and methods the document
 * does not describe are not checked.
 */
export function expectMatchesResponseSchema(
  method: string,
  path: string,
  status: number,
  body: unknown,
): void {
  const bare = path.split("?")[0]!;
  const found = templates.find(({ pattern }) => pattern.test(bare));
  if (!found) return;
  const operation = document.paths[found.template]?.[method.toLowerCase()];
  if (!operation) return; // another method on a known path: a 405, which no operation declares
  const declared = operation.responses;
  expect(
    Object.keys(declared),
    `${method} ${found.template} answered ${status}, which the document does not declare`,
  ).toContain(String(status));
  const validate = validatorFor(method, found.template, status);
  if (!validate || body === undefined) return;
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${method} ${path} → ${status} against ${found.template}`).toEqual([]);
}
