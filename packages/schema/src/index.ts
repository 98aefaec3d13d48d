/**
 * `@multichannel/schema`: the resource manifest (every kind as data), its valibot validators, TypeScript
 * types and OpenAPI document.
 *
 * @example
 * import { kindByName, kindSchemas } from "@multichannel/schema";
 * import * as v from "valibot";
 * v.parse(kindSchemas(kindByName("carrier")!).create, { name: "Parcel Express" });
 */

export { isCountryCode } from "./countries.ts";
export { isCurrencyCode } from "./currencies.ts";
export type {
  ActionDef,
  ActionInputOf,
  ActionMethod,
  CreateOf,
  CreateShape,
  FieldBuilders,
  FieldDef,
  FieldOptions,
  FieldRole,
  FieldType,
  JsonValue,
  KindDef,
  KindInput,
  OwnerDef,
  RecordBase,
  RecordOf,
  SameOwner,
  Scalar,
  StatesDef,
  StringFormat,
  UpdateOf,
  ValueOf,
} from "./define.ts";
export {
  answersOneRecord,
  answersSecretOnce,
  DEFAULT_MAX_LENGTH,
  defineAction,
  defineKind,
  f,
  operationWrites,
  secretsShownOnce,
  takesWriteHeaders,
} from "./define.ts";
export type { EventQuery, EventRecord } from "./events.ts";
export type * from "./generated/types.ts";
export {
  actionInputIn,
  actionPath,
  actions,
  backgroundEvents,
  camelCase,
  kindByName,
  kindByPlural,
  kinds,
  recordBodyFields,
  snakeCase,
} from "./manifest.ts";
export {
  actionOutputKind,
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiOptions,
  pascalCase,
} from "./openapi.ts";
export { type ProblemMember, problemMembers } from "./problem.ts";
export { kindByModel, modelName, type Relation, relationOf, relationsOf } from "./relations.ts";
export { type SameFactConflict, sameFactsOf, withSameFacts } from "./same-facts.ts";
export { apiKeyScopes, scopeGroups } from "./scopes.ts";
export {
  actionInputSchema,
  DEFAULT_MAX_JSON_BYTES,
  fieldSchema,
  isMoney,
  isWellFormedText,
  type KindSchemas,
  kindSchemas,
  MAX_MAP_KEYS,
} from "./validators.ts";
