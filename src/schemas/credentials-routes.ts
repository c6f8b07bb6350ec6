import { z } from "zod";
import { messageResponseSchema } from "./common.js";
import {
  credentialsCreateInputSchema,
  credentialsSummarySchema,
  credentialsTypes,
  googleCredentialsTypes,
} from "./credentials.js";
import { credentialsParams, route, workspaceIdParams } from "./route-contract.js";

const credentials = ["Credentials"] as const;

/** A workspace's credentials: secrets stored encrypted, listed and managed without their data. */
export const credentialsRouteContracts = {
  createCredentials: route("createCredentials", {
    summary: "Store credentials (SMTP server, OpenAI key, HTTP secrets); the data is encrypted and never returned",
    tags: credentials,
    auth: "token",
    params: workspaceIdParams,
    body: credentialsCreateInputSchema,
    response: z.object({ credentials: credentialsSummarySchema }),
  }),
  listCredentials: route("listCredentials", {
    summary: "List the workspace's credentials (names and types, without their data)",
    tags: credentials,
    auth: "token",
    params: workspaceIdParams,
    query: z.object({ type: z.enum(credentialsTypes).optional() }),
    response: z.object({ credentials: z.array(credentialsSummarySchema) }),
  }),
  deleteCredentials: route("deleteCredentials", {
    summary:
      "Delete credentials; ones a bot uses answer 409 naming the bots unless `?confirm=true` (their blocks then log an error)",
    tags: credentials,
    auth: "token",
    params: credentialsParams,
    query: z.object({ confirm: z.enum(["true", "false"]).optional() }),
    response: messageResponseSchema,
  }),
  renameCredentials: route("renameCredentials", {
    summary: "Rename credentials (their data cannot be changed: create new ones)",
    tags: credentials,
    auth: "token",
    params: credentialsParams,
    body: z.object({ name: z.string().trim().min(1).max(200) }),
    response: z.object({ credentials: credentialsSummarySchema }),
  }),
  credentialsUsage: route("credentialsUsage", {
    summary: "The workspace's bots whose blocks use these credentials",
    tags: credentials,
    auth: "token",
    params: credentialsParams,
    response: z.object({ bots: z.array(z.object({ id: z.string(), name: z.string() })) }),
  }),
  credentialsModels: route("credentialsModels", {
    summary: "The models an AI provider's credentials can use (read from the provider where it lists them)",
    tags: credentials,
    auth: "token",
    params: credentialsParams,
    response: z.object({ models: z.array(z.string()) }),
  }),
  testCredentials: route("testCredentials", {
    summary:
      "Try stored credentials with a call that changes nothing (SMTP: connect, EHLO and log in; AI: list the models; Telegram: getMe; WhatsApp: the number)",
    tags: credentials,
    auth: "token",
    params: credentialsParams,
    response: z.object({
      result: z.enum(["passed", "failed", "unchecked"]),
      message: z.string(),
    }),
  }),
  googleConsentUrl: route("googleConsentUrl", {
    summary: "Start connecting a Google account: the consent page to open (the callback stores the credentials)",
    tags: credentials,
    auth: "token",
    // It begins storing credentials, so it is a write although it only reads.
    access: "write",
    params: workspaceIdParams,
    query: z.object({ type: z.enum(googleCredentialsTypes) }),
    response: z.object({ url: z.string() }),
  }),
  googleSetup: route("googleSetup", {
    summary:
      "Whether this server can connect Google accounts, and if not, how to set it up (asked before offering the button)",
    tags: credentials,
    auth: "token",
    params: workspaceIdParams,
    response: z.object({ configured: z.boolean(), message: z.string().optional() }),
  }),
};
