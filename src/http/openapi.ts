import { z } from "zod";
import { errorBodySchema } from "../schemas/common.js";
import type { RouteDefinition } from "./route.js";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return rest;
};

function parameters(schema: z.ZodType | undefined, location: "path" | "query") {
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
export function buildOpenApiDocument(routes: readonly RouteDefinition<any, any, any>[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:(\w+)/g, "{$1}");
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      parameters: [...parameters(route.params, "path"), ...parameters(route.query, "query")],
      responses: {
        200: { description: "Success", content: { "application/json": { schema: toSchema(route.response, "output") } } },
        400: errorResponse("Invalid input"),
        ...(route.auth === "token" ? { 401: errorResponse("Missing or invalid API token") } : {}),
        404: errorResponse("Not found"),
      },
    };
    if (route.auth === "token") operation.security = [{ bearerAuth: [] }];
    if (route.body)
      operation.requestBody = { required: true, content: { "application/json": { schema: toSchema(route.body, "input") } } };
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Parley API", version, description: "Management API (workspaces, bots, results) and chat runtime API." },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      schemas: { Error: toSchema(errorBodySchema, "output") },
    },
  };
}
