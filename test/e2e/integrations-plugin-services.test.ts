import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeBlink, BLINK_TOKEN } from "../helpers/blink-fakes.js";
import { buildBot, say } from "../helpers/conversation.js";
import { fakeNocoDb, NOCODB_TABLE, NOCODB_TOKEN } from "../helpers/nocodb-fakes.js";
import { fakePostHog, fakeSegment, POSTHOG_PROJECT_KEY, SEGMENT_WRITE_KEY } from "../helpers/analytics-fakes.js";
import type { FakeService } from "../helpers/plugin-fake-server.js";
import { bubbleTexts, startIntegrationServer } from "./integrations-harness.js";

type Json = Record<string, any>;

let nocodb: Awaited<ReturnType<typeof fakeNocoDb>>;
let segment: FakeService;
let posthog: FakeService;
let blink: FakeService;
let parley: Awaited<ReturnType<typeof startIntegrationServer>>;
const credentials: Record<string, string> = {};

beforeAll(async () => {
  [nocodb, segment, posthog, blink] = await Promise.all([fakeNocoDb(), fakeSegment(), fakePostHog(), fakeBlink()]);
  parley = await startIntegrationServer({ PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1" });
  const make = (type: string, apiKey: string, baseUrl: string) =>
    parley.createCredentials(type, `${type} account`, { apiKey, baseUrl });
  credentials.nocodb = await make("nocodb", NOCODB_TOKEN, `${nocodb.url}/`);
  credentials.nocodbWrong = await make("nocodb", "wrong-token", nocodb.url);
  credentials.segment = await make("segment", SEGMENT_WRITE_KEY, segment.url);
  credentials.segmentWrong = await make("segment", "wrong", segment.url);
  credentials.posthog = await make("posthog", POSTHOG_PROJECT_KEY, posthog.url);
  credentials.posthogWrong = await make("posthog", "phc_wrong", posthog.url);
  credentials.blink = await make("blink", BLINK_TOKEN, `${blink.url}/v2`);
  credentials.blinkWrong = await make("blink", "wrong", `${blink.url}/v2`);
});
afterAll(async () => {
  await parley?.close();
  await Promise.all([nocodb, segment, posthog, blink].map((fake) => fake?.close()));
});

const variables = [
  { id: "v-name", name: "Name" },
  { id: "v-age", name: "Age" },
  { id: "v-city", name: "City" },
  { id: "v-user", name: "User" },
  { id: "v-event", name: "Event id" },
];

/** The plug-in block, then a bubble showing `after`. */
async function run(type: string, options: Json, after = "Name: {{Name}}") {
  const bot = buildBot({
    variables: variables.map((variable) => ({ ...variable, value: variable.id === "v-city" ? "Paris" : undefined })),
    groups: [{ id: "g1", blocks: [{ id: "plugin", type, options }, say("after", after)] }],
  });
  const started = await parley.start(await parley.publish(bot));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return {
    reply: started.body as Json,
    texts: bubbleTexts(started.body as Json),
    vars: await parley.resultVariables(started.body.resultId),
    storedLogs: await parley.storedLogs(started.body.resultId),
  };
}

describe("NocoDB", () => {
  const search = (extra: Json) => ({
    credentialsId: credentials.nocodb,
    action: "Search Records",
    tableId: NOCODB_TABLE,
    responseMapping: [
      { fieldName: "Name", variableId: "v-name" },
      { fieldName: "Age", variableId: "v-age" },
    ],
    ...extra,
  });

  it("searches with the filter rows as NocoDB's where, and maps every match into list variables", async () => {
    const from = nocodb.received.length;
    const { texts, vars, reply } = await run(
      "nocodb",
      search({
        filter: {
          comparisons: [
            { input: "City", operator: "Equal to", value: "{{City}}" },
            { input: "Age", operator: "Greater than", value: "30" },
          ],
          joiner: "AND",
        },
      }),
      "Found",
    );
    const [call] = nocodb.since(from);
    expect(call.method).toBe("GET");
    expect(call.path).toBe(`/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(call.headers["xc-token"]).toBe(NOCODB_TOKEN);
    expect(call.query.get("where")).toBe("(City,eq,Paris)~and(Age,gt,30)");
    expect(call.query.get("limit")).toBe("1000");
    expect(vars).toMatchObject({ Name: ["Ann", "Cid"], Age: ["31", "40"] });
    expect(texts).toEqual(["Found"]);
    expect(reply.logs ?? []).toEqual([]);
  });

  it.each([
    ["Not equal", "Lyon", "(City,neq,Lyon)", ["Ann", "Cid"]],
    ["Contains", "ar", "(City,like,%ar%)", ["Ann", "Cid"]],
    ["Starts with", "Ly", "(City,like,Ly%)", "Bob"],
    ["Ends with", "is", "(City,like,%is)", ["Ann", "Cid"]],
    ["Less than", "30", "(Age,lt,30)", "Bob"],
    ["Is set", undefined, "(Email,isnot,null)", ["Ann", "Cid"]],
    ["Is empty", undefined, "(Email,is,null)", "Bob"],
  ])("writes %s as NocoDB's operator", async (operator, value, where, names) => {
    const input = where.slice(1).split(",")[0];
    const from = nocodb.received.length;
    const { vars } = await run("nocodb", search({ filter: { comparisons: [{ input, operator, value }] } }));
    expect(nocodb.since(from)[0].query.get("where")).toBe(where);
    expect(vars.Name).toEqual(names);
  });

  it("joins OR filters with ~or and keeps one record for First, Last and Random", async () => {
    const filter = {
      comparisons: [
        { input: "Name", operator: "Equal to", value: "Bob" },
        { input: "Name", operator: "Equal to", value: "Cid" },
      ],
      joiner: "OR",
    };
    const from = nocodb.received.length;
    expect((await run("nocodb", search({ filter, returnType: "First" }))).vars.Name).toBe("Bob");
    expect(nocodb.since(from)[0].query.get("where")).toBe("(Name,eq,Bob)~or(Name,eq,Cid)");
    expect((await run("nocodb", search({ filter, returnType: "Last" }))).vars.Name).toBe("Cid");
    expect(["Bob", "Cid"]).toContain((await run("nocodb", search({ filter, returnType: "Random" }))).vars.Name);
  });

  it("logs an info when nothing matches and an error for a field the table does not have", async () => {
    const none = await run(
      "nocodb",
      search({ filter: { comparisons: [{ input: "City", operator: "Equal to", value: "Rome" }] } }),
    );
    expect(none.reply.logs).toEqual([
      { status: "info", description: "Couldn't find any rows matching the filter", details: "(City,eq,Rome)" },
    ]);
    expect(none.vars.Name).toBeUndefined();
    const unknown = await run("nocodb", search({ responseMapping: [{ fieldName: "Phone", variableId: "v-name" }] }));
    expect(unknown.reply.logs).toEqual([{ status: "error", description: "Field Phone does not exist in the table" }]);
  });

  it("logs NocoDB's answer with context when the token is wrong, and the flow goes on", async () => {
    const { reply, texts, storedLogs } = await run("nocodb", search({ credentialsId: credentials.nocodbWrong }));
    expect(reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"msg":"Invalid token"}',
        context: "While searching NocoDB records",
      },
    ]);
    expect(texts).toEqual(["Name: "]);
    expect(storedLogs).toEqual([
      { status: "error", description: "Request failed with status code 401", details: '{"msg":"Invalid token"}' },
    ]);
  });

  it("never calls an address the guard refuses (a credential pointing at the metadata service)", async () => {
    const inside = await parley.createCredentials("nocodb", "Inside", {
      apiKey: NOCODB_TOKEN,
      baseUrl: "http://169.254.169.254",
    });
    const { reply, texts } = await run("nocodb", search({ credentialsId: inside }), "Done");
    expect(texts).toEqual(["Done"]);
    expect(reply.logs).toEqual([
      expect.objectContaining({ status: "error", context: "While searching NocoDB records" }),
    ]);
    expect(reply.logs[0].description).toMatch(/169\.254\.169\.254/);
  });

  it("creates a record with its fields and links the link column's record ids", async () => {
    const from = nocodb.received.length;
    const { reply } = await run("nocodb", {
      credentialsId: credentials.nocodb,
      action: "Create Record",
      tableId: NOCODB_TABLE,
      fields: [
        { key: "Name", value: "Dee" },
        { key: "City", value: "{{City}}" },
        { key: "Friends", value: "[1,3]" },
      ],
    });
    expect(reply.logs ?? []).toEqual([]);
    const create = nocodb.since(from, `/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(create.map((call) => [call.method, call.json])).toEqual([["POST", { Name: "Dee", City: "Paris" }]]);
    const created = nocodb.rows.find((row) => row.Name === "Dee");
    expect(created).toMatchObject({ City: "Paris" });
    expect(nocodb.links.at(-1)).toEqual({
      columnId: "c_friends",
      recordId: String(created?.Id),
      ids: [{ Id: 1 }, { Id: 3 }],
    });
  });

  it("updates every record matching the filter", async () => {
    const from = nocodb.received.length;
    const { reply } = await run("nocodb", {
      credentialsId: credentials.nocodb,
      action: "Update Existing Record",
      tableId: NOCODB_TABLE,
      filter: { comparisons: [{ input: "City", operator: "Equal to", value: "Paris" }] },
      updates: [{ fieldName: "City", value: "Nice" }],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [list, patch] = nocodb.since(from, `/api/v2/tables/${NOCODB_TABLE}/records`);
    expect(list.query.get("where")).toBe("(City,eq,Paris)");
    expect(patch.method).toBe("PATCH");
    expect(patch.json).toEqual(
      nocodb.rows.filter((row) => row.City === "Nice").map((row) => ({ Id: row.Id, City: "Nice" })),
    );
    expect(patch.json.length).toBeGreaterThanOrEqual(2);
    for (const row of nocodb.rows) if (row.City === "Nice") row.City = "Paris";
  });

  it("refuses an update without a filter, and logs a missing table", async () => {
    const from = nocodb.received.length;
    const noFilter = await run("nocodb", {
      credentialsId: credentials.nocodb,
      action: "Update Existing Record",
      tableId: NOCODB_TABLE,
      updates: [{ fieldName: "City", value: "Nice" }],
    });
    expect(noFilter.reply.logs).toEqual([{ status: "error", description: "At least one filter is required" }]);
    expect(nocodb.since(from)).toEqual([]);
    const missingTable = await run("nocodb", {
      credentialsId: credentials.nocodb,
      action: "Create Record",
      tableId: "tbl_gone",
      fields: [{ key: "Name", value: "X" }],
    });
    expect(missingTable.reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 404",
        details: `{"msg":"Table 'tbl_gone' not found"}`,
        context: "While creating NocoDB record",
      },
    ]);
  });
});

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
    const from = segment.received.length;
    const { reply, texts } = await run("segment", { credentialsId: credentials.segment, action, ...options }, "Done");
    expect(reply.logs ?? []).toEqual([]);
    expect(texts).toEqual(["Done"]);
    const [call] = segment.since(from);
    expect(call.path).toBe(path);
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${SEGMENT_WRITE_KEY}:`).toString("base64")}`);
    expect(call.json).toEqual(body);
  });

  it("logs the empty required fields instead of sending, and a refused key with context", async () => {
    const from = segment.received.length;
    const missing = await run("segment", { credentialsId: credentials.segment, action: "Track", userId: "" }, "Done");
    expect(missing.reply.logs).toEqual([
      { status: "error", description: "Segment Track: Missing required fields (Event name, User ID)" },
    ]);
    expect(segment.since(from)).toEqual([]);
    const refused = await run(
      "segment",
      { credentialsId: credentials.segmentWrong, action: "Alias", userId: "a", previousId: "b" },
      "Done",
    );
    expect(refused.texts).toEqual(["Done"]);
    expect(refused.reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"success":false,"message":"Invalid write key"}',
        context: "While sending the Alias call to Segment",
      },
    ]);
  });
});

