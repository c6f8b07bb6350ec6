import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  botCreateInputSchema,
  botDocumentSchema,
  botSchema,
  botUpdateInputSchema,
  edgeSchema,
  eventSchema,
  groupSchema,
  publicIdSchema,
  publishedBotSchema,
  resultsTablePreferencesSchema,
  settingsSchema,
  themeSchema,
  variableSchema,
} from "../../src/schemas/bot.js";
import { blockSchema } from "../../src/schemas/blocks/index.js";

const border = { thickness: 1, color: "#e5e7eb", roundeness: "none", customRoundeness: 6, opacity: 1 };
const surface = { backgroundColor: "#ffffff", color: "#111111", blur: 0, opacity: 1, shadow: "none", border };

/** Every path of the spec's Theme and Settings tables. */
const theme = {
  general: {
    font: "Open Sans",
    background: { type: "Color", content: "#ffffff" },
    progressBar: {
      isEnabled: true,
      color: "#0042da",
      backgroundColor: "#e0edff",
      placement: "Top",
      thickness: 4,
      position: "fixed",
    },
  },
  chat: {
    container: { maxWidth: "800px", maxHeight: "100%", ...surface },
    hostAvatar: { isEnabled: true, url: "https://example.com/bot.png" },
    guestAvatar: { isEnabled: false, url: "" },
    hostBubbles: surface,
    guestBubbles: surface,
    buttons: surface,
    inputs: { ...surface, placeholderColor: "#9095a0" },
    roundness: "none",
  },
  customCss: ".host-bubble { font-weight: bold; }",
};

const settings = {
  general: {
    isBrandingEnabled: false,
    isTypingEmulationEnabled: true,
    isInputPrefillEnabled: false,
    isHideQueryParamsEnabled: true,
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: true, storage: "session" },
    systemMessages: { invalidMessage: "Sorry?", botClosed: "Closed for today" },
  },
  typingEmulation: { enabled: true, speed: 400, maxDelay: 3, delayBetweenBubbles: 0, isDisabledOnFirstMessage: true },
  metadata: {
    title: "Support",
    description: "Ask us",
    imageUrl: "https://example.com/og.png",
    favIconUrl: "https://example.com/f.ico",
    customHeadCode: "<meta name=x>",
    tagManagerId: "GTM-1",
  },
  chatApp: {
    isEnabled: false,
    startCondition: {
      logicalOperator: "OR",
      comparisons: [{ id: "sc1", comparisonOperator: "Equal to", value: "start" }],
    },
    sessionExpiryTimeout: 4,
  },
  publicShare: { isEnabled: false },
  security: { allowedOrigins: ["https://example.com"] },
};

const document = {
  version: "6",
  groups: [
    {
      id: "g1",
      title: "Group #1",
      graphCoordinates: { x: 120, y: 40 },
      blocks: [
        {
          id: "b1",
          type: "text",
          content: { html: "<p>Hi</p>", richText: [{ type: "p", children: [{ text: "Hi" }] }], plainText: "Hi" },
        },
        { id: "b2", outgoingEdgeId: "e2", type: "text input", options: { variableId: "v1" } },
      ],
    },
    { id: "g2", title: "Group #2", graphCoordinates: { x: 500, y: 40 }, blocks: [{ id: "b3", type: "Return" }] },
  ],
  events: [
    { id: "ev1", outgoingEdgeId: "e1", graphCoordinates: { x: 0, y: 0 }, type: "start" },
    {
      id: "ev2",
      graphCoordinates: { x: 0, y: 200 },
      type: "command",
      options: { command: "restart", resumeAfter: false },
    },
    {
      id: "ev3",
      graphCoordinates: { x: 0, y: 400 },
      type: "reply",
      options: { contentVariableId: "v1", inputTypeVariableId: "v2" },
    },
    { id: "ev4", graphCoordinates: { x: 0, y: 600 }, type: "invalidReply", options: { inputNameVariableId: "v2" } },
  ],
  edges: [
    { id: "e1", from: { eventId: "ev1" }, to: { groupId: "g1" } },
    { id: "e2", from: { blockId: "b2", itemId: "i1" }, to: { groupId: "g2", blockId: "b3" } },
  ],
  variables: [
    { id: "v1", name: "Name", isSessionVariable: false, value: "Ada" },
    { id: "v2", name: "Tags", value: ["a", null] },
    { id: "v3", name: "Empty", value: null },
    { id: "v4", name: "Unset" },
  ],
  theme,
  settings,
};

