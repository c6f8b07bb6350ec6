import { inboundMessageSchema, type InboundMessage } from "../../schemas/channels.js";
import type { ChatMessage } from "../../schemas/chat.js";
import { settingsDefaults } from "../../schemas/settings.js";
import type { ChatReply } from "../../engine/chat-turn.js";
import type { RuntimeBot } from "../../engine/runtime-bot.js";
import { AppError } from "../../errors.js";
import { createId, nowIso } from "../../lib/ids.js";
import type { SessionRow } from "../../store/database.js";
import type { ChannelInboxRow } from "../../store/channels-repository.js";
import type { AppContext } from "../context.js";
import { continueChat } from "../chat/continue-chat.js";
import { sessionBot } from "../chat/sessions.js";
import { startLiveChat } from "../chat/start-chat.js";
import { recordUpload } from "../files/upload-records.js";
import { selectChannelBot } from "./bot-selection.js";
import {
  type ChannelCredentials,
  channelClient,
  channelsRepository,
  telegramClientFor,
} from "./channel-credentials.js";
import { chatMessageOf, downloadAttachments } from "./inbound-answer.js";
import type { OfferedChoices } from "./reply-parts.js";
import { sendReplyToContact, type TypingSettings } from "./send-reply.js";
import { scheduleContactIdle } from "./idle-schedule.js";
import { contactTurnSlots } from "./turn-slots.js";

export type TurnErrorHandler = (error: unknown, context: { credentialsId: string; contactId: string }) => void;

/** How turns run: where Parley is reached from outside (downloaded files' URLs), and who hears of failures. */
export type TurnOptions = { publicBase: string; onError: TurnErrorHandler };

export function typingOf(bot: RuntimeBot): TypingSettings {
  const settings = bot.document.settings as { typingEmulation?: TypingSettings };
  return { ...settingsDefaults.typingEmulation, ...settings.typingEmulation };
}

async function logOnResult(ctx: AppContext, resultId: string | null | undefined, descriptions: string[]) {
  if (!resultId || descriptions.length === 0) return;
  const now = nowIso();
  await ctx.results.insertLogs(
    ctx.store.db,
    descriptions.map((description) => ({
      id: createId(),
      resultId,
      status: "error",
      description,
      details: null,
      context: "Messaging app",
      createdAt: now,
    })),
  );
}

/** One incoming message through the chat: continue the contact's live session, or start the bot it selects. */
async function answerMessage(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  message: InboundMessage,
  publicBase: string,
) {
  const repository = channelsRepository(ctx);
  const client = channelClient(ctx, credentials);
  // Acknowledged first: until then the contact's app shows the tap as still loading.
  if (message.callbackQueryId && credentials.channel === "telegram")
    await telegramClientFor(ctx, credentials)
      .answerCallback(message.callbackQueryId)
      .catch(() => undefined);
  const contact = await repository.findContact(credentials.id, contactId);
  const now = nowIso();
  let session = contact?.sessionId ? await ctx.chat.findSession(contact.sessionId) : undefined;
  // Silent longer than the bot's sessionExpiryTimeout: the contact starts over.
  if (session?.expiresAt && session.expiresAt < now) session = undefined;
  const offered = session && contact?.offered ? (JSON.parse(contact.offered) as OfferedChoices) : undefined;
  const attachments = await downloadAttachments(ctx, client, message, publicBase);
  const chatMessage: ChatMessage = {
    ...(chatMessageOf(message, offered) as Extract<ChatMessage, { type: "text" }>),
    ...(attachments.urls.length > 0 ? { attachedFileUrls: attachments.urls } : {}),
  };
  const target = { credentials, contactId, inboundMessageId: message.appMessageId };

  const continued = session && (await continueLiveChat(ctx, session, chatMessage));
  if (session && continued) {
    const { bot, reply } = continued;
    await keepUploads(ctx, attachments.stored, session.id, session.resultId);
    await logOnResult(ctx, session.resultId, attachments.failures);
    await sendReplyToContact(ctx, { ...target, resultId: session.resultId ?? undefined }, reply, {
      typing: typingOf(bot),
    });
    await scheduleContactIdle(ctx, credentials, contactId, session.id);
    return;
  }

  const selected = await selectChannelBot(ctx, credentials, message.text);
  if (!selected) {
    // No bot answers this message: nothing is sent, and the contact's next message tries again.
    await repository.saveContact(credentials.id, contactId, { sessionId: null, offered: null }, now);
    return;
  }
  if (selected.isClosed) {
    const closed = (selected.bot.document.settings as { general?: { systemMessages?: { botClosed?: string } } }).general
      ?.systemMessages?.botClosed;
    await sendReplyToContact(ctx, target, {
      messages: [
        { id: "closed", type: "text", content: { type: "markdown", markdown: closed || "This bot is now closed" } },
      ],
    });
    return;
  }
  const chatApp = {
    channel: credentials.channel,
    contactId,
    ...(message.contactName ? { contactName: message.contactName } : {}),
  };
  const { reply, sessionOpen } = await startLiveChat(ctx, selected, { message: chatMessage }, { chatApp });
  await repository.saveContact(credentials.id, contactId, { sessionId: sessionOpen ? reply.sessionId : null }, now);
  await keepUploads(ctx, attachments.stored, reply.sessionId, reply.resultId);
  await logOnResult(ctx, reply.resultId, attachments.failures);
  await sendReplyToContact(ctx, { ...target, resultId: reply.resultId }, reply, {
    typing: typingOf(selected.bot),
    isFirstMessage: true,
  });
  if (sessionOpen) await scheduleContactIdle(ctx, credentials, contactId, reply.sessionId);
}

