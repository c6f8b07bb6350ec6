/** Realistic v6 bot documents shared by the end-to-end tests. */
export const richText = (text: string) => [{ type: "p", children: [{ text }] }];

export function greetingBot() {
  return {
    name: "Greeting bot",
    events: [{ id: "ev-start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e-start" }],
    groups: [
      {
        id: "g-hello",
        title: "Hello",
        graphCoordinates: { x: 200, y: 0 },
        blocks: [
          { id: "b-hello", type: "text", content: { richText: richText("Hello! What is your name?") } },
          { id: "b-name", type: "text input", options: { variableId: "v-name", labels: { placeholder: "Your name" } } },
          { id: "b-thanks", type: "text", content: { richText: richText("Nice to meet you, {{Name}}.") } },
        ],
      },
    ],
    edges: [{ id: "e-start", from: { eventId: "ev-start" }, to: { groupId: "g-hello" } }],
    variables: [{ id: "v-name", name: "Name" }],
    theme: { general: { font: "Open Sans" } },
    settings: { general: { isBrandingEnabled: false } },
  };
}
