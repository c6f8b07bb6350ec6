import { z } from "zod";
import { botTestRunSchema, botTestsInputSchema, botTestsSchema } from "../schemas/bot-tests.js";
import { idSchema } from "../schemas/common.js";
import {
  addBotTestConversation,
  getBotTests,
  runStoredBotTests,
  saveBotTests,
} from "../services/bot-tests/stored-tests.js";
import { botTestConversationSchema } from "../services/bot-tests/test-file.js";
import type { AppContext } from "../services/context.js";
import { defineRoute } from "./route.js";

const botIdParams = z.object({ botId: idSchema });

/** A bot's conversation tests: stored as YAML with the bot, run against its draft. */
export function botTestRoutes(ctx: AppContext) {
  const tags = ["Bots"];
  return [
    defineRoute({
      method: "GET",
      url: "/api/v1/bots/:botId/tests",
      summary: "Read the bot's conversation tests (YAML; empty when it has none)",
      tags,
      auth: "token",
      params: botIdParams,
      response: botTestsSchema,
      handler: async ({ caller, params }) => getBotTests(ctx, caller!, params.botId),
    }),
    defineRoute({
      method: "PUT",
      url: "/api/v1/bots/:botId/tests",
      summary: "Replace the bot's conversation tests; YAML that would not run is refused (400 with line and field)",
      tags,
      auth: "token",
      bodyLimit: 600 * 1024,
      params: botIdParams,
      body: botTestsInputSchema,
      response: botTestsSchema,
      handler: async ({ caller, params, body }) => saveBotTests(ctx, caller!, params.botId, body.yaml),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/tests/conversations",
      summary: "Add a conversation at the end of the bot's tests (the builder's Save as test)",
      tags,
      auth: "token",
      params: botIdParams,
      body: z.object({ conversation: botTestConversationSchema }),
      response: botTestsSchema,
      handler: async ({ caller, params, body }) =>
        addBotTestConversation(ctx, caller!, params.botId, body.conversation),
    }),
    defineRoute({
      method: "POST",
      url: "/api/v1/bots/:botId/tests/run",
      summary: "Run the bot's conversation tests against its draft (integrations answered by fixtures only)",
      tags,
      auth: "token",
      params: botIdParams,
      response: botTestRunSchema,
      handler: async ({ caller, params }) => runStoredBotTests(ctx, caller!, params.botId),
    }),
  ];
}
