import { expect } from "vitest";
import { BLINK_TOKEN, fakeBlink } from "../helpers/blink-fakes.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { fakeNocoDb, NOCODB_TOKEN } from "../helpers/nocodb-fakes.js";
import { fakePostHog, fakeSegment, POSTHOG_PROJECT_KEY, SEGMENT_WRITE_KEY } from "../helpers/analytics-fakes.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

const variables = [
  { id: "v-name", name: "Name" },
  { id: "v-age", name: "Age" },
  { id: "v-city", name: "City", value: "Paris" },
  { id: "v-user", name: "User" },
  { id: "v-event", name: "Event id" },
];

/**
 * A Parley server (allowed to reach 127.0.0.1), local fakes of NocoDB, Segment, PostHog and Blink, and
 * for each service a credential with the right key and one with a wrong key (`<type>Wrong`).
 */
export async function startPluginServices() {
  const [nocodb, segment, posthog, blink] = await Promise.all([
    fakeNocoDb(),
    fakeSegment(),
    fakePostHog(),
    fakeBlink(),
  ]);
  const parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
  const make = (type: string, apiKey: string, baseUrl: string) =>
    parley.createCredentials(type, `${type} account`, { apiKey, baseUrl });
  const credentials: Record<string, string> = {
    nocodb: await make("nocodb", NOCODB_TOKEN, `${nocodb.url}/`),
    nocodbWrong: await make("nocodb", "wrong-token", nocodb.url),
    segment: await make("segment", SEGMENT_WRITE_KEY, segment.url),
    segmentWrong: await make("segment", "wrong", segment.url),
    posthog: await make("posthog", POSTHOG_PROJECT_KEY, posthog.url),
    posthogWrong: await make("posthog", "phc_wrong", posthog.url),
    blink: await make("blink", BLINK_TOKEN, `${blink.url}/v2`),
    blinkWrong: await make("blink", "wrong", `${blink.url}/v2`),
  };

  /** Publishes a bot of the plug-in block then a bubble showing `after`, starts it, and reads back what was stored. */
  async function run(type: string, options: Json, after = "Name: {{Name}}") {
    const bot = buildBot({
      variables,
      groups: [{ id: "g1", blocks: [{ id: "plugin", type, options }, say("after", after)] }],
    });
    const started = await parley.start(await parley.publish(bot));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // Changes in a service are sent after the turn is saved: wait until the outbox has tried them.
    await parley.outboxSettled();
    return {
      reply: started.body as Json,
      texts: bubbleTexts(started.body as Json),
      vars: await parley.resultVariables(started.body.resultId),
      storedLogs: await parley.storedLogs(started.body.resultId),
    };
  }

  return {
    parley,
    nocodb,
    segment,
    posthog,
    blink,
    credentials,
    run,
    async close() {
      await parley.close();
      await Promise.all([nocodb, segment, posthog, blink].map((fake) => fake.close()));
    },
  };
}