const bot = {
  ...document,
  id: "bot1",
  name: "Support bot",
  selectedThemeTemplateId: null,
  createdAt: "2024-05-01T10:00:00.000Z",
  updatedAt: "2024-05-02T10:00:00.000Z",
  icon: null,
  folderId: null,
  publicId: "support-bot-ab12cd3",
  customDomain: null,
  workspaceId: "ws1",
  resultsTablePreferences: { columnsOrder: ["b2"], columnsVisibility: { b2: true }, columnsWidth: { b2: 200 } },
  isArchived: false,
  isClosed: false,
  chatAppCredentialsId: null,
  riskLevel: null,
};

const issuePaths = (error: z.ZodError | undefined) => error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("botSchema", () => {
  test("parses a full bot of the spec's shape unchanged", () => {
    expect(botSchema.parse(bot)).toEqual(bot);
  });

  test("requires every field of the resource, null where unset", () => {
    const { icon: _icon, ...withoutIcon } = bot;
    expect(issuePaths(botSchema.safeParse(withoutIcon).error)).toEqual(["icon"]);
  });
});

describe("botDocumentSchema", () => {
  test("parses the engine's part of a bot unchanged", () => {
    expect(botDocumentSchema.parse(document)).toEqual(document);
  });

  test("requires the start event first", () => {
    const events = [document.events[1], document.events[0]];
    const result = botDocumentSchema.safeParse({ ...document, events });
    expect(issuePaths(result.error)).toContain("events.0.type");
  });

  test("rejects a second start event", () => {
    const events = [document.events[0], { ...document.events[0], id: "ev9" }];
    expect(issuePaths(botDocumentSchema.safeParse({ ...document, events }).error)).toEqual(["events.1.type"]);
  });

  test("accepts only version 6, which the upgrade produces", () => {
    expect(issuePaths(botDocumentSchema.safeParse({ ...document, version: "5" }).error)).toEqual(["version"]);
  });

  test("rejects variable values other than text, lists of text and null", () => {
    expect(issuePaths(variableSchema.safeParse({ id: "v", name: "n", value: 3 }).error)).toEqual(["value"]);
    expect(issuePaths(variableSchema.safeParse({ id: "v", name: "n", value: [1] }).error)).toEqual(["value"]);
  });

  test("accepts an edge from an event or from a block, item or card path", () => {
    expect(edgeSchema.parse({ id: "e", from: { eventId: "ev" }, to: { groupId: "g" } }).from).toEqual({
      eventId: "ev",
    });
    expect(edgeSchema.parse({ id: "e", from: { blockId: "b", pathId: "p" }, to: { groupId: "g" } }).from).toEqual({
      blockId: "b",
      pathId: "p",
    });
    expect(edgeSchema.safeParse({ id: "e", from: {}, to: { groupId: "g" } }).success).toBe(false);
  });

  test("rejects theme and settings values outside their enums", () => {
    expect(issuePaths(themeSchema.safeParse({ chat: { hostBubbles: { shadow: "huge" } } }).error)).toEqual([
      "chat.hostBubbles.shadow",
    ]);
    expect(issuePaths(settingsSchema.safeParse({ general: { rememberUser: { storage: "cookie" } } }).error)).toEqual([
      "general.rememberUser.storage",
    ]);
  });

  test("accepts a font given as a Google or custom font description", () => {
    expect(themeSchema.parse({ general: { font: { type: "Custom", family: "Inter", css: "@font-face{}" } } })).toEqual({
      general: { font: { type: "Custom", family: "Inter", css: "@font-face{}" } },
    });
  });
});

describe("publishedBotSchema", () => {
  test("parses a published bot unchanged", () => {
    const published = { id: "pub1", createdAt: bot.createdAt, updatedAt: bot.updatedAt, botId: "bot1", ...document };
    expect(publishedBotSchema.parse(published)).toEqual(published);
  });
});

