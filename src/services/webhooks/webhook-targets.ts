import type { WebhooksRepository } from "../../store/webhooks-repository.js";

/** An enabled webhook as a chat turn addresses it. */
export type WebhookTarget = { id: string; events: ReadonlySet<string> };

/** How long an instance trusts its list of a bot's webhooks before reading it again. */
export const WEBHOOK_TARGETS_TTL_MS = 5000;
const MAX_BOTS = 1000;

/**
 * Each bot's enabled webhooks, read at most once per WEBHOOK_TARGETS_TTL_MS per instance: a chat turn
 * of a bot without webhooks then costs a map look-up, not a query. This instance's own changes apply
 * at once (forget); another instance's within the TTL. A webhook deleted or disabled meanwhile is
 * checked again at delivery, so a stale list can only add items that are then dropped.
 */
export class WebhookTargetsCache {
  private readonly entries = new Map<string, { loadedAt: number; targets: Promise<WebhookTarget[]> }>();

  constructor(
    private readonly webhooks: Pick<WebhooksRepository, "listEnabledForBot">,
    private readonly ttlMs = WEBHOOK_TARGETS_TTL_MS,
  ) {}

  get(botId: string): Promise<WebhookTarget[]> {
    const now = Date.now();
    const cached = this.entries.get(botId);
    if (cached && now - cached.loadedAt < this.ttlMs) return cached.targets;
    const targets = this.webhooks
      .listEnabledForBot(botId)
      .then((rows) => rows.map((row) => ({ id: row.id, events: new Set(JSON.parse(row.events) as string[]) })));
    // A failed read is not kept: the next turn tries again.
    targets.catch(() => this.entries.delete(botId));
    this.entries.delete(botId);
    this.entries.set(botId, { loadedAt: now, targets });
    if (this.entries.size > MAX_BOTS) this.entries.delete(this.entries.keys().next().value!);
    return targets;
  }

  forget(botId: string): void {
    this.entries.delete(botId);
  }
}
