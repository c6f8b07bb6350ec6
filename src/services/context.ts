import type { Config } from "../config.js";
import type { Store } from "../store/connect.js";
import { BotsRepository } from "../store/bots-repository.js";
import { UsersRepository } from "../store/users-repository.js";
import { WorkspacesRepository } from "../store/workspaces-repository.js";
import { WorkspaceInvitationsRepository } from "../store/workspace-invitations-repository.js";
import { FoldersRepository } from "../store/folders-repository.js";
import { ThemeTemplatesRepository } from "../store/theme-templates-repository.js";
import type { ChatRepository } from "../store/chat-repository.js";
import { createChatRepository } from "../store/chat/create-chat-repository.js";
import { ResultsRepository } from "../store/results-repository.js";
import { SessionsRepository } from "../store/sessions-repository.js";
import { BrowserSessionsRepository } from "../store/browser-sessions-repository.js";
import { PasswordSetupRepository } from "../store/password-setup-repository.js";
import { PreviewTokensRepository } from "../store/preview-tokens-repository.js";
import type { BotLoaderPort, EnginePorts } from "../engine/ports.js";
import { createSandboxPort } from "../sandbox/index.js";
import { BotTestRunSlots } from "./bot-tests/run-slots.js";
import { createIntegrationPorts } from "../integrations/index.js";
import { createBotLoader } from "./chat/bot-loader.js";
import { createId } from "../lib/ids.js";
import { RuntimeBotCache } from "./chat/runtime-bot-cache.js";
import { CustomDomainCache } from "./custom-domains.js";
import { ParleyMetrics } from "../integrations/metrics/parley-metrics.js";
import { OutboxRepository } from "../store/outbox-repository.js";
import { Wakeup } from "./background/wakeup.js";
import { WebhooksRepository } from "../store/webhooks-repository.js";
import { WebhookTargetsCache } from "./webhooks/webhook-targets.js";
import { SessionSignalHub, type SessionSignals, type SignalTransport } from "./chat/session-signals.js";
import { PostgresSessionSignals } from "../store/postgres-session-signals.js";
import { RedisSessionSignals } from "../integrations/redis/redis-session-signals.js";
import { createFileStorage, type FileStorage } from "../integrations/storage/index.js";
import { createKnowledgeServices, type KnowledgeServices } from "./knowledge/knowledge-services.js";
import { createKnowledgePort } from "./knowledge/knowledge-port.js";

/** What a use case needs: repositories over one store, and the configuration. */
export type AppContext = {
  config: Config;
  store: Store;
  users: UsersRepository;
  browserSessions: BrowserSessionsRepository;
  passwordSetups: PasswordSetupRepository;
  previewTokens: PreviewTokensRepository;
  workspaces: WorkspacesRepository;
  invitations: WorkspaceInvitationsRepository;
  folders: FoldersRepository;
  themeTemplates: ThemeTemplatesRepository;
  bots: BotsRepository;
  sessions: SessionsRepository;
  results: ResultsRepository;
  chat: ChatRepository;
  runtimeBots: RuntimeBotCache;
  customDomains: CustomDomainCache;
  ports: EnginePorts;
  /** Set when PARLEY_METRICS=on: counters for GET /metrics. */
  metrics: ParleyMetrics | undefined;
  /** Work done after commit (services/outbox); writers notify the wakeup so this instance starts at once. */
  outbox: OutboxRepository;
  outboxWakeup: Wakeup;
  /** Outbound result webhooks (services/webhooks); chat turns read the bot's through the cache. */
  webhooks: WebhooksRepository;
  webhookTargets: WebhookTargetsCache;
  /** "This session changed", across instances: a wait-for-webhook call wakes the visitor's events stream. */
  sessionSignals: SessionSignals;
  /** Uploads and generated files: the data folder, PostgreSQL or S3 (README "File storage"). */
  files: FileStorage;
  /** Runs of bots' tests: a bounded set of sandbox workers shared by every request (`POST …/tests/run`). */
  botTestRuns: BotTestRunSlots;
  /** Knowledge bases: repositories, the document reader and the indexer's wakeup (services/knowledge). */
  knowledge: KnowledgeServices;
};

/** Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY, else this process only (embedded database). */
function signalTransport(config: Config, store: Store): SignalTransport | undefined {
  const { redisUrl, redisPrefix } = config.protection;
  if (redisUrl) return new RedisSessionSignals(redisUrl, redisPrefix);
  if (store.native.dialect === "postgres" && config.databaseUrl)
    return new PostgresSessionSignals(store.native.pool, config.databaseUrl);
  return undefined;
}

/** The real world, as the engine sees it. */
function createEnginePorts(
  config: Config,
  store: Store,
  bots: BotLoaderPort,
  metrics: ParleyMetrics | undefined,
  files: FileStorage,
  knowledge: KnowledgeServices,
): EnginePorts {
  const integrations = createIntegrationPorts(config, store, files);
  const sandbox = createSandboxPort(config, integrations.http);
  return {
    clock: { now: () => new Date() },
    random: { id: createId, number: Math.random },
    // Bot code may fetch, through the same SSRF-guarded client as the HTTP request block.
    sandbox: metrics ? metrics.countSandbox(sandbox) : sandbox,
    ...integrations,
    bots,
    knowledge: createKnowledgePort(knowledge),
  };
}

export function createContext(config: Config, store: Store): AppContext {
  const bots = new BotsRepository(store.db);
  const runtimeBots = new RuntimeBotCache();
  const metrics = config.metrics?.enabled ? new ParleyMetrics(store) : undefined;
  const webhooks = new WebhooksRepository(store.db);
  const files = createFileStorage(config, store);
  const knowledge = createKnowledgeServices(config, store);
  return {
    config,
    store,
    users: new UsersRepository(store.db),
    browserSessions: new BrowserSessionsRepository(store.db),
    passwordSetups: new PasswordSetupRepository(store.db),
    previewTokens: new PreviewTokensRepository(store.db),
    workspaces: new WorkspacesRepository(store.db),
    invitations: new WorkspaceInvitationsRepository(store.db),
    folders: new FoldersRepository(store.db),
    themeTemplates: new ThemeTemplatesRepository(store.db),
    bots,
    sessions: new SessionsRepository(store.db),
    results: new ResultsRepository(store.db, store.dialect),
    chat: createChatRepository(store),
    runtimeBots,
    customDomains: new CustomDomainCache(bots, config),
    ports: createEnginePorts(config, store, createBotLoader({ bots, runtimeBots }), metrics, files, knowledge),
    metrics,
    outbox: new OutboxRepository(store.db, store.dialect),
    outboxWakeup: new Wakeup(),
    webhooks,
    webhookTargets: new WebhookTargetsCache(webhooks),
    sessionSignals: new SessionSignalHub(signalTransport(config, store)),
    files,
    botTestRuns: new BotTestRunSlots({
      size: config.protection.botTestRunConcurrency,
      timeoutMs: config.protection.botTestRunTimeoutMs,
      createSandbox: (http) => createSandboxPort({ ...config, sandboxWorkers: 1 }, http),
    }),
    knowledge,
  };
}