describe("publicId", () => {
  test.each(["support", "support-bot-2", "a", "9lives", "trailing-", "x".repeat(255)])("accepts %s", (publicId) => {
    expect(publicIdSchema.safeParse(publicId).success).toBe(true);
  });

  test.each(["", "-support", "Support", "support bot", "support.bot", "a--b", "x".repeat(256)])(
    "rejects %j",
    (publicId) => {
      expect(publicIdSchema.safeParse(publicId).success).toBe(false);
    },
  );

  test("explains the rule when the format is wrong", () => {
    const result = botCreateInputSchema.safeParse({ publicId: "My Bot" });
    expect(result.error?.issues).toMatchObject([
      {
        path: ["publicId"],
        message:
          "publicId may only contain lowercase letters, digits and single hyphens, and must not start with a hyphen",
      },
    ]);
  });

  test("explains the rule when it is too long", () => {
    const result = botUpdateInputSchema.safeParse({ publicId: "a".repeat(256) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "publicId must be at most 255 characters long",
    ]);
  });

  test("can be cleared with null in an update", () => {
    expect(botUpdateInputSchema.parse({ publicId: null })).toEqual({ publicId: null });
  });
});

describe("create and update inputs", () => {
  test("accept an empty object", () => {
    expect(botCreateInputSchema.parse({})).toEqual({});
    expect(botUpdateInputSchema.parse({})).toEqual({});
  });

  test("create accepts every listed field", () => {
    const input = {
      name: "Support bot",
      icon: "🤖",
      selectedThemeTemplateId: "tpl1",
      groups: document.groups,
      events: document.events,
      theme,
      settings,
      folderId: "f1",
      variables: document.variables,
      edges: document.edges,
      resultsTablePreferences: bot.resultsTablePreferences,
      publicId: "support",
      customDomain: "chat.example.com/support",
    };
    expect(botCreateInputSchema.parse(input)).toEqual(input);
  });

  test("update accepts null for every nullable field", () => {
    const input = {
      icon: null,
      selectedThemeTemplateId: null,
      folderId: null,
      resultsTablePreferences: null,
      publicId: null,
      customDomain: null,
      chatAppCredentialsId: null,
      riskLevel: null,
    };
    expect(botUpdateInputSchema.parse(input)).toEqual(input);
  });

  test("update takes the last-read updatedAt as an ISO timestamp", () => {
    expect(
      botUpdateInputSchema.parse({ updatedAt: "2024-05-02T10:00:00.000Z", isClosed: true, version: "6.1" }),
    ).toEqual({
      updatedAt: "2024-05-02T10:00:00.000Z",
      isClosed: true,
      version: "6.1",
    });
    expect(issuePaths(botUpdateInputSchema.safeParse({ updatedAt: "yesterday" }).error)).toEqual(["updatedAt"]);
  });

  test("reject a custom domain that is not a domain name", () => {
    expect(issuePaths(botCreateInputSchema.safeParse({ customDomain: "not a domain" }).error)).toEqual([
      "customDomain",
    ]);
  });
});

describe("JSON Schema generation", () => {
  const schemas = {
    blockSchema,
    groupSchema,
    eventSchema,
    edgeSchema,
    variableSchema,
    themeSchema,
    settingsSchema,
    resultsTablePreferencesSchema,
    botDocumentSchema,
    botSchema,
    botCreateInputSchema,
    botUpdateInputSchema,
    publishedBotSchema,
  };

  test.each(Object.entries(schemas))("%s converts for requests and responses", (_name, schema) => {
    expect(z.toJSONSchema(schema, { io: "input" })).toHaveProperty("$schema");
    expect(z.toJSONSchema(schema, { io: "output" })).toHaveProperty("$schema");
  });

  test("publicId keeps its pattern and length limit", () => {
    expect(z.toJSONSchema(publicIdSchema)).toMatchObject({
      type: "string",
      maxLength: 255,
      pattern: "^(?!.*--)[a-z0-9][a-z0-9-]*$",
    });
  });
});