/**
 * The contact's next turn, or undefined when its chat cannot go on: the session ended or its bot
 * version was deleted meanwhile. The contact then starts over rather than hearing nothing forever.
 */
async function continueLiveChat(ctx: AppContext, session: SessionRow, message: ChatMessage) {
  try {
    const bot = await sessionBot(ctx, session);
    const reply = (await continueChat(ctx, session.id, { message }, undefined)) as ChatReply;
    return { bot, reply };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return undefined;
    throw error;
  }
}

/** Downloaded files belong to the session and result, like a visitor's uploads (deleted with them). */
async function keepUploads(
  ctx: AppContext,
  stored: { folder: string; size: number }[],
  sessionId: string,
  resultId: string | null | undefined,
) {
  for (const file of stored) await recordUpload(ctx, { sessionId, resultId }, { ...file, waitKey: "chat-app" });
}

/**
 * Runs the contact's waiting messages one after another, oldest first, once one of the instance's
 * places for contact turns is free (at most so many at once, and per workspace: turn-slots.ts). The
 * contact's row lock makes this hold across instances: whoever holds it drains the queue, anyone
 * else leaves their message to it. A message that arrives while the holder lets go is picked up by
 * the check after unlocking.
 */
export function runContactTurns(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  options: TurnOptions,
): Promise<void> {
  return contactTurnSlots(ctx).run(credentials.workspaceId, () => drainContact(ctx, credentials, contactId, options));
}

async function drainContact(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  options: TurnOptions,
): Promise<void> {
  const repository = channelsRepository(ctx);
  // Longer than any turn may take, so that only a crashed holder's lock ever runs out.
  const lockMs = (ctx.config.protection.chatTurnTimeoutMs || 60_000) * 3 + 60_000;
  const lockEnd = () => new Date(Date.now() + lockMs).toISOString();
  for (;;) {
    const token = createId();
    if (!(await repository.tryLock(credentials.id, contactId, token, nowIso(), lockEnd()))) return;
    try {
      for (let row = await repository.nextPending(credentials.id, contactId); row; ) {
        await repository.extendLock(credentials.id, contactId, token, lockEnd());
        await answerInboxRow(ctx, credentials, contactId, row, options);
        await repository.markProcessed(credentials.id, row.messageId, nowIso());
        row = await repository.nextPending(credentials.id, contactId);
      }
    } finally {
      await repository.unlock(credentials.id, contactId, token);
    }
    if (!(await repository.nextPending(credentials.id, contactId))) return;
  }
}

async function answerInboxRow(
  ctx: AppContext,
  credentials: ChannelCredentials,
  contactId: string,
  row: ChannelInboxRow,
  options: TurnOptions,
) {
  try {
    const message = inboundMessageSchema.parse(JSON.parse(row.message));
    await answerMessage(ctx, credentials, contactId, message, options.publicBase);
  } catch (error) {
    // One bad message must not block the contact's next ones: reported, then marked handled.
    options.onError(error, { credentialsId: credentials.id, contactId });
  }
}
