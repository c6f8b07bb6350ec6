import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";
import { header, smtpServer } from "../helpers/smtp-sink.js";

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let closedSmtp: Awaited<ReturnType<typeof smtpServer>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
let credentialsId: string;

beforeAll(async () => {
  smtp = await smtpServer();
  closedSmtp = await smtpServer();
  parley = await startIntegrationServer({
    PARLEY_HTTP_ALLOWED_HOSTS: `127.0.0.1:${smtp.port}`,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: '"Parley instance" <instance@parley.test>',
    // A failed e-mail comes back in tens of milliseconds rather than the default half minute.
    PARLEY_OUTBOX_RETRY_BASE_MS: "50",
  });
  credentialsId = await parley.createCredentials("smtp", "Team mail", {
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    username: "mailer",
    password: "s3cret-pass",
    from: '"Support" <support@example.com>',
  });
});
afterAll(async () => {
  await parley.close();
  await smtp.close();
  await closedSmtp.close();
});

const variables = [
  { id: "v-email", name: "Email" },
  { id: "v-name", name: "Name", value: "<script>x</script> & Co" },
];

function emailBot(emailOptions: Record<string, unknown>, count = 1) {
  const emails = Array.from({ length: count }, (_, index) => ({
    id: `mail-${index}`,
    type: "Email",
    options: emailOptions,
  }));
  return buildBot({
    variables,
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "email input", options: { variableId: "v-email" } },
          ...emails,
          say("done", "Sent"),
        ],
      },
    ],
  });
}

const customEmail = () => ({
  credentialsId,
  recipients: ["{{Email}}"],
  cc: ["cc@example.com"],
  replyTo: "Ann Lee <ann@example.com>",
  subject: "Welcome {{Email}}",
  isCustomBody: true,
  isBodyCode: true,
  body: "<p>Hello {{Name}}</p>",
});

describe("Email block over real SMTP", () => {
  it("sends through the workspace's SMTP credentials, with the body's values HTML-escaped", async () => {
    const publicId = await parley.publish(emailBot(customEmail()));
    const started = await parley.start(publicId);
    const before = smtp.mails.length;
    const reply = await parley.send(started.body.sessionId, "Visitor@Example.com");
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(bubbleTexts(reply.body)).toEqual(["Sent"]);
    expect(reply.body.logs).toBeUndefined();

    // Sent once the turn is saved, by the outbox: the log comes with the delivery.
    await expect.poll(() => parley.storedLogs(started.body.resultId), { timeout: 10_000 }).toHaveLength(1);
    const mails = smtp.mails.slice(before);
    expect(mails.map(({ from, to, user }) => ({ from, to, user }))).toEqual([
      { from: "support@example.com", to: ["visitor@example.com", "cc@example.com"], user: "mailer" },
    ]);
    const raw = mails[0].raw;
    expect(header(raw, "From")).toBe("Ann Lee <support@example.com>");
    expect(header(raw, "To")).toBe("visitor@example.com");
    expect(header(raw, "Cc")).toBe("cc@example.com");
    expect(header(raw, "Reply-To")).toBe("Ann Lee <ann@example.com>");
    expect(header(raw, "Subject")).toBe("Welcome visitor@example.com");
    expect(header(raw, "Content-Type")).toContain("text/html");
    expect(raw).toContain("<p>Hello &lt;script&gt;x&lt;/script&gt; &amp; Co</p>");

    const logs = await parley.storedLogs(started.body.resultId);
    expect(logs.map((log) => [log.status, log.description])).toEqual([["success", "Email successfully sent"]]);
    expect(JSON.stringify(logs)).not.toContain("s3cret-pass");
  });

  it("sends through the instance's own server when the block names no credentials, with the answers as body", async () => {
    const publicId = await parley.publish(emailBot({ recipients: ["{{Email}}"], subject: "New answers" }));
    const started = await parley.start(publicId);
    const before = smtp.mails.length;
    await parley.send(started.body.sessionId, "someone@example.com");
    await expect.poll(() => smtp.mails.length - before, { timeout: 10_000 }).toBe(1);
    const mails = smtp.mails.slice(before);
    expect(mails.map(({ from, to, user }) => ({ from, to, user }))).toEqual([
      { from: "instance@parley.test", to: ["someone@example.com"], user: undefined },
    ]);
    expect(header(mails[0].raw, "From")).toBe("Parley instance <instance@parley.test>");
    expect(mails[0].raw).toContain("Email: someone@example.com");
    expect(mails[0].raw).toContain("Name: <script>x</script> & Co");
    expect(mails[0].raw).toContain("&lt;script&gt;x&lt;/script&gt; &amp; Co");
  });

  it("sends at most five e-mails per chat", async () => {
    const publicId = await parley.publish(
      emailBot({ credentialsId, recipients: ["{{Email}}"], subject: "Again", body: "Hi", isCustomBody: true }, 6),
    );
    const started = await parley.start(publicId);
    const before = smtp.mails.length;
    const reply = await parley.send(started.body.sessionId, "many@example.com");
    expect(bubbleTexts(reply.body)).toEqual(["Sent"]);
    await expect.poll(() => parley.storedLogs(started.body.resultId), { timeout: 10_000 }).toHaveLength(6);
    expect(smtp.mails.length - before).toBe(5);
    const logs = await parley.storedLogs(started.body.resultId);
    // The refusal is logged with the turn, the five deliveries as they happen after it.
    const refused = logs.filter((log) => log.description === "Email not sent");
    expect(refused.map((log) => JSON.parse(log.details!))).toEqual([{ error: "A chat sends at most 5 emails" }]);
    expect(logs.filter((log) => log.description === "Email successfully sent")).toHaveLength(5);
  });

  it("skips e-mails in preview with an info log", async () => {
    const before = smtp.mails.length;
    const started = await parley.preview(emailBot(customEmail()));
    const reply = await parley.send(started.body.sessionId, "a@example.com");
    expect(bubbleTexts(reply.body)).toEqual(["Sent"]);
    expect(reply.body.logs).toEqual([{ status: "info", description: "Emails are not sent in preview mode" }]);
    expect(smtp.mails.length).toBe(before);
  });

  it("does not let workspace credentials reach a mail server that is not allowed", async () => {
    const blocked = await parley.createCredentials("smtp", "Internal relay", {
      host: "127.0.0.1",
      port: closedSmtp.port,
      from: "x@example.com",
    });
    const publicId = await parley.publish(
      emailBot({ credentialsId: blocked, recipients: ["{{Email}}"], subject: "S" }),
    );
    const started = await parley.start(publicId);
    await parley.send(started.body.sessionId, "a@example.com");
    await expect.poll(() => parley.storedLogs(started.body.resultId), { timeout: 10_000 }).toHaveLength(1);
    expect(closedSmtp.mails).toEqual([]);
    const [log] = await parley.storedLogs(started.body.resultId);
    expect(log.description).toBe("Email not sent");
    expect(JSON.parse(log.details!).error).toBe(
      `127.0.0.1:${closedSmtp.port} is not allowed: Parley only reaches public addresses; add it to PARLEY_HTTP_ALLOWED_HOSTS to allow it`,
    );
  });
});
