import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatHarness, type ChatHarness } from "../helpers/conversation.js";
import { greetingBot } from "../helpers/sample-bots.js";

/** A chat request with a body of the wrong shape is refused with 400 and a JSON error, never a 500. */
let harness: ChatHarness;
let sessionId: string;
let publicId: string;

beforeAll(async () => {
  harness = await createChatHarness();
  const created = await harness.api.post("/v1/bots", { workspaceId: harness.workspaceId, bot: greetingBot() });
  publicId = (await harness.api.post(`/v1/bots/${created.body.bot.id}/publish`)).body.publicId;
  sessionId = (await harness.chat.post(`/v1/bots/${publicId}/startChat`, {})).body.sessionId;
});
afterAll(() => harness.close());

describe("chat requests with a malformed body", () => {
  it.each([
    ["a number as the message", { message: 42 }],
    ["a message of an unknown type", { message: { type: "fax", text: "hi" } }],
    ["an array as the body", [1, 2, 3]],
  ])("continueChat refuses %s with 400 and a JSON error", async (_, body) => {
    const response = await harness.chat.post(`/v1/sessions/${sessionId}/continueChat`, body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it("startChat refuses prefilled variables that are not an object with 400", async () => {
    const response = await harness.chat.post(`/v1/bots/${publicId}/startChat`, { prefilledVariables: "Name=Ada" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
