// What each AI block costs per chat turn on top of the model's own latency: the real server and the
// local fakes over loopback, each turn timed from the client; the fake's own time (the same request
// sent to it directly) and a turn without the AI block are subtracted. Prints a table; asserts nothing.
import { it } from "vitest";
import { FAKE_KEY, fakeAnthropic, fakeOpenAi } from "../test/helpers/ai-fakes.js";
import { buildBot, say } from "../test/helpers/bot-builder.js";
import { startIntegrationServer } from "../test/e2e/integrations-harness.js";

const TURNS = 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

it("measures", async () => {
  const openAi = await fakeOpenAi({ delayMs: 0 });
  const anthropic = await fakeAnthropic({ delayMs: 0 });
  const parley = await startIntegrationServer({
    PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
    PARLEY_RATE_LIMIT_START_PER_MINUTE: "100000",
    PARLEY_RATE_LIMIT_CONTINUE_PER_MINUTE: "100000",
    PARLEY_RATE_LIMIT_CONTINUE_PER_IP_PER_MINUTE: "100000",
  });
  const cred = (type: string, url: string) =>
    parley.createCredentials(type, type, { apiKey: FAKE_KEY, baseUrl: `${url}/v1` });
  const openaiCred = await cred("openai", openAi.url);
  const groqCred = await cred("groq", openAi.url);
  const anthropicCred = await cred("anthropic", anthropic.url);
  const variables = [
    { id: "v-q", name: "Q" },
    { id: "v-a", name: "A" },
    { id: "v-n", name: "Name" },
    { id: "v-u", name: "U" },
  ];
  const chat = (credentialsId: string) => ({
    credentialsId,
    action: "Create chat completion",
    model: "m",
    messages: [{ role: "user", content: "{{Q}}" }],
    responseMapping: [{ item: "Message content", variableId: "v-a" }],
  });
  const cases: [string, string | null, Record<string, unknown>, string][] = [
    ["no AI block (baseline)", null, {}, ""],
    ["openai Create chat completion", "openai", chat(openaiCred), "/v1/chat/completions"],
    ["groq Create chat completion", "groq", chat(groqCred), "/v1/chat/completions"],
    [
      "anthropic Create Chat Message",
      "anthropic",
      { ...chat(anthropicCred), action: "Create Chat Message" },
      "/v1/messages",
    ],
    [
      "openai Generate variables",
      "openai",
      {
        credentialsId: openaiCred,
        action: "Generate variables",
        model: "m",
        prompt: "{{Q}}",
        variablesToExtract: [{ variableId: "v-n", type: "string" }],
      },
      "/v1/chat/completions",
    ],
    [
      "openai Ask Model",
      "openai",
      {
        credentialsId: openaiCred,
        action: "Ask Model",
        model: "m",
        message: "{{Q}}",
        responseMapping: [{ item: "Message", variableId: "v-a" }],
      },
      "/v1/responses",
    ],
    [
      "openai Create speech",
      "openai",
      { credentialsId: openaiCred, action: "Create speech", input: "{{Q}}", saveUrlInVariableId: "v-u" },
      "/v1/audio/speech",
    ],
  ];
  const rows: string[] = [];
  let baseline = 0;
  for (const [label, type, options, path] of cases) {
    const blocks: Record<string, unknown>[] = [{ id: "ask", type: "text input", options: { variableId: "v-q" } }];
    if (type) blocks.push({ id: "ai", type, options });
    blocks.push(say("r", "{{A}}"));
    const bot = buildBot({ variables, groups: [{ id: "g", blocks }] });
    const publicId = await parley.publish(bot);
    const times: number[] = [];
    for (let turn = 0; turn < TURNS + 5; turn++) {
      const started = await parley.start(publicId);
      const at = performance.now();
      const reply = await parley.send(started.body.sessionId, "Hello there");
      if (reply.status !== 200 || reply.body.logs?.length)
        throw new Error(`${label}: ${reply.status} ${JSON.stringify(reply.body)}`);
      if (turn >= 5) times.push(performance.now() - at);
    }
    // The fake's own time: the last request it got, replayed to it directly.
    let fakeTime = 0;
    if (path) {
      const server = path === "/v1/messages" ? anthropic : openAi;
      const last = server.received.findLast((entry) => entry.path === path);
      if (!last) throw new Error(`${label}: the fake got no ${path}`);
      const direct: number[] = [];
      for (let index = 0; index < TURNS; index++) {
        const at = performance.now();
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          headers: last.headers as Record<string, string>,
          body: last.body,
        });
        await response.arrayBuffer();
        direct.push(performance.now() - at);
      }
      fakeTime = median(direct);
    }
    const turn = median(times);
    if (!type) baseline = turn;
    rows.push(
      `${label.padEnd(32)} turn ${turn.toFixed(2).padStart(7)} ms  fake ${fakeTime.toFixed(2).padStart(6)} ms  added ${(turn - baseline - fakeTime).toFixed(2).padStart(6)} ms`,
    );
  }
  console.log(`\nmedian of ${TURNS} turns each (after 5 warm-up)\n${rows.join("\n")}`);
  await parley.close();
  await openAi.close();
  await anthropic.close();
});
