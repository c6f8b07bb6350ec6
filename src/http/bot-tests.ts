import { z } from "zod";
import {
  addBotTestConversation,
  getBotTests,
  runStoredBotTests,
  saveBotTests,
} from "../services/bot-tests/stored-tests.js";
import { botTestConversationSchema } from "../services/bot-tests/test-file.js";
import type { AppContext } from "../services/context.js";
import { apiRoutes } from "../schemas/api-routes.js";
import { Quota } from "./rate-limit/quota.js";
import { defineRoute } from "./route.js";

/** A bot's conversation tests: stored as YAML with the bot, run against its draft. */
export function botTestRoutes(ctx: AppContext) {
  const limit = () => ctx.config.protection.botTestRunsPerMinute;
  const quotas = {
    perUser: new Quota(limit, "test runs per minute for one account"),
    perWorkspace: new Quota(limit, "test runs per minute for one workspace"),
  };
  return [
    defineRoute({
      ...apiRoutes.getBotTests,
      handler: async ({ caller, params }) => getBotTests(ctx, caller!, params.botId),
    }),
    defineRoute({
      ...apiRoutes.saveBotTests,
      bodyLimit: 600 * 1024,
      handler: async ({ caller, params, body }) => saveBotTests(ctx, caller!, params.botId, body.yaml),
    }),
    defineRoute({
      ...apiRoutes.addTestConversation,
      body: z.object({ conversation: botTestConversationSchema }),
      handler: async ({ caller, params, body }) =>
        addBotTestConversation(ctx, caller!, params.botId, body.conversation),
    }),
    defineRoute({
      ...apiRoutes.runBotTests,
      handler: async ({ caller, params, reply }) => {
        // A response closed before it was sent: the client went away, and its run stops.
        const clientGone = new AbortController();
        const onClose = () => {
          if (!reply.raw.writableFinished) clientGone.abort();
        };
        reply.raw.once("close", onClose);
        try {
          return await runStoredBotTests(ctx, caller!, params.botId, {
            ...quotas,
            slots: ctx.botTestRuns,
            clientGone: clientGone.signal,
          });
        } finally {
          reply.raw.off("close", onClose);
        }
      },
    }),
  ];
}
