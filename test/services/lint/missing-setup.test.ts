import { describe, expect, it } from "vitest";
import { lintBot } from "../../../src/services/lint/lint-bot.js";
import { checkMissingSetup } from "../../../src/services/lint/missing-setup.js";
import { flow, group, say } from "./lint-fixtures.js";

describe("AI and plug-in blocks not set up", () => {
  it("an imported ChatGPT template's empty model is an error on its block, before any warning", () => {
    const doc = flow({
      groups: [
        group("g1", [
          say("b-hello", "Ask me anything"),
          { id: "b-ai", type: "openai", options: { credentialsId: "cred-1", action: "Create chat completion" } },
          { id: "b-spare", type: "text" },
        ]),
      ],
    });
    const findings = lintBot(doc);
    expect(findings[0]).toEqual({
      severity: "error",
      groupId: "g1",
      blockId: "b-ai",
      message: 'OpenAI has no model: choose the model "Create chat completion" uses',
    });
    expect(findings.filter((finding) => finding.severity === "error")).toHaveLength(1);
  });

  it("names a missing credential, a missing action and a missing model, and passes finished blocks", () => {
    const doc = flow({
      groups: [
        group("g1", [
          { id: "b-claude", type: "anthropic", options: { action: "Create Chat Message", model: "claude-3-5-sonnet" } },
          { id: "b-mistral", type: "mistral", options: { credentialsId: "cred-m" } },
          { id: "b-noco", type: "nocodb", options: { action: "Search records" } },
          { id: "b-zendesk", type: "zendesk" },
          { id: "b-speech", type: "openai", options: { credentialsId: "cred-o", action: "Create speech" } },
          {
            id: "b-groq",
            type: "groq",
            options: { credentialsId: "c", action: "Create chat completion", model: "{{M}}" },
          },
          { id: "b-qr", type: "qr-code", options: { action: "Generate a QR code" } },
        ]),
      ],
    });
    expect(checkMissingSetup(doc)).toEqual([
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-claude",
        message: "Anthropic has no credentials: pick or add them in the block's settings",
      },
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-mistral",
        message: "Mistral has no action: choose what the block should do",
      },
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-noco",
        message: "NocoDB has no credentials: pick or add them in the block's settings",
      },
      {
        severity: "error",
        groupId: "g1",
        blockId: "b-zendesk",
        message: "Zendesk has no credentials: pick or add them in the block's settings",
      },
    ]);
  });
});
