import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One call a fake app received: its path, its JSON body, its Authorization header and the status it got. */
export type AppCall = {
  method: string;
  path: string;
  body: any;
  authorization?: string;
  status?: number;
  /** When the call had arrived whole, and when its answer went out (ms since the epoch). */
  receivedAt: number;
  answeredAt?: number;
};

/**
 * Local stand-ins for the WhatsApp Cloud API and the Telegram Bot API over real HTTP: they record
 * every call, answer like the apps do, serve media for downloads, and can be told to fail the next
 * calls with a status (429, 500…) to exercise retries.
 */
export type ChannelFakes = {
  whatsappUrl: string;
  telegramUrl: string;
  calls: AppCall[];
  /** The next `count` sends answer `status` (then the fakes work again). */
  failNext(status: number, count?: number): void;
  /** Every later call is answered `ms` later (0: at once), so that overlapping calls can be seen. */
  delayAnswers(ms: number): void;
  /** Resolves when `count` calls match (polling the recorded calls); fails after a generous wait. */
  waitForCalls(match: (call: AppCall) => boolean, count?: number): Promise<AppCall[]>;
  /** Resolves once `check` holds (polled), for state the server writes after its last app call. */
  waitUntil(check: () => Promise<boolean>): Promise<void>;
  close(): Promise<void>;
};

export const FAKE_MEDIA_BYTES = Buffer.from("%PDF-1.4 fake file sent from the app\n");

export async function startChannelFakes(): Promise<ChannelFakes> {
  const calls: AppCall[] = [];
  let failures: { status: number; left: number } | undefined;
  let answerDelayMs = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: any;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const path = (request.url ?? "").split("?")[0]!;
      const answer = (status: number, value: unknown) => {
        const call = calls.at(-1);
        if (call) call.status = status;
        const send = () => {
          if (call) call.answeredAt = Date.now();
          response.writeHead(status, { "content-type": "application/json", "retry-after": "0" });
          response.end(JSON.stringify(value));
        };
        if (answerDelayMs > 0) setTimeout(send, answerDelayMs);
        else send();
      };
      // Media bytes are downloads, never counted as app calls.
      if (path.startsWith("/wa/media-bytes/") || path.startsWith("/tg/file/")) {
        response.writeHead(200, { "content-type": "application/pdf" });
        response.end(FAKE_MEDIA_BYTES);
        return;
      }
      calls.push({
        method: request.method ?? "",
        path,
        body,
        authorization: request.headers.authorization,
        receivedAt: Date.now(),
      });
      if (failures && failures.left > 0) {
        failures.left--;
        // Both apps' error shapes at once: Telegram's `description`, WhatsApp's `error`.
        const description = `Refused by the fake (${failures.status})`;
        return answer(failures.status, {
          ok: false,
          error_code: failures.status,
          description,
          error: { message: description, code: failures.status },
        });
      }
      if (path.startsWith("/wa/")) {
        if (request.method === "GET")
          return answer(200, { url: `${base}/wa/media-bytes${path.slice(3)}`, mime_type: "application/pdf" });
        return answer(200, { messaging_product: "whatsapp", messages: [{ id: `wamid.out${calls.length}` }] });
      }
      if (path.endsWith("/getFile")) return answer(200, { ok: true, result: { file_path: "documents/report.pdf" } });
      return answer(200, { ok: true, result: true });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    whatsappUrl: `${base}/wa`,
    telegramUrl: `${base}/tg`,
    calls,
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    delayAnswers(ms) {
      answerDelayMs = ms;
    },
    async waitForCalls(match, count = 1) {
      for (let waited = 0; waited < 20_000; waited += 25) {
        const found = calls.filter(match);
        if (found.length >= count) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`Expected ${count} matching app calls, got: ${JSON.stringify(calls, null, 1).slice(0, 3000)}`);
    },
    async waitUntil(check) {
      for (let waited = 0; waited < 20_000; waited += 25) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error("The expected state was not reached");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `X-Hub-Signature-256` for a body, as Meta computes it. */
export const whatsAppSignature = (appSecret: string, body: string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A WhatsApp webhook body carrying one message of `from` to the business number. */
export function whatsAppWebhookBody(
  phoneNumberId: string,
  from: string,
  message: Record<string, unknown>,
  name = "Ada",
) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba-1",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550001111", phone_number_id: phoneNumberId },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [{ from, timestamp: String(nowSeconds()), ...message }],
            },
          },
        ],
      },
    ],
  };
}

/** A Telegram update with a message of `chatId` (a private chat: the user's id). */
export function telegramMessageUpdate(updateId: number, chatId: number, message: Record<string, unknown>) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: nowSeconds(),
      chat: { id: chatId, type: "private" },
      from: { id: chatId, first_name: "Grace" },
      ...message,
    },
  };
}
