import { createTransport } from "nodemailer";

export type InstanceMail = { to: string; subject: string; text: string };

/**
 * Mail the server sends on its own behalf (invitations), through its administrator's server
 * (SMTP_URL, SMTP_FROM). Answers whether it was sent: `false` when no server is configured or it
 * refused, so that the caller can still hand out the link itself.
 */
export async function sendInstanceMail(
  server: { url: string | undefined; from: string | undefined },
  mail: InstanceMail,
): Promise<boolean> {
  if (!server.url || !server.from) return false;
  const transport = createTransport({ url: server.url, connectionTimeout: 10_000, socketTimeout: 30_000 });
  try {
    await transport.sendMail({ from: server.from, to: mail.to, subject: mail.subject, text: mail.text });
    return true;
  } catch {
    return false;
  } finally {
    transport.close();
  }
}
