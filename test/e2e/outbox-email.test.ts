import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { startIntegrationServer } from "./integrations-harness.js";
import { header, smtpServer } from "../helpers/smtp-sink.js";

/** E-mails of the Email block go through the outbox: sent once their turn is saved, retried, recorded. */
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;

beforeAll(async () => {
  smtp = await smtpServer();
  parley = await startIntegrationServer({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SMTP_FROM: "instance@parley.test",
    PARLEY_OUTBOX_RETRY_BASE_MS: "50",
    PARLEY_OUTBOX_RETRY_MAX_MS: "200",
    PARLEY_OUTBOX_POLL_MS: "50",
  });
});
afterAll(async () => {
  await parley.close();
  await smtp.close();
});

const mailBot = () =>
  buildBot({
    variables: [{ id: "v-answer", name: "Answer" }],
    groups: [
      {
        id: "g1",
        blocks: [
          { id: "ask", type: "text input", options: { variableId: "v-answer" } },
          { id: "mail", type: "Email", options: { recipients: ["team@example.com"], subject: "Answer {{Answer}}" } },
          say("done", "Thanks"),
        ],
      },
    ],
  });

const subjects = () => smtp.mails.map((mail) => header(mail.raw, "Subject"));
const outboxOf = (resultId: string) =>
  parley.server.ctx.store.db
    .selectFrom("outbox")
    .select(["id", "kind", "status", "attempts"])
    .where("resultId", "=", resultId)
    .execute();
const attemptsOf = (itemId: string) =>
  parley.server.ctx.store.db
    .selectFrom("outboxAttempts")
    .select(["ok", "error"])
    .where("itemId", "=", itemId)
    .orderBy("attemptedAt")
    .execute();

describe("E-mails through the outbox", () => {
  it("sends one e-mail when two answers reach one session at once: the turn that lost its race sends none", async () => {
    const publicId = await parley.publish(mailBot());
    for (let round = 0; round < 5; round++) {
      const started = await parley.start(publicId);
      const { sessionId, resultId } = started.body;
      const replies = await Promise.all([
        parley.send(sessionId, `first-${round}`),
        parley.send(sessionId, `second-${round}`),
      ]);
      const accepted = replies.filter((reply) => reply.status === 200);
      expect(accepted).toHaveLength(1);
      // The other one lost the race (409) or found the chat already over (404): nothing of it is kept.
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, expect.any(Number)]);
      await expect
        .poll(() => outboxOf(resultId), { timeout: 10_000 })
        .toMatchObject([{ kind: "email", status: "done" }]);
      expect(await outboxOf(resultId)).toHaveLength(1);
      const winner = replies[0].status === 200 ? `first-${round}` : `second-${round}`;
      expect(subjects().filter((subject) => subject?.endsWith(`-${round}`))).toEqual([`Answer ${winner}`]);
    }
  });

  it("retries a mail server that fails for now, records every attempt, then logs the delivery", async () => {
    const publicId = await parley.publish(mailBot());
    const started = await parley.start(publicId);
    smtp.state.refusing = true;
    smtp.state.refused = 0;
    const reply = await parley.send(started.body.sessionId, "retried");
    expect(reply.status).toBe(200);
    await expect.poll(() => smtp.state.refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    smtp.state.refusing = false;
    await expect.poll(async () => (await outboxOf(started.body.resultId))[0]?.status, { timeout: 10_000 }).toBe("done");

    expect(subjects().filter((subject) => subject === "Answer retried")).toEqual(["Answer retried"]);
    const [item] = await outboxOf(started.body.resultId);
    const attempts = await attemptsOf(item.id);
    expect(attempts.length).toBe(item.attempts);
    expect(attempts.at(-1)).toEqual({ ok: 1, error: null });
    expect(
      attempts.slice(0, -1).every((attempt) => attempt.ok === 0 && attempt.error?.includes("Try again later")),
    ).toBe(true);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    // The first failure is logged at once, the delivery when it happens; retries in between are not.
    const logs = await parley.storedLogs(started.body.resultId);
    expect(logs.map((log) => [log.status, log.description])).toEqual([
      ["error", "Email not sent"],
      ["success", "Email successfully sent"],
    ]);
  });
});
