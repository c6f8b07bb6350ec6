import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTHOG_PROJECT_KEY, SEGMENT_WRITE_KEY } from "../helpers/analytics-fakes.js";
import { BLINK_TOKEN } from "../helpers/blink-fakes.js";
import { startPluginServices } from "./plugin-services-harness.js";

let services: Awaited<ReturnType<typeof startPluginServices>>;
beforeAll(async () => {
  services = await startPluginServices();
});
afterAll(async () => {
  await services?.close();
});
const run: Awaited<ReturnType<typeof startPluginServices>>["run"] = (...args) => services.run(...args);

describe("Segment", () => {
  it.each([
    [
      "Identify User",
      { userId: "u-{{City}}", email: "ann@example.com", traits: [{ key: "plan", value: "pro" }] },
      "/v1/identify",
      { userId: "u-Paris", traits: { plan: "pro", email: "ann@example.com" } },
    ],
    [
      "Track",
      { userId: "u-1", eventName: "Signed up", properties: [{ key: "city", value: "{{City}}" }, { key: "empty" }] },
      "/v1/track",
      { userId: "u-1", event: "Signed up", properties: { city: "Paris" } },
    ],
    [
      "Page",
      { userId: "u-1", name: "Pricing", category: "Docs" },
      "/v1/page",
      { userId: "u-1", name: "Pricing", category: "Docs" },
    ],
    ["Alias", { userId: "u-1", previousId: "anon-9" }, "/v1/alias", { userId: "u-1", previousId: "anon-9" }],
  ])("%s posts to Segment's tracking API with the write key", async (action, options, path, body) => {
    const from = services.segment.received.length;
    const { reply, texts } = await run(
      "segment",
      { credentialsId: services.credentials.segment, action, ...options },
      "Done",
    );
    expect(reply.logs ?? []).toEqual([]);
    expect(texts).toEqual(["Done"]);
    const [call] = services.segment.since(from);
    expect(call.path).toBe(path);
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${SEGMENT_WRITE_KEY}:`).toString("base64")}`);
    // The outbox item's id: Segment drops a retried message it already has.
    expect(call.json).toEqual({ ...body, messageId: expect.stringMatching(/^\w{10,}$/) });
  });

  it("logs the empty required fields instead of sending, and a refused key with context", async () => {
    const from = services.segment.received.length;
    const missing = await run(
      "segment",
      { credentialsId: services.credentials.segment, action: "Track", userId: "" },
      "Done",
    );
    expect(missing.reply.logs).toEqual([
      { status: "error", description: "Segment Track: Missing required fields (Event name, User ID)" },
    ]);
    expect(services.segment.since(from)).toEqual([]);
    const refused = await run(
      "segment",
      { credentialsId: services.credentials.segmentWrong, action: "Alias", userId: "a", previousId: "b" },
      "Done",
    );
    expect(refused.texts).toEqual(["Done"]);
    // Sent after the turn was saved: the refusal is on the result, not in the reply.
    expect(refused.reply.logs).toBeUndefined();
    expect(refused.storedLogs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"success":false,"message":"Invalid write key"}',
      },
    ]);
  });
});

