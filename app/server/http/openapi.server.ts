// OpenAPI 3.1 for the REST API, generated from the routes' catalogue entries (routes/api/catalogue.server.ts) and
// their valibot schemas (@valibot/to-json-schema), so the document describes exactly what the routes accept.
import { toJsonSchema, type JsonSchema } from "@valibot/to-json-schema";
import { SESSION_COOKIE } from "../auth/session.server";
import type * as v from "valibot";
import * as s from "~/lib/schemas/api";
import { accessLabel, ERROR_DESCRIPTIONS, type EndpointDoc } from "./endpoint.server";
import { formatCount } from "~/lib/format";

type Json = Record<string, unknown>;

/** A schema as JSON Schema, without its `$schema` line (the document names the dialect once). */
function jsonSchemaOf(schema: v.GenericSchema, typeMode: "ignore" | "input"): Json {
  const { $schema: _drop, ...rest } = toJsonSchema(schema, {
    target: "draft-2020-12",
    errorMode: "ignore",
    typeMode,
  }) as Json;
  return rest;
}

/** Bodies: the type after coercion ("5" and 5 are both accepted for whole numbers, documented as integers). */
export const bodyJsonSchema = (schema: v.GenericSchema) => jsonSchemaOf(schema, "ignore");

/** Query strings: what the client sends (strings), stopping before the server's conversions. */
export const queryJsonSchema = (schema: v.GenericSchema) => jsonSchemaOf(schema, "input");

/** The wire shapes, named in components.schemas and referenced from the responses. */
const NAMED: [string, v.GenericSchema][] = [
  ["Error", s.errorWire],
  ["User", s.userWireSchema],
  ["Applicant", s.applicantWireSchema],
  ["PublicWorker", s.publicWorkerWireSchema],
  ["Category", s.categoryWireSchema],
  ["Task", s.taskWireSchema],
  ["FeaturedTask", s.featuredTaskWireSchema],
  ["Submission", s.submissionWireSchema],
  ["Withdrawal", s.withdrawalWireSchema],
  ["Order", s.orderWireSchema],
  ["PaymentIntent", s.paymentIntentWireSchema],
];
const nameOf = new Map<v.GenericSchema, string>(NAMED.map(([n, schema]) => [schema, n]));

function responseSchema(schema: v.GenericSchema): Json {
  const name = nameOf.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : bodyJsonSchema(schema);
}

export interface QueryParam {
  name: string;
  required: boolean;
  schema: Json;
}

/** The query parameters of a query schema, one per property. */
export function queryParams(schema: v.GenericSchema | undefined): QueryParam[] {
  if (!schema) return [];
  const json = queryJsonSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, prop]) => ({
    name,
    required: (json.required ?? []).includes(name),
    schema: prop,
  }));
}

export function operationId(e: Pick<EndpointDoc, "method" | "path">): string {
  const words = e.path
    .replace(/[{}]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)));
  return `${e.method.toLowerCase()}${words.map((w) => w[0].toUpperCase() + w.slice(1)).join("")}`;
}

function security(e: EndpointDoc) {
  return e.access === "public" ? [] : [{ bearer: [] }, { cookie: [] }];
}

function operation(e: EndpointDoc): Json {
  const parameters = [
    ...(e.pathParams ?? []).map((p) => ({
      name: p.name,
      in: "path",
      required: true,
      description: p.description,
      schema: { type: "string" },
    })),
    ...queryParams(e.query).map((p) => ({ name: p.name, in: "query", required: p.required, schema: p.schema })),
  ];
  const op: Json = {
    operationId: operationId(e),
    tags: [e.tag],
    summary: e.summary,
    description: [e.description, `Access: ${accessLabel(e.access)}.`, e.accessNote].filter(Boolean).join("\n\n"),
    security: security(e),
    "x-access": e.access,
  };
  if (parameters.length) op.parameters = parameters;
  if (e.body) {
    const bodies = Array.isArray(e.body) ? e.body : [e.body];
    const schema =
      bodies.length === 1
        ? bodyJsonSchema(bodies[0])
        : {
            oneOf: bodies.map((b, i) => ({
              ...bodyJsonSchema(b),
              ...(e.bodyTitles?.[i] ? { title: e.bodyTitles[i] } : {}),
            })),
          };
    op.requestBody = { required: !e.bodyOptional, content: { "application/json": { schema } } };
  } else if (e.multipart) {
    op.requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: Object.fromEntries(
              e.multipart.map((f) => [f.name, { type: "string", format: "binary", description: f.description }]),
            ),
            required: e.multipart.map((f) => f.name),
          },
        },
      },
    };
  } else if (e.fileBody) {
    op.requestBody = {
      required: true,
      description: e.fileBody.description,
      content: { [e.fileBody.contentType]: { schema: { type: "string" } } },
    };
  }
  const responses: Record<string, Json> = {};
  for (const r of e.responses) {
    const key = String(r.status);
    const content: Json = r.contentType
      ? { [r.contentType]: { schema: { type: "string", format: "binary" } } }
      : {
          "application/json": {
            ...(r.schema
              ? { schema: r.list ? { type: "array", items: responseSchema(r.schema) } : responseSchema(r.schema) }
              : {}),
            ...(r.example !== undefined ? { example: r.example } : {}),
          },
        };
    const entry: Json = { description: r.description, content };
    if (r.list) entry.headers = { "X-Total-Count": { description: "rows in all pages", schema: { type: "integer" } } };
    if (responses[key]) {
      // two answers with one status (e.g. a list or one record): oneOf
      const prev = responses[key] as {
        description: string;
        content: Record<string, { schema?: Json; example?: unknown }>;
      };
      const a = prev.content["application/json"];
      const b = (content as Record<string, { schema?: Json }>)["application/json"];
      if (a?.schema && b?.schema) a.schema = { oneOf: [a.schema, b.schema] };
      prev.description = `${prev.description}; or ${r.description}`;
    } else {
      responses[key] = entry;
    }
  }
  for (const status of [...e.errors, 405]) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  op.responses = responses;
  return op;
}

