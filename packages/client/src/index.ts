export type { EventQuery, EventRecord, KindTypes } from "@multichannel/schema";
export {
  type ClientOptions,
  type Connected,
  connect,
  createClient,
  DEFAULT_TIMEOUT_MS,
  etagOf,
} from "./client.ts";
export {
  ApiError,
  type ApiErrorInit,
  type FieldError,
  isApiError,
  isNetworkError,
  isTimeoutError,
  NetworkError,
  type ProblemDetails,
  type ReferringKind,
  TimeoutError,
} from "./errors.ts";
export type { Relations } from "./generated/relations.ts";
export type { ActionSpec, Resource } from "./resource.ts";
export type { RetryOptions } from "./retry.ts";
export { metaOf } from "./transport.ts";
export type {
  ActionCall,
  ActionMethods,
  Attributes,
  Client,
  CreateBody,
  EventPage,
  EventsClient,
  FilesClient,
  FileUpload,
  FilterableField,
  GetOptions,
  Include,
  IncludeItem,
  KindClient,
  ListQuery,
  Namespace,
  NamespaceClient,
  Page,
  RateLimitState,
  RequestOptions,
  ResourceRecord,
  ResponseMeta,
  Row,
  Shape,
  StoredFile,
  UpdateBody,
  Where,
  WhereOperators,
  WriteOptions,
} from "./types.ts";
