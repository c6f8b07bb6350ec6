import { z } from "zod";
import { blockBaseSchema, responseVariableMappingSchema } from "../shared.js";

/** Blocks that send an HTTP request; the named services are presets with the same options. */
export const httpRequestBlockTypes = ["Webhook", "Zapier", "Make.com", "Pabbly"] as const;
export type HttpRequestBlockType = (typeof httpRequestBlockTypes)[number];

export const httpMethods = ["POST", "GET", "PUT", "DELETE", "PATCH", "HEAD", "CONNECT", "OPTIONS", "TRACE"] as const;
export type HttpMethod = (typeof httpMethods)[number];

export const keyValueSchema = z.object({
  id: z.string(),
  key: z.string().optional(),
  value: z.string().optional(),
});
export type KeyValue = z.infer<typeof keyValueSchema>;

export const httpRequestSchema = z.object({
  method: z.enum(httpMethods).optional(),
  url: z.string().optional(),
  headers: z.array(keyValueSchema).optional(),
  queryParams: z.array(keyValueSchema).optional(),
  body: z.string().optional(),
});
export type HttpRequest = z.infer<typeof httpRequestSchema>;

export const httpRequestMaxTimeout = 120;

export const httpRequestBlockSchema = blockBaseSchema.extend({
  type: z.enum(httpRequestBlockTypes),
  options: z
    .object({
      webhook: httpRequestSchema.optional(),
      isCustomBody: z.boolean().optional(),
      isExecutedOnClient: z.boolean().optional(),
      responseVariableMapping: z.array(responseVariableMappingSchema).optional(),
      /** Seconds. */
      timeout: z.number().min(1).max(httpRequestMaxTimeout).optional(),
      proxyCredentialsId: z.string().optional(),
      /** Values the editor uses when testing the request; ignored at run time. */
      variablesForTest: z
        .array(
          z.object({
            id: z.string(),
            variableId: z.string().optional(),
            value: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type HttpRequestBlock = z.infer<typeof httpRequestBlockSchema>;
