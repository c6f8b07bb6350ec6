import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createClient } from "../helpers/http-client.js";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { publishBot, questionsBot } from "./fixtures.js";

/**
 * The real server process on an embedded database, killed with SIGKILL in the middle of a
 * conversation load and started again on the same files, several times over.
 */
const QUESTIONS = 6;
const WORKERS = 16;
const KILLS = 3;
const LOAD_MS = 1_000;
const MIN_ANSWERS_PER_KILL = 60;

type Conversation = { sessionId: string; resultId: string; acknowledged: string[] };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-crash-"));
const env = {
  ...process.env,
  // Always the embedded database here, whatever the suite runs on.
  DATABASE_URL: "",
  REDIS_URL: "",
  PARLEY_DATA_DIR: dataDir,
  PARLEY_RATE_LIMIT_START_PER_MINUTE: "0",
  PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "0",
  PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "0",
};
let running: ServerProcess | undefined;
afterAll(async () => {
  await running?.stop("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const acknowledged = (conversations: Conversation[]) =>
  conversations.reduce((sum, conversation) => sum + conversation.acknowledged.length, 0);
const answerText = (conversation: number, question: number) => `c${conversation}-q${question}`;

/** Workers start conversations and answer them one question at a time until the server dies. */
async function runLoad(baseUrl: string, conversations: Conversation[], publicId: string, stop: { dead: boolean }) {
  const chat = createClient(baseUrl);
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!stop.dead) {
        try {
          const start = await chat.post(`/v1/bots/${publicId}/startChat`, {});
          if (start.status !== 200) throw new Error(`startChat answered ${start.status}`);
          const conversation: Conversation = {
            sessionId: start.body.sessionId,
            resultId: start.body.resultId,
            acknowledged: [],
          };
          const index = conversations.push(conversation) - 1;
          for (let q = 1; q <= QUESTIONS && !stop.dead; q++) {
            const reply = await chat.post(`/v1/sessions/${conversation.sessionId}/continueChat`, {
              message: answerText(index, q),
            });
            if (reply.status !== 200)
              throw new Error(`continueChat answered ${reply.status}: ${JSON.stringify(reply.body)}`);
            conversation.acknowledged.push(answerText(index, q));
          }
        } catch (error) {
          // The kill cuts requests off; anything else is a failure of the test.
          if (!stop.dead) throw error;
        }
      }
    }),
  );
}

function storedAnswers(): Map<string, { blockId: string; content: string }[]> {
  const db = new Database(path.join(dataDir, "parley.db"), { readonly: true });
  try {
    const rows = db
      .prepare(`select "resultId", "blockId", content from answers order by position, "createdAt"`)
      .all() as { resultId: string; blockId: string; content: string }[];
    const byResult = new Map<string, { blockId: string; content: string }[]>();
    for (const row of rows)
      byResult.set(row.resultId, [
        ...(byResult.get(row.resultId) ?? []),
        { blockId: row.blockId, content: row.content },
      ]);
    return byResult;
  } finally {
    db.close();
  }
}

describe("crash durability (SIGKILL mid-load, restart on the same database)", () => {
  it(`keeps every acknowledged answer and leaves every session usable across ${KILLS} kills`, async () => {
    running = await startServerProcess(env);
    const token = /^ {2}(pat_\S+)$/m.exec(running.output())![1];
    const api = createClient(`${running.url}/api`, token);
    const workspaceId = (await api.get("/v1/workspaces")).body.workspaces[0].id;
    const { publicId } = await publishBot(api, workspaceId, questionsBot(QUESTIONS));

    const conversations: Conversation[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const stop = { dead: false };
      const before = acknowledged(conversations);
      const load = runLoad(`${running.url}/api`, conversations, publicId, stop);
      // Kill in full flow: after a while and enough acknowledged answers (a busy machine is slower).
      const startedAt = Date.now();
      while (
        Date.now() - startedAt < LOAD_MS ||
        (acknowledged(conversations) - before < MIN_ANSWERS_PER_KILL && Date.now() - startedAt < 10_000)
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      stop.dead = true;
      await running.stop("SIGKILL");
      await load;
      running = await startServerProcess(env);
      expect(running.output()).not.toMatch(/First start/);
    }

    const acknowledgedCount = acknowledged(conversations);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(KILLS * MIN_ANSWERS_PER_KILL);
    const stored = storedAnswers();
    const chat = createClient(`${running.url}/api`);
    let continued = 0;
    let finished = 0;
    for (const [index, conversation] of conversations.entries()) {
      const answers = stored.get(conversation.resultId) ?? [];
      // Every acknowledged answer is there, in order, at its question; at most the one in flight
      // when the process died was also committed without its 200 reaching the client.
      expect(answers.slice(0, conversation.acknowledged.length).map((answer) => answer.content)).toEqual(
        conversation.acknowledged,
      );
      expect(answers.length - conversation.acknowledged.length).toBeGreaterThanOrEqual(0);
      expect(answers.length - conversation.acknowledged.length).toBeLessThanOrEqual(1);
      expect(answers.map((answer) => answer.blockId)).toEqual(answers.map((_, q) => `q${q + 1}`));
      if (answers.length === conversation.acknowledged.length + 1)
        expect(answers.at(-1)!.content).toBe(answerText(index, answers.length));

      // The session is where its stored answers say: the next question, or gone with a clear 404.
      const reply = await chat.post(`/v1/sessions/${conversation.sessionId}/continueChat`, {
        message: "after restart",
      });
      if (answers.length === QUESTIONS) {
        expect(reply).toMatchObject({
          status: 404,
          body: { code: "SESSION_NOT_FOUND", message: "Session not found." },
        });
        finished++;
      } else {
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        const after = storedAnswers().get(conversation.resultId)!;
        expect(after.at(-1)).toEqual({ blockId: `q${answers.length + 1}`, content: "after restart" });
        continued++;
      }
    }
    console.info(
      `crash durability: ${KILLS} kills survived, ${acknowledgedCount} acknowledged answers checked in ${conversations.length} conversations ` +
        `(${continued} continued after restart, ${finished} finished)`,
    );
    expect(continued).toBeGreaterThan(0);
  }, 90_000);
});