export function openApiDocument(endpoints: EndpointDoc[], origin: string): Json {
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    paths[e.path] ??= {};
    paths[e.path][e.method.toLowerCase()] = operation(e);
  }
  const schemas = Object.fromEntries(NAMED.map(([name, schema]) => [name, bodyJsonSchema(schema)])) as Record<
    string,
    JsonSchema
  >;
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Coinwork REST API",
      version: "1.0.0",
      description:
        "The calls of the Coinwork client at the paths it has always used, with the spec's field names. Errors are `{ error: { code, message, fields? } }`. Lists are JSON arrays; page= and limit= (at most 100, the default) page them and X-Total-Count tells the total. Authenticate with `Authorization: Bearer <token>` (from POST /auth/login) or the session cookie. JSON bodies need `Content-Type: application/json`.",
    },
    servers: [{ url: origin }],
    tags: [...new Set(endpoints.map((e) => e.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "The token from POST /auth/login or /auth/register, or a verified ID token of a configured OpenID issuer",
        },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie set by signing in on the site",
        },
      },
    },
  };
}

// ---------------------------------------------------------------- the /api-docs page's view of the same catalogue

export interface FieldView {
  name: string;
  required: boolean;
  rule: string;
}

export interface EndpointView {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string | null;
  access: string;
  accessNote: string | null;
  query: FieldView[];
  body: { title: string | null; fields: FieldView[] }[];
  multipart: FieldView[];
  /** a file sent as the whole body: its type and what it holds */
  fileBody: { contentType: string; description: string } | null;
  responses: { status: number; description: string; example: string | null }[];
  errors: { status: number; description: string }[];
}

/** One line on what a JSON Schema accepts, e.g. "integer, 1 to 10,000" or "one of: Bkash, Rocket". */
export function ruleOf(schema: Json): string {
  const parts: string[] = [];
  const type = schema.type as string | string[] | undefined;
  if (schema.description && typeof schema.description === "string" && schema.description.startsWith("Ignored"))
    return schema.description;
  if (Array.isArray(schema.enum)) parts.push(`one of: ${(schema.enum as unknown[]).join(", ")}`);
  else if (type) parts.push(Array.isArray(type) ? type.join(" or ") : type);
  else parts.push("any");
  if (schema.format) parts.push(String(schema.format));
  if (schema.pattern && type === "string" && schema.pattern === "^\\d{1,9}$") parts[0] = "whole number";
  const min = schema.minimum ?? schema.minLength;
  const max = schema.maximum ?? schema.maxLength;
  const unit = schema.minLength !== undefined || schema.maxLength !== undefined ? " characters" : "";
  if (min !== undefined && max !== undefined)
    parts.push(`${formatCount(Number(min))} to ${formatCount(Number(max))}${unit}`);
  else if (min !== undefined) parts.push(`at least ${formatCount(Number(min))}${unit}`);
  else if (max !== undefined) parts.push(`at most ${formatCount(Number(max))}${unit}`);
  if (schema.description && typeof schema.description === "string") parts.push(`(${schema.description})`);
  return parts.join(", ");
}

function fieldsOf(json: Json): FieldView[] {
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = (json.required ?? []) as string[];
  return Object.entries(props).map(([name, prop]) => ({ name, required: required.includes(name), rule: ruleOf(prop) }));
}

export function apiReference(endpoints: EndpointDoc[]): EndpointView[] {
  return endpoints.map((e) => {
    const bodies = e.body ? (Array.isArray(e.body) ? e.body : [e.body]) : [];
    return {
      id: operationId(e),
      method: e.method,
      path: e.path,
      tag: e.tag,
      summary: e.summary,
      description: e.description ?? null,
      access: accessLabel(e.access),
      accessNote: e.accessNote ?? null,
      query: queryParams(e.query).map((p) => ({ name: p.name, required: p.required, rule: ruleOf(p.schema) })),
      body: bodies.map((b, i) => ({
        title: bodies.length > 1 ? (e.bodyTitles?.[i] ?? `form ${i + 1}`) : null,
        fields: fieldsOf(bodyJsonSchema(b)),
      })),
      multipart: (e.multipart ?? []).map((f) => ({ name: f.name, required: true, rule: `file: ${f.description}` })),
      fileBody: e.fileBody ?? null,
      responses: e.responses.map((r) => ({
        status: r.status,
        description: r.description,
        example: r.example === undefined ? null : JSON.stringify(r.example, null, 2),
      })),
      errors: [...e.errors, 405].map((status) => ({ status, description: ERROR_DESCRIPTIONS[status] ?? "Error" })),
    };
  });
}