describe("PostHog", () => {
  it("captures an identified event with properties, person properties and groups", async () => {
    const from = services.posthog.received.length;
    const { reply } = await run("posthog", {
      credentialsId: services.credentials.posthog,
      action: "Capture",
      distinctId: "user-{{City}}",
      event: "Booked",
      properties: [{ key: "city", value: "{{City}}" }],
      personProperties: [{ key: "plan", value: "pro" }],
      groups: [{ type: "company", key: "acme" }],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [call] = services.posthog.since(from);
    expect(call.path).toBe("/i/v0/e/");
    expect(call.json).toEqual({
      api_key: POSTHOG_PROJECT_KEY,
      event: "Booked",
      distinct_id: "user-Paris",
      properties: { city: "Paris", $set: { plan: "pro" }, $groups: { company: "acme" } },
      // Derived from the outbox item's id: PostHog counts a retried event once.
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });

  it("captures an anonymous event under a fresh id without a person profile", async () => {
    const from = services.posthog.received.length;
    await run("posthog", {
      credentialsId: services.credentials.posthog,
      action: "Capture",
      isAnonymous: true,
      event: "Visit",
    });
    const [call] = services.posthog.since(from);
    expect(call.json.properties).toEqual({ $process_person_profile: false });
    expect(call.json.distinct_id).toMatch(/^\w{10,}$/);
  });

  it("identifies a group with $groupidentify", async () => {
    const from = services.posthog.received.length;
    await run("posthog", {
      credentialsId: services.credentials.posthog,
      action: "Identify Group",
      groupType: "company",
      groupKey: "acme",
      properties: [{ key: "name", value: "Acme" }],
    });
    expect(services.posthog.since(from)[0].json).toEqual({
      api_key: POSTHOG_PROJECT_KEY,
      event: "$groupidentify",
      distinct_id: "$company_acme",
      properties: { $group_type: "company", $group_key: "acme", $group_set: { name: "Acme" } },
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });

  it("logs missing fields, a refused key and a missing credential; the flow goes on", async () => {
    const missing = await run(
      "posthog",
      { credentialsId: services.credentials.posthog, action: "Capture", event: "X" },
      "Done",
    );
    expect(missing.reply.logs).toEqual([{ status: "error", description: "PostHog Capture: Missing required fields" }]);
    const refused = await run(
      "posthog",
      { credentialsId: services.credentials.posthogWrong, action: "Capture", distinctId: "u", event: "X" },
      "Done",
    );
    expect(refused.texts).toEqual(["Done"]);
    expect(refused.reply.logs).toBeUndefined();
    expect(refused.storedLogs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"type":"authentication_error","detail":"Project API key invalid."}',
      },
    ]);
    const unknown = await run("posthog", { credentialsId: "nope", action: "Capture", distinctId: "u", event: "X" });
    expect(unknown.storedLogs).toEqual([
      { status: "error", description: "Could not find credentials for block posthog", details: null },
    ]);
  });
});

describe("Blink", () => {
  it("gets users by employee id and saves their fields", async () => {
    const from = services.blink.received.length;
    const { reply, vars } = await run("blink", {
      credentialsId: services.credentials.blink,
      action: "Get Users",
      filter: { type: "Employee ID", employeeId: "E2" },
      responseMapping: [
        { item: "Emails", variableId: "v-user" },
        { item: "First Names", variableId: "v-name" },
      ],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [call] = services.blink.since(from);
    expect([call.path, call.query.toString(), call.headers.authorization]).toEqual([
      "/v2/user",
      "employeeId=E2",
      `Bearer ${BLINK_TOKEN}`,
    ]);
    expect(vars).toMatchObject({ User: "bob@example.com", Name: "Bob" });
  });

  it("sends a feed event in Blink's format and saves its id", async () => {
    const from = services.blink.received.length;
    const { reply, vars } = await run(
      "blink",
      {
        credentialsId: services.credentials.blink,
        action: "Send Feed Event",
        categoryId: "news",
        ribbonColor: "#FF0000",
        userIds: ["u-1"],
        sections: [
          { type: "Header", title: "Hello {{City}}" },
          { type: "YouTube", link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
          {
            type: "Buttons",
            buttons: [{ label: "Open", clientAction: { type: "Open Link", url: "https://a.example" } }],
          },
          { type: "Attachment", url: `${services.blink.url}/files/report.pdf` },
        ],
        pushNotification: { title: "New", text: "Look" },
        responseMapping: [{ item: "Event ID", variableId: "v-event" }],
      },
      "Event {{Event id}}",
    );
    expect(reply.logs ?? []).toEqual([]);
    expect(vars["Event id"]).toBe("evt-42");
    const [post] = services.blink.since(from, "/v2/feed/events");
    expect(post.headers.authorization).toBe(`Bearer ${BLINK_TOKEN}`);
    expect(post.json).toEqual({
      body: {
        ribbon_color: "#FF0000",
        sections: [
          { type: "header", title: "Hello Paris" },
          { type: "youtube", video_id: "dQw4w9WgXcQ" },
          {
            type: "buttons",
            data: [{ label: "Open", client_action: `blink:link?url=${btoa("https://a.example")}&action=open` }],
          },
          {
            type: "attachment",
            file_name: "report.pdf",
            file_ext: "pdf",
            file_size: 2048,
            download_url: `${services.blink.url}/files/report.pdf`,
            open_url: `${services.blink.url}/files/report.pdf`,
          },
        ],
      },
      category: "news",
      user_ids: ["u-1"],
      notification_title: "New",
      notification_text: "Look",
    });
  });

  it("posts a feed event whose id no variable saves after the turn is saved, through the outbox", async () => {
    const from = services.blink.received.length;
    const { reply, texts } = await run(
      "blink",
      {
        credentialsId: services.credentials.blink,
        action: "Send Feed Event",
        userIds: ["u-2"],
        sections: [{ type: "Header", title: "Hi {{City}}" }],
      },
      "Sent",
    );
    expect(texts).toEqual(["Sent"]);
    expect(reply.logs ?? []).toEqual([]);
    const [post] = services.blink.since(from, "/v2/feed/events");
    expect(post.json).toMatchObject({ body: { sections: [{ type: "header", title: "Hi Paris" }] }, user_ids: ["u-2"] });
    const [item] = await services.parley.server.ctx.store.db
      .selectFrom("outbox")
      .select(["kind", "status"])
      .where("resultId", "=", reply.resultId)
      .execute();
    expect(item).toEqual({ kind: "blink.sendFeedEvent", status: "done" });
  });

  it("logs missing recipients, an unknown action and a refused token; the flow goes on", async () => {
    const noRecipients = await run("blink", {
      credentialsId: services.credentials.blink,
      action: "Send Feed Event",
      sections: [{ type: "Text", value: "Hi" }],
    });
    expect(noRecipients.reply.logs).toEqual([
      { status: "error", description: "You must supply at least one user ID or group ID." },
    ]);
    const unknown = await run("blink", { credentialsId: services.credentials.blink, action: "Teleport" });
    expect(unknown.reply.logs).toEqual([{ status: "error", description: 'blink has no action "Teleport"' }]);
    const refused = await run(
      "blink",
      {
        credentialsId: services.credentials.blinkWrong,
        action: "Get Users",
        filter: { type: "User ID", userId: "u-1" },
      },
      "Done",
    );
    expect(refused.texts).toEqual(["Done"]);
    expect(refused.reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"error":"Unauthorized"}',
        context: "While searching Blink users",
      },
    ]);
  });
});
