import { createTransport, type Transporter } from "nodemailer";
import type { MailerPort, MailMessage, MailResult, IntegrationScope } from "../../engine/ports.js";
import type { CredentialsVault } from "../credentials/credentials-vault.js";
import { RequestRefusedError, resolveTarget, type AddressGuard } from "../http/guarded-request.js";
import { senderAddress } from "./sender-address.js";

// A chat turn waits for the mail server: fail in seconds rather than nodemailer's minutes.
const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export type MailerOptions = {
  vault: CredentialsVault;
  guard: AddressGuard;
  /** The instance's own server (SMTP_URL, SMTP_FROM), used when a block names no credentials. */
  defaultUrl?: string;
  defaultFrom?: string;
};

/**
 * Sends through the workspace's SMTP credentials (their host goes through the same address guard as
 * HTTP requests: a workspace may not use the server to probe the private network) or through the
 * instance's own server, which its administrator chose. Never throws; never reports the password.
 */
export function createMailerPort(options: MailerOptions): MailerPort {
  return {
    async send(message, scope) {
      let transport: Transporter | undefined;
      try {
        const sender = await transportFor(message, scope, options);
        if ("error" in sender) return { ok: false, error: sender.error };
        transport = sender.transport;
        const from = senderAddress(sender.from, message.replyTo);
        await transport.sendMail({
          from,
          to: message.to,
          cc: message.cc,
          bcc: message.bcc,
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        return { ok: true, from };
      } catch (error) {
        return {
          ok: false,
          error: error instanceof Error ? error.message : String(error),
          retryable: isRetryable(error),
        } satisfies MailResult;
      } finally {
        transport?.close();
      }
    },
  };
}

/** A refused address stays refused and a 5xx is the server's final no; anything else may pass later. */
function isRetryable(error: unknown): boolean {
  if (error instanceof RequestRefusedError) return false;
  const { responseCode } = error as { responseCode?: unknown };
  return typeof responseCode !== "number" || (responseCode >= 400 && responseCode < 500);
}

async function transportFor(
  message: MailMessage,
  scope: IntegrationScope,
  options: MailerOptions,
): Promise<{ transport: Transporter; from: string } | { error: string }> {
  if (!message.credentialsId || message.credentialsId === "default") {
    if (!options.defaultUrl)
      return { error: "This server has no mail server of its own (SMTP_URL); choose SMTP credentials in the block" };
    if (!options.defaultFrom) return { error: "SMTP_FROM is not set" };
    return { transport: createTransport({ url: options.defaultUrl, ...timeouts }), from: options.defaultFrom };
  }
  const smtp = await options.vault.resolve("smtp", message.credentialsId, scope);
  if (!smtp) return { error: "SMTP credentials not found in this workspace" };
  const target = await resolveTarget(
    new URL(`smtp://${smtp.host.includes(":") ? `[${smtp.host}]` : smtp.host}:${smtp.port}`),
    options.guard,
  );
  const transport = createTransport({
    ...timeouts,
    // Connect to the address that was checked; TLS still verifies the certificate against the name.
    host: target.address,
    port: smtp.port,
    secure: smtp.secure ?? smtp.port === 465,
    tls: { servername: smtp.host },
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? "" } } : {}),
  });
  return { transport, from: smtp.from };
}
