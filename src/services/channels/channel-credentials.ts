import { notFound } from "../../errors.js";
import { credentialsKit } from "../../integrations/credentials/credentials-kit.js";
import { createGuardedFetch } from "../../integrations/http/guarded-fetch.js";
import { addressGuard } from "../../integrations/create-integration-ports.js";
import { telegramClient } from "../../integrations/channels/telegram/telegram-client.js";
import { whatsAppClient } from "../../integrations/channels/whatsapp/whatsapp-client.js";
import type { ChannelClient } from "../../integrations/channels/outgoing.js";
import { credentialsDataSchemas, type CredentialsData } from "../../schemas/credentials.js";
import { ChannelsRepository } from "../../store/channels-repository.js";
import type { AppContext } from "../context.js";

/** A messaging app's credential, decrypted: the app it speaks to and its secrets. */
export type ChannelCredentials = { id: string; workspaceId: string } & (
  | { channel: "whatsapp"; data: CredentialsData["whatsapp"] }
  | { channel: "telegram"; data: CredentialsData["telegram"] }
);

/**
 * The credential a webhook or connect call names. Anything else (unknown, another workspace's,
 * another type, undecryptable) is 404: an app calling a wrong URL learns nothing.
 */
export async function requireChannelCredentials(
  ctx: AppContext,
  workspaceId: string,
  credentialsId: string,
): Promise<ChannelCredentials> {
  const { repository, cipher } = credentialsKit(ctx.config, ctx.store);
  const row = await repository.find(workspaceId, credentialsId);
  if (!row || (row.type !== "whatsapp" && row.type !== "telegram")) throw notFound("Channel not found");
  let data: unknown;
  try {
    data = cipher.decrypt(row.data, { workspaceId, id: row.id });
  } catch {
    throw notFound("Channel not found");
  }
  const parsed = credentialsDataSchemas[row.type].safeParse(data);
  if (!parsed.success) throw notFound("Channel not found");
  return { id: row.id, workspaceId, channel: row.type, data: parsed.data } as ChannelCredentials;
}

export function channelClient(ctx: AppContext, credentials: ChannelCredentials): ChannelClient {
  return credentials.channel === "whatsapp"
    ? whatsAppClient(ctx.config.channels.whatsappApiUrl, credentials.data, createGuardedFetch(addressGuard(ctx.config)))
    : telegramClient(ctx.config.channels.telegramApiUrl, credentials.data);
}

export function telegramClientFor(ctx: AppContext, credentials: ChannelCredentials & { channel: "telegram" }) {
  return telegramClient(ctx.config.channels.telegramApiUrl, credentials.data);
}

const repositories = new WeakMap<AppContext, ChannelsRepository>();

/** One repository per context (channels are not on AppContext: few requests need them). */
export function channelsRepository(ctx: AppContext): ChannelsRepository {
  let repository = repositories.get(ctx);
  if (!repository) {
    repository = new ChannelsRepository(ctx.store.db);
    repositories.set(ctx, repository);
  }
  return repository;
}
