export type { EventQuery, EventRecord, KindTypes } from "@multichannel/schema";
export { type ClientOptions, createClient, etagOf } from "./client.ts";
export {
  ApiError,
  type ApiErrorInit,
  type FieldError,
  isApiError,
  isNetworkError,
  NetworkError,
} from "./errors.ts";
export type { RetryOptions } from "./retry.ts";
export type {
  ActionCall,
  ActionMethods,
  Client,
  CreateBody,
  EventPage,
  EventsClient,
  FilterableField,
  KindClient,
  ListQuery,
  Namespace,
  NamespaceClient,
  Page,
  RequestOptions,
  ResourceRecord,
  UpdateBody,
  Where,
  WhereOperators,
  WriteOptions,
} from "./types.ts";
