import { describe, expect, it } from "vitest";
import { emailExecutor } from "../../../../src/engine/blocks/integrations/email.js";
import type { IntegrationScope, MailMessage, MailResult } from "../../../../src/engine/ports.js";
import type { EmailBlock } from "../../../../src/schemas/blocks/integrations/email.js";
import { integrationContext } from "./integration-context.js";

function fakeMailer(result: MailResult = { ok: true, from: "Bot <bot@example.com>" }) {
  const sent: { message: MailMessage; scope: IntegrationScope }[] = [];
  return {
    sent,
    port: {
      send: async (message: MailMessage, scope: IntegrationScope) => {
        sent.push({ message, scope });
        return result;
      },
    },
  };
}

const block = (options: EmailBlock["options"]): EmailBlock => ({
  id: "mail",
  type: "Email",
  outgoingEdgeId: "e-next",
  options,
});
const variables = [
  { id: "v-to", name: "To", value: "ann@example.com" },
  { id: "v-name", name: "Name", value: "<b>Ann</b> & co" },
  { id: "v-lines", name: "Lines", value: "one\ntwo <3" },
];

describe("Email block", () => {
  it("is skipped in preview with an info log", async () => {
    const mailer = fakeMailer();
    const outcome = await emailExecutor.execute(
      block({ recipients: ["a@example.com"] }),
      integrationContext({ mode: "preview", ports: { mailer: mailer.port } }),
    );
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "info", description: "Emails are not sent in preview mode" }],
    });
    expect(mailer.sent).toEqual([]);
  });

  it("sends the templated e-mail, logs it and counts it", async () => {
    const mailer = fakeMailer();
    const outcome = await emailExecutor.execute(
      block({
        credentialsId: "cred-1",
        recipients: ["{{To}}", " ", "boss@example.com"],
        cc: ["cc@example.com"],
        bcc: ["{{Unknown}}"],
        replyTo: "{{To}}",
        subject: "Hello {{Name}}",
        body: "Dear {{Name}},\n{{Lines}}",
      }),
      integrationContext({ variables, ports: { mailer: mailer.port }, state: { emailsSent: 2 } }),
    );
    expect(mailer.sent).toEqual([
      {
        message: {
          credentialsId: "cred-1",
          to: ["ann@example.com", "boss@example.com"],
          cc: ["cc@example.com"],
          replyTo: "ann@example.com",
          subject: "Hello <b>Ann</b> & co",
          text: "Dear <b>Ann</b> & co,\none\ntwo <3",
        },
        scope: { workspaceId: "ws-1", botId: "bot-1", mode: "live" },
      },
    ]);
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [
        {
          status: "success",
          description: "Email successfully sent",
          details: {
            from: "Bot <bot@example.com>",
            to: ["ann@example.com", "boss@example.com"],
            cc: ["cc@example.com"],
            replyTo: "ann@example.com",
            subject: "Hello <b>Ann</b> & co",
          },
        },
      ],
      navigation: { emailsSent: 3 },
    });
  });

  it("escapes every inserted value in an HTML body", async () => {
    const mailer = fakeMailer();
    await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isBodyCode: true, body: "<p>Hi {{Name}}</p>" }),
      integrationContext({ variables, ports: { mailer: mailer.port } }),
    );
    await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isBodyCode: true, body: "{{Lines}}" }),
      integrationContext({ variables, ports: { mailer: mailer.port } }),
    );
    expect(mailer.sent.map(({ message }) => [message.html, message.text])).toEqual([
      ["<p>Hi &lt;b&gt;Ann&lt;/b&gt; &amp; co</p>", undefined],
      ["one<br />two &lt;3", undefined],
    ]);
    expect(mailer.sent[0].message.credentialsId).toBe("default");
  });

  it("sends the answers when the block has no body of its own", async () => {
    const mailer = fakeMailer();
    await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isCustomBody: false, body: "ignored" }),
      integrationContext({
        variables: [{ id: "v", name: "Name", value: "<Ann>" }],
        answers: [{ key: "Email", blockId: "b", value: "a@b.c" }],
        ports: { mailer: mailer.port },
      }),
    );
    expect(mailer.sent[0].message).toMatchObject({
      text: "Email: a@b.c\nName: <Ann>",
      html: "<p><strong>Email</strong><br />a@b.c</p>\n<p><strong>Name</strong><br />&lt;Ann&gt;</p>",
    });
  });

  it("refuses a sixth e-mail in the same chat", async () => {
    const mailer = fakeMailer();
    const outcome = await emailExecutor.execute(
      block({ recipients: ["a@example.com"] }),
      integrationContext({ ports: { mailer: mailer.port }, state: { emailsSent: 5 } }),
    );
    expect(mailer.sent).toEqual([]);
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [{ status: "error", description: "Email not sent", details: { error: "A chat sends at most 5 emails" } }],
    });
  });

  it("logs a failure and goes on", async () => {
    const mailer = fakeMailer({ ok: false, error: "Connection refused" });
    const outcome = await emailExecutor.execute(
      block({ recipients: ["a@example.com"], subject: "S" }),
      integrationContext({ ports: { mailer: mailer.port } }),
    );
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [
        {
          status: "error",
          description: "Email not sent",
          details: { error: "Connection refused", to: ["a@example.com"], subject: "S" },
        },
      ],
    });
  });

  it("does nothing without recipients", async () => {
    const mailer = fakeMailer();
    expect(
      await emailExecutor.execute(
        block({ recipients: ["{{Unknown}}"] }),
        integrationContext({ ports: { mailer: mailer.port } }),
      ),
    ).toEqual({ outgoingEdgeId: "e-next" });
    expect(mailer.sent).toEqual([]);
  });
});
