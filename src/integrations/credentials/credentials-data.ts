import { z } from "zod";

export const credentialsTypes = ["smtp", "openai", "http"] as const;
export type CredentialsType = (typeof credentialsTypes)[number];

export const smtpCredentialsDataSchema = z.object({
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().optional(),
  username: z.string().max(1000).optional(),
  password: z.string().max(1000).optional(),
  /** The sender: `"Name" <address>` or a bare address. */
  from: z.string().trim().min(3).max(500),
});

export const openAiCredentialsDataSchema = z.object({
  apiKey: z.string().trim().min(1).max(1000),
});

/** Secrets for HTTP requests (kept for the builder; no block of this server reads them yet). */
export const httpCredentialsDataSchema = z.object({
  baseUrl: z.string().max(2000).optional(),
  headers: z.record(z.string(), z.string().max(5000)).optional(),
  queryParams: z.record(z.string(), z.string().max(5000)).optional(),
});

export const credentialsDataSchemas = {
  smtp: smtpCredentialsDataSchema,
  openai: openAiCredentialsDataSchema,
  http: httpCredentialsDataSchema,
} as const;

export type CredentialsData = { [T in CredentialsType]: z.infer<(typeof credentialsDataSchemas)[T]> };

const name = z.string().trim().min(1).max(200);

export const credentialsCreateInputSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("smtp"), name, data: smtpCredentialsDataSchema }),
  z.object({ type: z.literal("openai"), name, data: openAiCredentialsDataSchema }),
  z.object({ type: z.literal("http"), name, data: httpCredentialsDataSchema }),
]);
export type CredentialsCreateInput = z.infer<typeof credentialsCreateInputSchema>;

/** What routes show: never the data. */
export const credentialsSummarySchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  type: z.enum(credentialsTypes),
  name: z.string(),
  createdAt: z.string(),
});
export type CredentialsSummary = z.infer<typeof credentialsSummarySchema>;
