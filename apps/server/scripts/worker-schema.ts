// The Worker's copy of `@multichannel/schema` (wrangler.jsonc `alias`, made by `build.command`): the
// package's main entry bundled without the manifest's documentation-only members (the `description`
// and `example` of each field and kind), which only the OpenAPI document reads, and the Worker serves
// that document prebuilt (scripts/docs-assets.ts). About 22 KiB gzip of text the Worker never reads.
// `derived` texts stay (409 answers quote them), as does everything else a builder is given.
import { statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import type {
  ArrowFunction,
  CallExpression,
  FunctionDeclaration,
  FunctionExpression,
  Identifier,
  Node,
  ObjectLiteralExpression,
  SourceFile,
} from "typescript/unstable/ast";
import {
  isArrowFunction,
  isAsExpression,
  isCallExpression,
  isConditionalExpression,
  isFunctionDeclaration,
  isFunctionExpression,
  isIdentifier,
  isImportDeclaration,
  isNamedImports,
  isNoSubstitutionTemplateLiteral,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isSatisfiesExpression,
  isShorthandPropertyAssignment,
  isSpreadAssignment,
  isStringLiteral,
  isTemplateExpression,
  isVariableDeclaration,
} from "typescript/unstable/ast/is";
import { API } from "typescript/unstable/sync";

/** wrangler.jsonc `alias` of `@multichannel/schema`. */
export const WORKER_SCHEMA = fileURLToPath(new URL("../dist/worker-schema.js", import.meta.url));

const schemaDir = fileURLToPath(new URL("../../../packages/schema/", import.meta.url));
const schemaSrc = join(schemaDir, "src");
/** The OpenAPI builder's stand-in, as for `@multichannel/schema/openapi`. */
const noOpenApiBuilder = fileURLToPath(new URL("../src/http/no-openapi-builder.ts", import.meta.url));

/** Members that only the documentation reads. */
const DOC_MEMBERS = new Set(["description", "example", "examples"]);

/**
 * Calls whose argument at this position is a declaration's options (not a field map: `f.object`'s
 * first argument may well have a field named `description`); `f.*` is any other field builder.
 */
const OPTIONS_ARGUMENT: Record<string, number> = {
  defineKind: 0,
  build: 1, // define.ts: build(type, options, extra), which `f.tenant()` calls with its text
  "f.enum": 1,
  "f.openEnum": 1,
  "f.ref": 1,
  "f.array": 1,
  "f.object": 1,
  "f.*": 0,
};

/** A change to a file's text: the range blanked, or replaced by `text` (padded to the same length). */
export interface Edit {
  start: number;
  end: number;
  text?: string;
}

/** A helper's parameters that only documentation reads (`endpoint(description)`), by position. */
type Helpers = Map<string, number[]>;

function optionsIndex(call: CallExpression): number | undefined {
  const callee = call.expression;
  const at = (name: string) => (Object.hasOwn(OPTIONS_ARGUMENT, name) ? OPTIONS_ARGUMENT[name] : undefined);
  if (isIdentifier(callee)) return at(callee.text);
  if (
    isPropertyAccessExpression(callee) &&
    isIdentifier(callee.expression) &&
    callee.expression.text === "f"
  ) {
    return at(`f.${callee.name.text}`) ?? at("f.*");
  }
  return undefined;
}

/** The object literals an expression may be (`(x)`, `x as T`, `c ? x : y`), or undefined if not only those. */
function literalBranches(node: Node | undefined): ObjectLiteralExpression[] | undefined {
  if (node === undefined) return undefined;
  if (isObjectLiteralExpression(node)) return [node];
  if (isParenthesizedExpression(node) || isAsExpression(node) || isSatisfiesExpression(node)) {
    return literalBranches(node.expression);
  }
  if (isConditionalExpression(node)) {
    const [yes, no] = [literalBranches(node.whenTrue), literalBranches(node.whenFalse)];
    return yes && no ? [...yes, ...no] : undefined;
  }
  return undefined;
}

function isDocMember(member: Node): boolean {
  return (
    (isPropertyAssignment(member) || isShorthandPropertyAssignment(member)) &&
    (isIdentifier(member.name) || isStringLiteral(member.name)) &&
    DOC_MEMBERS.has(member.name.text)
  );
}

/** The range of a list element with the comma after it. */
function withComma(file: SourceFile, node: Node): Edit {
  let end = node.end;
  while (/\s/.test(file.text[end] ?? "")) end++;
  return { start: node.getStart(file), end: file.text[end] === "," ? end + 1 : node.end };
}

/** The documentation members of the options given to the field and kind builders. */
function docMembers(file: SourceFile): Edit[] {
  const edits: Edit[] = [];
  const strip = (literal: ObjectLiteralExpression) => {
    for (const member of literal.properties) {
      if (isSpreadAssignment(member)) {
        const branches = literalBranches(member.expression);
        // `...(text ? { description: text } : {})`: the whole spread goes, and with it its reading of `text`.
        if (branches?.every((branch) => branch.properties.every(isDocMember))) {
          edits.push(withComma(file, member));
        } else {
          for (const branch of branches ?? []) strip(branch);
        }
      } else if (isDocMember(member)) {
        const edit = withComma(file, member);
        if (!/^["']?(description|examples?)\b/.test(file.text.slice(edit.start, edit.start + 12))) {
          throw new Error(`${file.fileName}: the member at offset ${edit.start} is not documentation`);
        }
        edits.push(edit);
      }
    }
  };
  const visit = (node: Node): void => {
    if (isCallExpression(node)) {
      const index = optionsIndex(node);
      if (index !== undefined)
        for (const literal of literalBranches(node.arguments[index]) ?? []) strip(literal);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return edits;
}

const inside = (edits: readonly Edit[], at: number) =>
  edits.some(({ start, end }) => start <= at && at < end);

/** A declared function's name, its parameters and the node holding its body. */
function functionsOf(
  file: SourceFile,
): { name: string; fn: FunctionDeclaration | ArrowFunction | FunctionExpression }[] {
  const found: { name: string; fn: FunctionDeclaration | ArrowFunction | FunctionExpression }[] = [];
  const visit = (node: Node): void => {
    if (isFunctionDeclaration(node) && node.name) found.push({ name: node.name.text, fn: node });
    if (
      isVariableDeclaration(node) &&
      isIdentifier(node.name) &&
      node.initializer &&
      (isArrowFunction(node.initializer) || isFunctionExpression(node.initializer))
    ) {
      found.push({ name: node.name.text, fn: node.initializer });
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

/**
 * The file's helpers whose parameters only documentation reads once `edits` are made: each such
 * parameter's default goes too (an edit), and calls pass `0` in its place (`callEdits`).
 */
function docHelpers(file: SourceFile, edits: Edit[]): Helpers {
  const helpers: Helpers = new Map();
  const names = new Map<string, number>();
  for (const { name } of functionsOf(file)) names.set(name, (names.get(name) ?? 0) + 1);
  for (const { name, fn } of functionsOf(file)) {
    if (names.get(name) !== 1) continue; // two functions of one name: calls cannot be told apart
    const docOnly: number[] = [];
    fn.parameters.forEach((parameter, index) => {
      if (!isIdentifier(parameter.name) || parameter.dotDotDotToken) return;
      const uses: number[] = [];
      const visit = (node: Node): void => {
        // Not the parameter's own name (compared by place: nodes are views the API may make anew).
        if (
          isIdentifier(node) &&
          node.text === (parameter.name as Identifier).text &&
          node.pos !== parameter.name.pos
        ) {
          uses.push(node.getStart(file));
        }
        node.forEachChild(visit);
      };
      fn.forEachChild(visit);
      if (uses.length > 0 && uses.every((at) => inside(edits, at))) docOnly.push(index);
    });
    if (docOnly.length === 0) continue;
    helpers.set(name, docOnly);
    for (const index of docOnly) {
      const { name: id, questionToken, type, initializer } = fn.parameters[index]!;
      if (initializer) edits.push({ start: (type ?? questionToken ?? id).end, end: initializer.end });
    }
  }
  return helpers;
}

/** Calls of documentation-only helper parameters (the file's own helpers and those it imports). */
function callEdits(file: SourceFile, helpersOf: (path: string) => Helpers): Edit[] {
  const known = new Map(helpersOf(file.fileName));
  for (const statement of file.statements) {
    if (!isImportDeclaration(statement) || !isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!from.startsWith(".") || !bindings || !isNamedImports(bindings)) continue;
    const theirs = helpersOf(join(dirname(file.fileName), from));
    for (const element of bindings.elements) {
      const docOnly = theirs.get((element.propertyName ?? element.name).text);
      if (docOnly) known.set(element.name.text, docOnly);
    }
  }
  const edits: Edit[] = [];
  const visit = (node: Node): void => {
    if (isCallExpression(node) && isIdentifier(node.expression)) {
      for (const index of known.get(node.expression.text) ?? []) {
        const argument = node.arguments[index];
        // Only text goes: an argument that computes something stays, in case that has an effect.
        if (
          argument &&
          (isStringLiteral(argument) ||
            isNoSubstitutionTemplateLiteral(argument) ||
            isTemplateExpression(argument))
        ) {
          edits.push({ start: argument.getStart(file), end: argument.end, text: "0" });
        }
      }
    }
    node.forEachChild(visit);
  };
  visit(file);
  return edits;
}

/**
 * Applies edits that do not cross (an edit inside another is dropped), blanking what they remove but
 * line breaks, so every other line and column (and so the source map) stays.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let at = 0;
  for (const { start, end, text: replacement = "" } of sorted) {
    if (start < at) continue;
    const removed = text.slice(start, end);
    out += text.slice(at, start) + replacement + removed.slice(replacement.length).replace(/[^\r\n]/g, " ");
    at = end;
  }
  return out + text.slice(at);
}

/** The Worker's text of each schema source file, by path. */
export function withoutDocs(files: readonly SourceFile[]): Map<string, string> {
  const own = new Map(files.map((file) => [file.fileName, docMembers(file)]));
  const helpers = new Map(files.map((file) => [file.fileName, docHelpers(file, own.get(file.fileName)!)]));
  const helpersOf = (path: string) => helpers.get(path) ?? new Map();
  return new Map(
    files.map((file) => [
      file.fileName,
      applyEdits(file.text, [...own.get(file.fileName)!, ...callEdits(file, helpersOf)]),
    ]),
  );
}

async function newestSchemaSource(): Promise<number> {
  const files = await readdir(schemaSrc, { recursive: true });
  const times = files
    .filter((name) => name.endsWith(".ts"))
    .map((name) => statSync(join(schemaSrc, name)).mtimeMs);
  const tools = [fileURLToPath(import.meta.url), noOpenApiBuilder].map((path) => statSync(path).mtimeMs);
  return Math.max(...times, ...tools);
}

/**
 * Bundles `@multichannel/schema` (main entry) for the Worker into `outfile`, without the manifest's
 * documentation, its OpenAPI builder replaced by the stand-in the Worker already uses. Skipped when
 * `outfile` is newer than every source file (`wrangler dev` runs this on each change).
 */
export async function buildWorkerSchema(outfile = WORKER_SCHEMA, { force = false } = {}): Promise<string> {
  const built = statSync(outfile, { throwIfNoEntry: false });
  if (!force && built && built.mtimeMs > (await newestSchemaSource())) return outfile;
  // The TypeScript 7 compiler parses (in its own process); it is opened only when something changed.
  const api = new API({ cwd: schemaDir });
  try {
    const project = api.updateSnapshot({ openProject: join(schemaDir, "tsconfig.json") }).getProjects()[0];
    if (!project) throw new Error(`No TypeScript project at ${schemaDir}tsconfig.json`);
    const files = project.program
      .getSourceFileNames()
      .filter((name) => name.startsWith(schemaSrc) && !name.endsWith(".d.ts"))
      .map((name) => project.program.getSourceFile(name)!);
    const texts = withoutDocs(files);
    const plugin: Plugin = {
      name: "manifest-without-docs",
      setup(esbuild) {
        esbuild.onResolve({ filter: /^\.\/openapi\.ts$/ }, (args) =>
          args.importer === join(schemaSrc, "index.ts") ? { path: noOpenApiBuilder } : undefined,
        );
        esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
          if (!args.path.startsWith(schemaSrc)) return undefined;
          const contents = texts.get(args.path);
          if (contents === undefined) throw new Error(`${args.path} is not in ${schemaDir}tsconfig.json`);
          return { contents, loader: "ts" };
        });
      },
    };
    await build({
      entryPoints: [join(schemaSrc, "index.ts")],
      outfile,
      bundle: true,
      format: "esm",
      platform: "neutral",
      // The server imports valibot too: one copy, resolved from the server (wrangler bundles it).
      external: ["valibot"],
      plugins: [plugin],
      sourcemap: "linked",
      logLevel: "warning",
    });
  } finally {
    api.close();
  }
  return outfile;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildWorkerSchema(WORKER_SCHEMA, { force: process.argv.includes("--force") });
}
