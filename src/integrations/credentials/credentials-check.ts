import { createTransport } from "nodemailer";
import type { CredentialsData, CredentialsType } from "../../schemas/credentials.js";
import { aiProviders, isAiProvider, providerBaseUrl } from "../ai/providers.js";
import { createGuardedFetch } from "../http/guarded-fetch.js";
import { resolveTarget, type AddressGuard } from "../http/guarded-request.js";

const CHECK_TIMEOUT_MS = 10_000;

/** What a credentials check found: `passed`/`failed` after a call, `unchecked` where no harmless call exists. */
export type CredentialsCheck = { result: "passed" | "failed" | "unchecked"; message: string };

export type CheckTargets = { guard: AddressGuard; telegramApiUrl: string; whatsappApiUrl: string };

/**
 * Tries stored credentials with a call that changes nothing on the other side: SMTP connects, greets
 * (EHLO) and logs in, then quits; AI providers list their models; Telegram answers getMe, WhatsApp
 * the business number. Provider addresses chosen by the workspace go through the address guard, as
 * every block's calls do. Never throws; never repeats a secret.
 */
export async function checkCredentials<T extends CredentialsType>(
  type: T,
  data: CredentialsData[T],
  targets: CheckTargets,
): Promise<CredentialsCheck> {
  try {
    if (type === "smtp") return await checkSmtp(data as CredentialsData["smtp"], targets.guard);
    if (isAiProvider(type)) return await checkAiKey(type, data as CredentialsData["openai"], targets.guard);
    if (type === "telegram") {
      const { botToken } = data as CredentialsData["telegram"];
      const url = `${targets.telegramApiUrl}/bot${botToken}/getMe`;
      return answerOf("Telegram", await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }));
    }
    if (type === "whatsapp") {
      const { phoneNumberId, accessToken } = data as CredentialsData["whatsapp"];
      const response = await fetch(`${targets.whatsappApiUrl}/${phoneNumberId}?fields=id`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
      return answerOf("WhatsApp", response);
    }
  } catch (error) {
    return { result: "failed", message: error instanceof Error ? error.message : String(error) };
  }
  return {
    result: "unchecked",
    message: "These credentials have no call that changes nothing; the block that uses them logs any failure",
  };
}

async function checkSmtp(smtp: CredentialsData["smtp"], guard: AddressGuard): Promise<CredentialsCheck> {
  const target = await resolveTarget(
    new URL(`smtp://${smtp.host.includes(":") ? `[${smtp.host}]` : smtp.host}:${smtp.port}`),
    guard,
  );
  const transport = createTransport({
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
    host: target.address,
    port: smtp.port,
    secure: smtp.secure ?? smtp.port === 465,
    tls: { servername: smtp.host },
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? "" } } : {}),
  });
  try {
    await transport.verify();
    return {
      result: "passed",
      message: smtp.username
        ? `${smtp.host}:${smtp.port} answered and accepted the login`
        : `${smtp.host}:${smtp.port} answered`,
    };
  } finally {
    transport.close();
  }
}

async function checkAiKey(
  provider: keyof typeof aiProviders,
  data: CredentialsData["openai"],
  guard: AddressGuard,
): Promise<CredentialsCheck> {
  const info = aiProviders[provider];
  const headers: Record<string, string> =
    info.protocol === "anthropic"
      ? { "x-api-key": data.apiKey, "anthropic-version": "2023-06-01" }
      : { authorization: `Bearer ${data.apiKey}` };
  const response = await createGuardedFetch(guard, { keepOnOrigin: true })(
    `${providerBaseUrl(provider, data.baseUrl)}/models`,
    { headers, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) },
  );
  if (!response.ok) return answerOf(info.label, response);
  const list = ((await response.json().catch(() => ({}))) as { data?: unknown[] }).data;
  return {
    result: "passed",
    message: `${info.label} accepted the key${Array.isArray(list) ? ` (${list.length} models)` : ""}`,
  };
}

async function answerOf(service: string, response: Response): Promise<CredentialsCheck> {
  if (response.ok) return { result: "passed", message: `${service} accepted the credentials` };
  const text = (await response.text()).slice(0, 300);
  return { result: "failed", message: `${service} answered ${response.status}${text ? `: ${text}` : ""}` };
}