describe("PostHog", () => {
  it("captures an identified event with properties, person properties and groups", async () => {
    const from = posthog.received.length;
    const { reply } = await run("posthog", {
      credentialsId: credentials.posthog,
      action: "Capture",
      distinctId: "user-{{City}}",
      event: "Booked",
      properties: [{ key: "city", value: "{{City}}" }],
      personProperties: [{ key: "plan", value: "pro" }],
      groups: [{ type: "company", key: "acme" }],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [call] = posthog.since(from);
    expect(call.path).toBe("/i/v0/e/");
    expect(call.json).toEqual({
      api_key: POSTHOG_PROJECT_KEY,
      event: "Booked",
      distinct_id: "user-Paris",
      properties: { city: "Paris", $set: { plan: "pro" }, $groups: { company: "acme" } },
    });
  });

  it("captures an anonymous event under a fresh id without a person profile", async () => {
    const from = posthog.received.length;
    await run("posthog", { credentialsId: credentials.posthog, action: "Capture", isAnonymous: true, event: "Visit" });
    const [call] = posthog.since(from);
    expect(call.json.properties).toEqual({ $process_person_profile: false });
    expect(call.json.distinct_id).toMatch(/^\w{10,}$/);
  });

  it("identifies a group with $groupidentify", async () => {
    const from = posthog.received.length;
    await run("posthog", {
      credentialsId: credentials.posthog,
      action: "Identify Group",
      groupType: "company",
      groupKey: "acme",
      properties: [{ key: "name", value: "Acme" }],
    });
    expect(posthog.since(from)[0].json).toEqual({
      api_key: POSTHOG_PROJECT_KEY,
      event: "$groupidentify",
      distinct_id: "$company_acme",
      properties: { $group_type: "company", $group_key: "acme", $group_set: { name: "Acme" } },
    });
  });

  it("logs missing fields, a refused key and a missing credential; the flow goes on", async () => {
    const missing = await run("posthog", { credentialsId: credentials.posthog, action: "Capture", event: "X" }, "Done");
    expect(missing.reply.logs).toEqual([{ status: "error", description: "PostHog Capture: Missing required fields" }]);
    const refused = await run(
      "posthog",
      { credentialsId: credentials.posthogWrong, action: "Capture", distinctId: "u", event: "X" },
      "Done",
    );
    expect(refused.texts).toEqual(["Done"]);
    expect(refused.reply.logs).toEqual([
      {
        status: "error",
        description: "Request failed with status code 401",
        details: '{"type":"authentication_error","detail":"Project API key invalid."}',
        context: "While sending the event to PostHog",
      },
    ]);
    const unknown = await run("posthog", { credentialsId: "nope", action: "Capture", distinctId: "u", event: "X" });
    expect(unknown.reply.logs).toEqual([
      { status: "error", description: "Could not find credentials for block posthog" },
    ]);
  });
});

describe("Blink", () => {
  it("gets users by employee id and saves their fields", async () => {
    const from = blink.received.length;
    const { reply, vars } = await run("blink", {
      credentialsId: credentials.blink,
      action: "Get Users",
      filter: { type: "Employee ID", employeeId: "E2" },
      responseMapping: [
        { item: "Emails", variableId: "v-user" },
        { item: "First Names", variableId: "v-name" },
      ],
    });
    expect(reply.logs ?? []).toEqual([]);
    const [call] = blink.since(from);
    expect([call.path, call.query.toString(), call.headers.authorization]).toEqual([
      "/v2/user",
      "employeeId=E2",
      `Bearer ${BLINK_TOKEN}`,
    ]);
    expect(vars).toMatchObject({ User: "bob@example.com", Name: "Bob" });
  });

  it("sends a feed event in Blink's format and saves its id", async () => {
    const from = blink.received.length;
    const { reply, vars } = await run(
      "blink",
      {
        credentialsId: credentials.blink,
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
          { type: "Attachment", url: `${blink.url}/files/report.pdf` },
        ],
        pushNotification: { title: "New", text: "Look" },
        responseMapping: [{ item: "Event ID", variableId: "v-event" }],
      },
      "Event {{Event id}}",
    );
    expect(reply.logs ?? []).toEqual([]);
    expect(vars["Event id"]).toBe("evt-42");
    const [post] = blink.since(from, "/v2/feed/events");
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
            download_url: `${blink.url}/files/report.pdf`,
            open_url: `${blink.url}/files/report.pdf`,
          },
        ],
      },
      category: "news",
      user_ids: ["u-1"],
      notification_title: "New",
      notification_text: "Look",
    });
  });

  it("logs missing recipients, an unknown action and a refused token; the flow goes on", async () => {
    const noRecipients = await run("blink", {
      credentialsId: credentials.blink,
      action: "Send Feed Event",
      sections: [{ type: "Text", value: "Hi" }],
    });
    expect(noRecipients.reply.logs).toEqual([
      { status: "error", description: "You must supply at least one user ID or group ID." },
    ]);
    const unknown = await run("blink", { credentialsId: credentials.blink, action: "Teleport" });
    expect(unknown.reply.logs).toEqual([{ status: "error", description: 'blink has no action "Teleport"' }]);
    const refused = await run(
      "blink",
      { credentialsId: credentials.blinkWrong, action: "Get Users", filter: { type: "User ID", userId: "u-1" } },
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
