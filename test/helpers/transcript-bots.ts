import { buildBot, edge, say } from "./bot-builder.js";

/**
 * The two flows of the reference product's viewer tests of the Transcript variable (its
 * `transcript.spec.ts`), rebuilt in Parley's terms: same shape and texts, our own ids. Engine tests
 * run them through `engineBot`, server tests through `buildBot`.
 */

/**
 * A loop of three questions. Each pass jumps to a group that says "Let me think..." and returns, then
 * asks "How are you? You said {{Answer}}" (the previous answer, empty on the first pass); after the
 * third answer a Transcript is set and shown.
 */
export function loopWithJumpAndReturn() {
  return {
    groups: [
      {
        id: "g-init",
        blocks: [
          {
            id: "b-count-zero",
            type: "Set variable",
            options: { variableId: "vCount", expressionToEvaluate: "0" },
            outgoingEdgeId: "e-ask",
          },
        ],
      },
      {
        id: "g-ask",
        blocks: [
          { id: "b-jump", type: "Jump", options: { groupId: "g-think" } },
          say("b-how", "How are you? You said {{Answer}}"),
          { id: "b-answer", type: "text input", options: { variableId: "vAnswer" } },
          {
            id: "b-count-up",
            type: "Set variable",
            options: { variableId: "vCount", expressionToEvaluate: "{{Answers count}} + 1" },
            outgoingEdgeId: "e-check",
          },
        ],
      },
      {
        id: "g-check",
        blocks: [
          {
            id: "b-third",
            type: "Condition",
            items: [
              {
                id: "i-third",
                outgoingEdgeId: "e-transcript",
                content: {
                  comparisons: [{ id: "c-third", variableId: "vCount", comparisonOperator: "Equal to", value: "3" }],
                },
              },
            ],
            outgoingEdgeId: "e-again",
          },
        ],
      },
      {
        id: "g-transcript",
        blocks: [
          { id: "b-transcript", type: "Set variable", options: { variableId: "vTranscript", type: "Transcript" } },
          say("b-show", "{{Transcript}}"),
        ],
      },
      { id: "g-think", blocks: [say("b-think", "Let me think..."), { id: "b-return", type: "Return" }] },
    ],
    edges: [
      edge("e-ask", "g-ask"),
      edge("e-check", "g-check"),
      edge("e-transcript", "g-transcript"),
      edge("e-again", "g-ask"),
    ],
    variables: [
      { id: "vCount", name: "Answers count", isSessionVariable: true },
      { id: "vTranscript", name: "Transcript", isSessionVariable: true },
      { id: "vAnswer", name: "Answer", isSessionVariable: true },
    ],
    settings: { typingEmulation: { enabled: false } },
  };
}

/**
 * A chat loop that shows its own Transcript before each question: an intro of two bubbles, then a
 * group that sets the Transcript, shows it and asks; every answer gets "Test" and comes back to it.
 */
export function transcriptShownInLoop() {
  return {
    groups: [
      {
        id: "g-intro",
        blocks: [say("b-hi", "Hi there 👋"), { ...say("b-help", "How can I help?"), outgoingEdgeId: "e-ask" }],
      },
      {
        id: "g-ask",
        blocks: [
          { id: "b-transcript", type: "Set variable", options: { variableId: "vTranscript", type: "Transcript" } },
          say("b-show", "{{Transcript}}"),
          { id: "b-message", type: "text input", options: { variableId: "vMessage" }, outgoingEdgeId: "e-reply" },
        ],
      },
      { id: "g-reply", blocks: [{ ...say("b-test", "Test"), outgoingEdgeId: "e-back" }] },
    ],
    edges: [edge("e-ask", "g-ask"), edge("e-reply", "g-reply"), edge("e-back", "g-ask")],
    variables: [
      { id: "vTranscript", name: "Transcript", isSessionVariable: true },
      { id: "vMessage", name: "User Message", isSessionVariable: false },
    ],
    settings: { typingEmulation: { enabled: false } },
  };
}

/** Either flow as a whole bot for the server. */
export const asBot = (flow: ReturnType<typeof loopWithJumpAndReturn>) => buildBot(flow);
