import { describe, expect, it } from "vitest";
import { chatwootExecutor } from "../../../../src/engine/blocks/integrations/chatwoot.js";
import { integrationContext } from "./integration-context.js";

const variables = [
  { id: "v-cat", name: "Category", value: "signup" },
  { id: "v-num", name: "Amount", value: "42" },
  { id: "v-zip", name: "Zip", value: "01234" },
  { id: "v-email", name: "Email", value: 'eve@example.com"); alert(1); ("' },
];

describe("Chatwoot block", () => {
  const block = {
    id: "cw",
    type: "Chatwoot" as const,
    outgoingEdgeId: "e-next",
    options: {
      websiteToken: "tok",
      baseUrl: "https://chat.example.com/",
      user: { email: "{{Email}}", name: "{{Category}}" },
    },
  };
  const scriptOf = (outcome: { clientSideActions?: unknown[] }) =>
    ((outcome.clientSideActions ?? [])[0] as { chatwoot: { scriptToExecute: { content: string; args: unknown[] } } })
      .chatwoot.scriptToExecute;

  it("opens the widget with every value written as a JSON literal", async () => {
    const outcome = await chatwootExecutor.execute(block, integrationContext({ variables }));
    const script = scriptOf(outcome);
    expect(script.args).toEqual([]);
    const settings = JSON.parse(script.content.match(/var settings = (.*);\n/)![1]);
    expect(settings).toEqual({
      baseUrl: "https://chat.example.com",
      websiteToken: "tok",
      user: {
        identifier: 'eve@example.com"); alert(1); ("',
        attributes: { email: 'eve@example.com"); alert(1); ("', name: "signup" },
      },
    });
    expect(script.content).toContain('script.src = settings.baseUrl + "/packs/js/sdk.js";');
    expect(outcome.logs).toBeUndefined();
    // The visitor's text stays inside one string literal: the script still parses as a whole.
    expect(() => new Function(script.content)).not.toThrow();
  });

  it("sends an empty script and an info log in preview", async () => {
    const outcome = await chatwootExecutor.execute(block, integrationContext({ variables, mode: "preview" }));
    expect(outcome).toEqual({
      outgoingEdgeId: "e-next",
      clientSideActions: [{ type: "chatwoot", chatwoot: { scriptToExecute: { content: "", args: [] } } }],
      logs: [{ status: "info", description: "Chatwoot block is not supported in preview" }],
    });
  });

  it("closes the widget, in preview too", async () => {
    const outcome = await chatwootExecutor.execute(
      { ...block, options: { task: "Close widget" as const } },
      integrationContext({ mode: "preview" }),
    );
    expect(scriptOf(outcome).content).toBe(
      'if (window.$chatwoot) {\n  window.$chatwoot.toggle("close");\n  window.$chatwoot.toggleBubbleVisibility("hide");\n}',
    );
    expect(outcome.logs).toBeUndefined();
  });
});
