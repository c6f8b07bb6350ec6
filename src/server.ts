import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { buildApp } from "./http/app.js";
import { createContext, type AppContext } from "./services/context.js";
import { openStore } from "./store/connect.js";
import { isUniqueViolation } from "./store/unique-violation.js";
import { scheduleSessionCleanup } from "./services/chat/session-cleanup.js";
import { createSetupToken } from "./services/auth/setup-links.js";
import { closeSandboxPort } from "./sandbox/index.js";
import { startOutboxWorker } from "./services/outbox/outbox-worker.js";
import { startKnowledgeIndexer } from "./services/knowledge/knowledge-indexer.js";
import { startIdleTimeoutRunner } from "./services/channels/idle-timeout-runner.js";
import { startHandOffTimeoutRunner } from "./services/inbox/handoff-timeout-runner.js";
import { assertFileStorageUsable } from "./services/health.js";

export type RunningServer = { app: FastifyInstance; ctx: AppContext; url: string; close(): Promise<void> };

export const FIRST_USER_EMAIL = "admin@parley.local";

export type FirstUser = { email: string; token: string; setupToken: string };

/**
 * On an empty database: one user, one workspace, one API token and a one-time link token to set the
 * user's password, returned so they can be shown once.
 */
export async function bootstrapFirstUser(ctx: AppContext, email = FIRST_USER_EMAIL): Promise<FirstUser | undefined> {
  if ((await ctx.users.count()) > 0) return undefined;
  try {
    const user = await ctx.users.findOrCreateByEmail(email);
    if (!user.created) return undefined;
    await ctx.workspaces.create(user.id, { name: "My workspace" });
    const { token } = await ctx.users.createToken(user.id, "first start");
    const setupToken = await createSetupToken(ctx, user.id);
    return { email: user.email, token, setupToken };
  } catch (error) {
    // Another instance sharing the database bootstrapped it at the same moment.
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function startServer(
  config: Config,
  options: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<RunningServer & { firstToken?: FirstUser }> {
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    backgroundCheckpoints: true,
    sqliteSynchronous: config.sqliteSynchronous,
  });
  const ctx = createContext(config, store);
  let app: FastifyInstance | undefined;
  try {
    await assertFileStorageUsable(ctx);
    const firstToken = await bootstrapFirstUser(ctx);
    app = await buildApp(ctx, options);
    await app.listen({ port: config.port, host: config.host });
    const stopCleanup = scheduleSessionCleanup(ctx, (error) =>
      app?.log.error({ err: error }, "session clean-up failed"),
    );
    const outboxWorker = config.outbox.worker
      ? await startOutboxWorker(ctx, (error) => app?.log.error({ err: error }, "outbox delivery failed"))
      : undefined;
    const knowledgeIndexer = config.knowledge.indexer
      ? startKnowledgeIndexer(ctx, (error) => app?.log.error({ err: error }, "knowledge indexing failed"))
      : undefined;
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    // PORT=0 picks the port only now: the URLs Parley gives away name the real one.
    config.publicUrl = config.publicUrl.replace(`:${config.port}`, `:${port}`);
    const url = config.publicUrl;
    const idleRunner = startIdleTimeoutRunner(ctx, {
      publicBase: url,
      onError: (error, where) => app?.log.error({ err: error, ...where }, "messaging-app idle timeout failed"),
    });
    const handOffRunner = startHandOffTimeoutRunner(ctx, {
      pollMs: config.channels.idlePollMs,
      onError: (error) => app?.log.error({ err: error }, "hand-off timeout failed"),
    });
    const running = app;
    return {
      app: running,
      ctx,
      url,
      firstToken,
      close: async () => {
        stopCleanup();
        await running.close();
        // After the last requests, whose turns may have queued work; what is left is delivered after restart.
        await outboxWorker?.stop();
        await knowledgeIndexer?.stop();
        await ctx.knowledge.parser.close();
        await idleRunner.stop();
        await handOffRunner.stop();
        await closeSandboxPort(ctx.ports.sandbox);
        await ctx.files.close();
        await store.close();
      },
    };
  } catch (error) {
    await app?.close();
    await closeSandboxPort(ctx.ports.sandbox);
    await ctx.files.close();
    await store.close();
    throw error;
  }
}
