import type { FastifyInstance } from "fastify";
import fastifyPlugin from "fastify-plugin";
import swaggerUi from "@fastify/swagger-ui";
import { stringify } from "yaml";

/**
 * The OpenAPI document at /api/openapi.json and the API explorer at /api/docs, built on the first
 * request for either. Building it converts every route's zod schemas to JSON Schema, about a fifth of
 * a server's CPU from start to ready, which every start would otherwise pay for a page few open.
 */
export async function registerApiDocs(app: FastifyInstance, buildDocument: () => object): Promise<void> {
  let document: object | undefined;
  let documentYaml: string | undefined;
  const openApiDocument = () => (document ??= buildDocument());
  app.get("/api/openapi.json", async () => openApiDocument());
  // The explorer reads the document through `fastify.swagger()`, which @fastify/swagger would decorate
  // with a document built at registration; this plugin takes its name and builds it when asked.
  await app.register(
    fastifyPlugin(
      async (scope: FastifyInstance) => {
        scope.decorate("swagger", (options?: { yaml?: boolean }) => {
          if (!options?.yaml) return openApiDocument();
          documentYaml ??= stringify(openApiDocument(), { strict: false });
          return documentYaml;
        });
      },
      { name: "@fastify/swagger" },
    ),
  );
  // No validator badge: it would send the document's address to a third party.
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { validatorUrl: null } });
}
