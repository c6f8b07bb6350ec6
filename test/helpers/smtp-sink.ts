import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Mail = { from: string; to: string[]; user?: string; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives; it accepts one account. While
 * `refusing` is set it answers every message with a temporary failure (451), counted in `refused`.
 */
export async function smtpServer() {
  const mails: Mail[] = [];
  const state = { refusing: false, refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === "mailer" && auth.password === "s3cret-pass") return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        if (state.refusing) {
          state.refused++;
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        const envelope = session.envelope;
        mails.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : "",
          to: envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    port,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded value of one header of a raw message (unfolded). */
export const header = (raw: string, name: string) =>
  raw
    .split("\r\n\r\n")[0]
    .replace(/\r\n\s+/g, " ")
    .match(new RegExp(`^${name}: (.*)$`, "im"))?.[1];
