import { describe, expect, it } from "vitest";
import { emailExecutor, emailFailedLog, emailSentLog } from "../../../../src/engine/blocks/integrations/email.js";
import type { ActionOutcome } from "../../../../src/engine/blocks/executor.js";
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

/** The e-mails an outcome asks for (sent by the services once the turn is saved). */
const emailsOf = (outcome: ActionOutcome) =>
  (outcome.effects ?? []).flatMap((effect) => (effect.kind === "email" ? [effect.message] : []));

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

  it("asks for the templated e-mail once the turn is saved, and counts it, without sending it itself", async () => {
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
    expect(mailer.sent).toEqual([]);
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      effects: [
        {
          kind: "email",
          resultId: "result-1",
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
      ],
      navigation: { emailsSent: 3 },
    });
  });

  it("escapes every inserted value in an HTML body", async () => {
    const mailer = fakeMailer();
    const first = await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isBodyCode: true, body: "<p>Hi {{Name}}</p>" }),
      integrationContext({ variables, ports: { mailer: mailer.port } }),
    );
    const second = await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isBodyCode: true, body: "{{Lines}}" }),
      integrationContext({ variables, ports: { mailer: mailer.port } }),
    );
    const messages = [...emailsOf(first), ...emailsOf(second)];
    expect(messages.map((message) => [message.html, message.text])).toEqual([
      ["<p>Hi &lt;b&gt;Ann&lt;/b&gt; &amp; co</p>", undefined],
      ["one<br />two &lt;3", undefined],
    ]);
    expect(messages[0].credentialsId).toBe("default");
  });

  it("sends the answers when the block has no body of its own", async () => {
    const mailer = fakeMailer();
    const outcome = await emailExecutor.execute(
      block({ recipients: ["a@example.com"], isCustomBody: false, body: "ignored" }),
      integrationContext({
        variables: [{ id: "v", name: "Name", value: "<Ann>" }],
        answers: [{ key: "Email", blockId: "b", value: "a@b.c" }],
        ports: { mailer: mailer.port },
      }),
    );
    expect(emailsOf(outcome)[0]).toMatchObject({
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

  it("says without a mail port that e-mails cannot be sent here", async () => {
    const outcome = await emailExecutor.execute(block({ recipients: ["a@example.com"] }), integrationContext({}));
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      logs: [
        {
          status: "error",
          description: "Email not sent",
          details: { error: "Emails are not available on this server" },
        },
      ],
    });
  });

  it("words the result's logs of a delivery with the envelope, never the body or credentials", () => {
    const message = { credentialsId: "cred-1", to: ["a@example.com"], subject: "S", text: "secret body" };
    expect(emailSentLog("Bot <bot@example.com>", message)).toEqual({
      status: "success",
      description: "Email successfully sent",
      details: { from: "Bot <bot@example.com>", to: ["a@example.com"], subject: "S" },
    });
    expect(emailFailedLog("Connection refused", message)).toEqual({
      status: "error",
      description: "Email not sent",
      details: { error: "Connection refused", to: ["a@example.com"], subject: "S" },
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
