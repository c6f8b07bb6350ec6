import { expect } from "vitest";
import { buildBot, edge, say } from "../helpers/bot-builder.js";
import type { createClient } from "../helpers/http-client.js";

type Client = ReturnType<typeof createClient>;

/** One question asked again after every answer: a session that can be continued for ever. */
export function loopBot(settings: Record<string, unknown> = {}) {
  return buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          say("b-ask", "Say something"),
          { id: "b-say", type: "text input", options: { variableId: "v" }, outgoingEdgeId: "e-loop" },
        ],
      },
    ],
    edges: [edge("e-loop", "g")],
    variables: [{ id: "v", name: "Said" }],
    settings,
  });
}

/** `count` questions in a row (answers q1..qN), then a goodbye: each answer lands at a known block. */
export function questionsBot(count: number) {
  return buildBot({
    groups: [
      {
        id: "g",
        blocks: [
          ...Array.from({ length: count }, (_, i) => ({
            id: `q${i + 1}`,
            type: "text input",
            options: { variableId: `v${i + 1}` },
          })),
          say("b-bye", "Thanks"),
        ],
      },
    ],
    variables: Array.from({ length: count }, (_, i) => ({ id: `v${i + 1}`, name: `Answer${i + 1}` })),
  });
}

export async function publishBot(
  api: Client,
  workspaceId: string,
  bot: Record<string, unknown>,
): Promise<{ botId: string; publicId: string }> {
  const created = await api.post("/v1/bots", { workspaceId, bot });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const published = await api.post(`/v1/bots/${created.body.bot.id}/publish`);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return { botId: created.body.bot.id, publicId: published.body.publicId };
}
