/**
 * A bot as the reference product exports it, unchanged: schema version "5" (a start block in its own
 * group, items carrying `blockId`, edges from groups), brand-named fields (`typebotId`, `whatsApp`,
 * `googleTagManagerId`, a "Typebot link" block), written from the facts of engine-facts §0, §1 and §7.
 */
export function referenceExport() {
  return {
    id: "clref0000000000000000001",
    version: "5",
    name: "Support desk (reference export)",
    icon: "🛟",
    workspaceId: "clrefworkspace0000000001",
    folderId: null,
    publicId: "support-desk",
    customDomain: null,
    createdAt: "2024-03-01T10:00:00.000Z",
    updatedAt: "2024-03-02T10:00:00.000Z",
    isArchived: false,
    isClosed: false,
    whatsAppCredentialsId: null,
    riskLevel: null,
    selectedThemeTemplateId: null,
    resultsTablePreferences: { columnsOrder: [], columnsVisibility: {}, columnsWidth: [] },
    events: null,
    variables: [
      { id: "vemail", name: "Email" },
      { id: "vtopic", name: "Topic" },
    ],
    theme: {
      general: { font: "Open Sans", background: { type: "Color", content: "#ffffff" } },
      chat: { hostBubbles: { backgroundColor: "#F7F8FF", color: "#303235" } },
    },
    settings: {
      general: { isBrandingEnabled: false, isInputPrefillEnabled: false },
      typingEmulation: { enabled: false, speed: 300, maxDelay: 1.5 },
      metadata: { description: "Ask support", googleTagManagerId: "GTM-REF1" },
      whatsApp: { isEnabled: false },
    },
    groups: [
      {
        id: "gstart",
        title: "Start",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: "bstart", groupId: "gstart", type: "start", label: "Start", outgoingEdgeId: "e1" }],
      },
      {
        id: "gwelcome",
        title: "Welcome",
        graphCoordinates: { x: 360, y: 0 },
        blocks: [
          {
            id: "bhello",
            groupId: "gwelcome",
            type: "text",
            content: {
              richText: [{ type: "p", children: [{ text: "Welcome to " }, { text: "Acme support", bold: true }] }],
            },
          },
          {
            id: "bemail",
            groupId: "gwelcome",
            type: "email input",
            options: {
              variableId: "vemail",
              labels: { placeholder: "Your work email", button: "Go" },
              retryMessageContent: "That is not an e-mail address.",
            },
          },
          {
            id: "btopic",
            groupId: "gwelcome",
            type: "choice input",
            options: { buttonLabel: "Send", isMultipleChoice: false, variableId: "vtopic" },
            items: [
              { id: "isales", blockId: "btopic", type: 0, content: "Sales", outgoingEdgeId: "e2" },
              { id: "ibug", blockId: "btopic", type: 0, content: "A bug", outgoingEdgeId: "e3" },
            ],
          },
        ],
      },
      {
        id: "gsales",
        title: "Sales",
        graphCoordinates: { x: 760, y: -120 },
        blocks: [
          {
            id: "bsales",
            groupId: "gsales",
            type: "text",
            content: { richText: [{ type: "p", children: [{ text: "Our sales team will write to {{Email}}." }] }] },
          },
        ],
      },
      {
        id: "gbug",
        title: "Bug",
        graphCoordinates: { x: 760, y: 160 },
        blocks: [
          {
            id: "bbug",
            groupId: "gbug",
            type: "text",
            content: {
              richText: [{ type: "p", children: [{ text: "Sorry about that. We answer bugs within a day." }] }],
            },
          },
          { id: "blink", groupId: "gbug", type: "Typebot link", options: { typebotId: "current", groupId: "gsales" } },
        ],
      },
    ],
    edges: [
      { id: "e1", from: { groupId: "gstart", blockId: "bstart" }, to: { groupId: "gwelcome" } },
      { id: "e2", from: { groupId: "gwelcome", blockId: "btopic", itemId: "isales" }, to: { groupId: "gsales" } },
      { id: "e3", from: { groupId: "gwelcome", blockId: "btopic", itemId: "ibug" }, to: { groupId: "gbug" } },
    ],
  };
}
