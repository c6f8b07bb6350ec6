import { describe, expect, it } from "vitest";
import { buildBot, say } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { type EventsClient, openEventStream, openSessionEvents } from "../helpers/session-events.js";
import { signalTransports, useTwoInstances } from "../helpers/two-instances.js";
import { bubbleTexts } from "./integrations-harness.js";

const bot = buildBot({
  groups: [
    {
      id: "g1",
      blocks: [
        { id: "handoff", type: "hand off", options: { waitingMessage: "A person will be with you shortly" } },
        say("t-back", "Back with the bot"),
        { id: "ask", type: "text input" },
      ],
    },
  ],
});

// Several instances only make sense on a shared PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The next news of the Inbox stream about `handoffId`, skipping other chats'. */
async function newsAbout(stream: EventsClient, handoffId: string) {
  for (;;) {
    const news = await stream.nextNews();
    if (!news) return undefined;
    if ((news.event === "chat" ? news.data.chat.id : news.data.handoffId) === handoffId) return news;
  }
}

describe.runIf(onPostgres).each(signalTransports("inbox"))(
  "the visitor on instance A, the operator's Inbox on instance B ($transport)",
  ({ extra }) => {
    const instances = useTwoInstances(extra);

    it("runs the loop across instances: the chat, the reply, the visitor's answer and the hand back, each live", async () => {
      const onB = createClient(`${instances.second.url}/api`, instances.token);
      const workspaceId = (await onB.get("/v1/workspaces")).body.workspaces[0].id as string;
      const botId = (await onB.post("/v1/bots", { workspaceId, bot })).body.bot.id as string;
      const { publicId } = (await onB.post(`/v1/bots/${botId}/publish`)).body;
      const inbox = `/v1/workspaces/${workspaceId}/inbox`;

      const operatorStream = await openEventStream(`${instances.second.url}/api${inbox}/events`, {
        authorization: `Bearer ${instances.token}`,
      });
      expect((await operatorStream.next())?.event).toBe("chats");

      const onA = createClient(`${instances.first.url}/api`);
      const started = await onA.post(`/v1/bots/${publicId}/startChat`, {});
      expect(bubbleTexts(started.body)).toEqual(["A person will be with you shortly"]);
      const sessionId = started.body.sessionId as string;
      const visitorStream = await openSessionEvents(`${instances.first.url}/api`, sessionId, "handoff");
      expect(await visitorStream.next()).toEqual({ event: "waiting", data: {} });

      // The new chat reaches B's Inbox stream from A's turn.
      const arrived = await operatorStream.nextNews();
      expect(arrived).toMatchObject({ event: "chat", data: { chat: { sessionId, status: "waiting" } } });
      const handoffId = arrived?.data.chat.id as string;

      const taken = await onB.post(`${inbox}/${handoffId}/take`);
      expect(taken.status).toBe(200);
      expect(await visitorStream.nextNews()).toEqual({
        event: "joined",
        data: { name: taken.body.chat.operator.name },
      });
      const reply = await onB.post(`${inbox}/${handoffId}/messages`, { text: "Hello from instance B" });
      expect(await visitorStream.nextNews()).toEqual({
        event: "operator",
        data: {
          id: reply.body.message.id,
          text: "Hello from instance B",
          fileUrl: null,
          name: taken.body.chat.operator.name,
        },
      });

      expect((await onA.post(`/v1/sessions/${sessionId}/continueChat`, { message: "Thanks, from A" })).status).toBe(
        200,
      );
      let news = await newsAbout(operatorStream, handoffId);
      while (news?.event !== "message") news = await newsAbout(operatorStream, handoffId);
      expect(news.data.message).toMatchObject({ author: "operator", text: "Hello from instance B" });
      expect(await newsAbout(operatorStream, handoffId)).toMatchObject({
        event: "message",
        data: { message: { author: "visitor", text: "Thanks, from A" } },
      });

      expect((await onB.post(`${inbox}/${handoffId}/handBack`, {})).status).toBe(200);
      const resumed = await visitorStream.nextNews();
      expect(resumed?.event).toBe("reply");
      expect(bubbleTexts(resumed?.data)).toEqual(["Back with the bot"]);
      expect(await newsAbout(operatorStream, handoffId)).toMatchObject({
        event: "chat",
        data: { chat: { status: "handed_back" } },
      });
      visitorStream.close();
      operatorStream.close();
    });
  },
);
