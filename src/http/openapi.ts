import { z } from "zod";
import { errorBodySchema } from "../schemas/common.js";
import type { RouteContract } from "../schemas/api-routes.js";

type JsonSchema = Record<string, unknown>;

/**
 * Collects the shared schemas (those given an id with `.meta({ id })`: Bot, Block, Theme…) so that they
 * appear once in components.schemas instead of in every route. A schema whose request shape differs
 * from its response shape is kept twice, the request one suffixed "Input".
 */
function createSchemaCollector() {
  const defs = { input: new Map<string, string>(), output: new Map<string, string>() };

  function tagRefs(value: unknown, io: "input" | "output"): unknown {
    if (Array.isArray(value)) return value.map((item) => tagRefs(item, io));
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) =>
        key === "$ref" && typeof item === "string" && item.startsWith("#/$defs/")
          ? [key, `#/$defs-${io}/${item.slice(8)}`]
          : [key, tagRefs(item, io)],
      ),
    );
  }

  function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const {
      $schema: _ignored,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    for (const [name, definition] of Object.entries(($defs ?? {}) as JsonSchema))
      defs[io].set(name, JSON.stringify(tagRefs(definition, io)));
    return tagRefs(rest, io) as JsonSchema;
  }

  /** Names every collected schema and points the tagged references at components.schemas. */
  function finish<T>(document: T): { document: T; schemas: Record<string, JsonSchema> } {
    const nameOf = (io: "input" | "output", name: string) =>
      io === "input" && defs.output.has(name) && untagged(defs.output.get(name)!) !== untagged(defs.input.get(name)!)
        ? `${name}Input`
        : name;
    const resolve = (text: string) =>
      text.replace(/#\/\$defs-(input|output)\/([^"]+)/g, (_m, io, name) => `#/components/schemas/${nameOf(io, name)}`);
    const schemas: Record<string, JsonSchema> = {};
    for (const io of ["output", "input"] as const)
      for (const [name, json] of defs[io]) schemas[nameOf(io, name)] ??= JSON.parse(resolve(json));
    const sorted = Object.fromEntries(
      Object.keys(schemas)
        .sort()
        .map((name) => [name, schemas[name]]),
    );
    return { document: JSON.parse(resolve(JSON.stringify(document))), schemas: sorted };
  }

  const untagged = (json: string) => json.replace(/#\/\$defs-(input|output)\//g, "#/$defs/");
  return { toSchema, finish };
}

function parameters(
  toSchema: (schema: z.ZodType, io: "input") => JsonSchema,
  schema: z.ZodType | undefined,
  location: "path" | "query",
) {
  if (!schema) return [];
  const json = toSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(routes: readonly RouteContract[], version: string) {
  const { toSchema, finish } = createSchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      parameters: [...parameters(toSchema, route.params, "path"), ...parameters(toSchema, route.query, "query")],
      responses: {
        [route.successStatus ?? 200]:
          route.successStatus === 204
            ? { description: "Done" }
            : {
                description: "Success",
                content: {
                  [route.responseContentType ?? "application/json"]: { schema: toSchema(route.response, "output") },
                },
              },
        400: errorResponse("Invalid input"),
        ...(route.auth === "token" ? { 401: errorResponse("Missing or invalid API token") } : {}),
        404: errorResponse("Not found"),
      },
    };
    // Either an API token, or the builder's session cookie (writes then also need x-csrf-token).
    if (route.auth === "token") operation.security = [{ bearerAuth: [] }, { sessionCookie: [] }];
    if (route.body)
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: toSchema(route.body, "input") } },
      };
    else if (route.rawBody)
      operation.requestBody = {
        required: true,
        description: route.rawBody.description,
        content: {
          [route.rawBody.contentType]: { schema: { type: "string", contentMediaType: route.rawBody.contentType } },
        },
      };
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
  }
  const error = toSchema(errorBodySchema, "output");
  const { document, schemas } = finish({ paths });
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley API",
      version,
      description: "Management API (workspaces, bots, results) and chat runtime API.",
      "x-generated": "Generated from the zod schemas by `npm run openapi`; do not edit docs/openapi.json by hand.",
    },
    servers: [{ url: "/" }],
    paths: document.paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "parley_session" },
      },
      schemas: { Error: error, ...schemas },
    },
  };
}
