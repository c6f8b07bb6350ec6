import type { BlockType, ForgedBlockType } from "../../src/schemas/blocks/index.js";
import { forgedBlockTypes } from "../../src/schemas/blocks/index.js";

const condition = {
  logicalOperator: "AND",
  comparisons: [{ id: "cmp1", variableId: "v-age", comparisonOperator: "Greater than", value: "17" }],
};

/** One realistic block per v6 type, holding only keys the schemas know, so parsing returns it unchanged. */
const builtInSamples: Record<Exclude<BlockType, ForgedBlockType>, Record<string, unknown>> = {
  text: {
    id: "b-text",
    type: "text",
    content: {
      richText: [{ type: "p", children: [{ text: "Hello " }, { text: "{{Name}}", bold: true }] }],
      html: "<p>Hello {{Name}}</p>",
      plainText: "Hello {{Name}}",
    },
  },
  image: {
    id: "b-image",
    type: "image",
    content: { url: "https://example.com/cat.png", clickLink: { url: "https://example.com", alt: "A cat" } },
  },
  video: {
    id: "b-video",
    type: "video",
    content: {
      url: "https://youtu.be/abc123",
      type: "youtube",
      id: "abc123",
      height: "{{Height}}",
      aspectRatio: "16/9",
      isAutoplayEnabled: false,
    },
  },
  embed: {
    id: "b-embed",
    type: "embed",
    content: {
      url: "https://cal.example.com",
      height: 600,
      waitForEvent: { isEnabled: true, name: "booked", saveDataInVariableId: "v-booking" },
    },
  },
  audio: { id: "b-audio", type: "audio", content: { url: "https://example.com/hello.mp3", isAutoplayEnabled: true } },
  "text input": {
    id: "b-text-input",
    outgoingEdgeId: "e1",
    type: "text input",
    options: {
      variableId: "v-name",
      labels: { placeholder: "Your name", button: "OK" },
      isLong: false,
      inputMode: "text",
      attachments: { isEnabled: true, saveVariableId: "v-files", visibility: "Private" },
    },
  },
  "number input": {
    id: "b-number",
    type: "number input",
    options: { variableId: "v-age", min: 0, max: "{{Max}}", step: 1, locale: "fr-FR", style: "unit", unit: "kilogram" },
  },
  "email input": {
    id: "b-email",
    type: "email input",
    options: { variableId: "v-email", retryMessageContent: "Try again" },
  },
  "url input": { id: "b-url", type: "url input", options: { labels: { placeholder: "https://" } } },
  "phone number input": {
    id: "b-phone",
    type: "phone number input",
    options: { variableId: "v-phone", defaultCountryCode: "FR" },
  },
  "date input": {
    id: "b-date",
    type: "date input",
    options: {
      hasTime: true,
      isRange: true,
      labels: { from: "Start", to: "End", separator: "-" },
      format: "yyyy-MM-dd HH:mm",
      min: "{{Today}}",
    },
  },
  "time input": { id: "b-time", type: "time input", options: { labels: { button: "Pick" }, format: "h:mm a" } },
  "choice input": {
    id: "b-choice",
    type: "choice input",
    items: [
      { id: "i1", outgoingEdgeId: "e2", content: "Yes", value: "yes" },
      { id: "i2", content: "Adult only", displayCondition: { isEnabled: true, condition } },
    ],
    options: {
      variableId: "v-answer",
      isMultipleChoice: true,
      buttonLabel: "Done",
      isSearchable: true,
      dynamicVariableId: "v-list",
    },
  },
  "picture choice input": {
    id: "b-picture",
    type: "picture choice input",
    items: [{ id: "p1", pictureSrc: "https://example.com/a.png", title: "A", description: "First", value: "a" }],
    options: { dynamicItems: { isEnabled: true, titlesVariableId: "v-titles", pictureSrcsVariableId: "v-pics" } },
  },
  "payment input": {
    id: "b-payment",
    type: "payment input",
    options: {
      provider: "Stripe",
      amount: "{{Price}}",
      currency: "EUR",
      credentialsId: "cred1",
      labels: { button: "Pay now" },
      additionalInformation: { name: "{{Name}}", address: { country: "FR", city: "Paris" } },
    },
  },
  "rating input": {
    id: "b-rating",
    type: "rating input",
    options: {
      buttonType: "Icons",
      length: 5,
      startsAt: 1,
      labels: { left: "Bad", right: "Great" },
      customIcon: { isEnabled: true, svg: "<svg/>" },
    },
  },
  "file input": {
    id: "b-file",
    type: "file input",
    options: {
      isRequired: false,
      isMultipleAllowed: true,
      allowedFileTypes: { isEnabled: true, types: ["pdf", "png"] },
      capture: "environment",
      visibility: "Public",
      labels: { success: { multiple: "{total} done" } },
    },
  },
  cards: {
    id: "b-cards",
    type: "cards",
    items: [
      {
        id: "c1",
        imageUrl: "https://example.com/shoe.png",
        title: "Shoe",
        description: null,
        options: { internalValue: "sku-1", displayCondition: { isEnabled: false } },
        paths: [{ id: "path1", text: "Buy", outgoingEdgeId: "e3" }],
      },
    ],
    options: { saveResponseMapping: [{ field: "Title", variableId: "v-product" }] },
  },
  "Set variable": {
    id: "b-set",
    type: "Set variable",
    options: { variableId: "v-total", type: "Custom", expressionToEvaluate: "{{A}} + {{B}}", isCode: true },
  },
  Condition: {
    id: "b-condition",
    outgoingEdgeId: "e-else",
    type: "Condition",
    items: [{ id: "ci1", outgoingEdgeId: "e-adult", content: condition }, { id: "ci2" }],
  },
  Redirect: { id: "b-redirect", type: "Redirect", options: { url: "https://example.com/{{Page}}", isNewTab: true } },
  Code: {
    id: "b-code",
    type: "Code",
    options: { name: "Track", content: "console.log({{Name}})", isExecutedOnClient: false },
  },
  "Bot link": { id: "b-link", type: "Bot link", options: { botId: "current", groupId: "g-faq", mergeResults: true } },
  Wait: { id: "b-wait", type: "Wait", options: { secondsToWaitFor: "{{Delay}}", shouldPause: true } },
  "AB test": {
    id: "b-ab",
    type: "AB test",
    items: [
      { id: "ab-a", outgoingEdgeId: "e-a", path: "a" },
      { id: "ab-b", path: "b" },
    ],
    options: { aPercent: 30 },
  },
  webhook: {
    id: "b-listen",
    type: "webhook",
    options: { responseVariableMapping: [{ id: "m1", variableId: "v-status", bodyPath: "data.status" }] },
  },
  "hand off": {
    id: "b-hand-off",
    type: "hand off",
    outgoingEdgeId: "e-back",
    options: {
      waitingMessage: "Hold on {{Name}}, a person is coming",
      teamNote: "Refund question",
      timeoutSeconds: 300,
      noOperatorEdgeId: "e-nobody",
      displayOperatorName: true,
    },
  },
  Jump: { id: "b-jump", type: "Jump", options: { groupId: "g-start", blockId: "b-text" } },
  Return: { id: "b-return", type: "Return" },
  Webhook: {
    id: "b-http",
    type: "Webhook",
    options: {
      webhook: {
        method: "PATCH",
        url: "https://api.example.com/users/{{Id}}",
        headers: [{ id: "h1", key: "Authorization", value: "Bearer x" }],
        queryParams: [],
        body: '{"name": "{{Name}}"}',
      },
      isCustomBody: true,
      timeout: 30,
      responseVariableMapping: [{ id: "r1", variableId: "v-id", bodyPath: "data.id" }],
    },
  },
  Zapier: { id: "b-zapier", type: "Zapier", options: { webhook: { url: "https://hooks.zapier.com/x" } } },
  "Make.com": {
    id: "b-make",
    type: "Make.com",
    options: { webhook: { url: "https://hook.make.com/x", method: "POST" } },
  },
  Pabbly: { id: "b-pabbly", type: "Pabbly", options: { isExecutedOnClient: true } },
  Email: {
    id: "b-email-send",
    type: "Email",
    options: {
      credentialsId: "default",
      recipients: ["{{Email}}"],
      subject: "Thanks",
      body: "Hi {{Name}}",
      cc: ["team@example.com"],
      attachmentsVariableId: "v-files",
    },
  },
  "Google Sheets": {
    id: "b-sheets",
    type: "Google Sheets",
    options: {
      credentialsId: "g1",
      spreadsheetId: "s1",
      sheetId: "0",
      action: "Get data from sheet",
      filter: {
        logicalOperator: "OR",
        comparisons: [{ id: "f1", column: "Email", comparisonOperator: "Equal to", value: "{{Email}}" }],
      },
      cellsToExtract: [{ id: "x1", column: "Name", variableId: "v-name" }],
      totalRowsToExtract: "First",
    },
  },
  OpenAI: {
    id: "b-openai-legacy",
    type: "OpenAI",
    options: {
      task: "Create chat completion",
      credentialsId: "o1",
      model: "gpt-4o",
      messages: [
        { id: "m1", role: "system", content: "Be brief" },
        { id: "m2", role: "Dialogue", dialogueVariableId: "v-dialogue", startsBy: "user" },
      ],
      advancedSettings: { temperature: "0.7" },
      responseMapping: [{ id: "rm1", valueToExtract: "Message content", variableId: "v-reply" }],
    },
  },
  "Google Analytics": {
    id: "b-ga",
    type: "Google Analytics",
    options: { trackingId: "G-123", category: "Chat", action: "Completed", value: 5 },
  },
  Chatwoot: {
    id: "b-chatwoot",
    type: "Chatwoot",
    options: { task: "Show widget", websiteToken: "tok", user: { email: "{{Email}}" } },
  },
  Pixel: {
    id: "b-pixel",
    type: "Pixel",
    options: {
      pixelId: "px1",
      eventType: "Custom",
      name: "Signup",
      params: [{ id: "pp1", key: "value", value: "10" }],
    },
  },
  "search knowledge": {
    id: "b-search-knowledge",
    type: "search knowledge",
    options: { knowledgeBaseId: "kb1", query: "{{Question}}", limit: 3, hitsVariableId: "v-reply" },
  },
  "knowledge answer": {
    id: "b-knowledge-answer",
    type: "knowledge answer",
    items: [{ id: "i-no-match", outgoingEdgeId: "e-no-match" }],
    options: {
      knowledgeBaseId: "kb1",
      threshold: 0.4,
      provider: "anthropic",
      credentialsId: "c1",
      model: "claude-3-5-haiku",
      answerVariableId: "v-reply",
    },
  },
};

const forgedSamples: Partial<Record<ForgedBlockType, Record<string, unknown>>> = Object.fromEntries(
  forgedBlockTypes.map((type) => [
    type,
    { id: `b-${type}`, type, options: { credentialsId: "c1", action: "Run", prompt: "Hi" } },
  ]),
);

export const blockSamples = { ...builtInSamples, ...forgedSamples } as Record<BlockType, Record<string, unknown>>;
