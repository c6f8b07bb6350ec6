// The realistic bot the benchmark publishes: 10 groups, text bubbles with variables, text, e-mail,
// number and choice inputs, a condition and a Set variable with a Custom expression. Variable ids are
// identifiers, as the builder makes them, so that code can name them.
const text = (id, value) => ({ id, type: "text", content: { richText: [{ type: "p", children: [{ text: value }] }] } });
const group = (id, x, blocks) => ({ id, title: id, graphCoordinates: { x, y: 0 }, blocks });
const edge = (id, groupId) => ({ id, from: { blockId: "editor" }, to: { groupId } });

export function benchBot() {
  return {
    name: "Benchmark bot",
    events: [{ id: "start", type: "start", graphCoordinates: { x: 0, y: 0 }, outgoingEdgeId: "e1" }],
    groups: [
      group("welcome", 100, [
        text("t1", "Hi! I am the benchmark bot. What is your name?"),
        { id: "in-name", type: "text input", options: { variableId: "vName" }, outgoingEdgeId: "e2" },
      ]),
      group("mail", 200, [
        text("t2", "Nice to meet you, {{Name}}. Your e-mail?"),
        { id: "in-mail", type: "email input", options: { variableId: "vMail" }, outgoingEdgeId: "e3" },
      ]),
      group("age", 300, [
        text("t3", "How old are you, {{Name}}?"),
        { id: "in-age", type: "number input", options: { variableId: "vAge", min: 1, max: 120 }, outgoingEdgeId: "e4" },
      ]),
      group("compute", 400, [
        {
          id: "set-double",
          type: "Set variable",
          options: { variableId: "vDouble", expressionToEvaluate: "{{Age}} * 2" },
          outgoingEdgeId: "e5",
        },
      ]),
      group("plan", 500, [
        text("t5", "Twice your age is {{Double}}. Which plan do you want?"),
        {
          id: "in-plan",
          type: "choice input",
          options: { variableId: "vPlan" },
          items: [
            { id: "basic", content: "Basic", outgoingEdgeId: "e6" },
            { id: "pro", content: "Pro", outgoingEdgeId: "e7" },
            { id: "enterprise", content: "Enterprise", outgoingEdgeId: "e7" },
          ],
        },
      ]),
      group("basic", 600, [{ ...text("t6", "Basic it is, {{Name}}."), outgoingEdgeId: "e8" }]),
      group("pro", 600, [{ ...text("t7", "Great choice: {{Plan}}."), outgoingEdgeId: "e9" }]),
      group("check", 700, [
        {
          id: "cond",
          type: "Condition",
          items: [
            {
              id: "older",
              outgoingEdgeId: "e10",
              content: {
                logicalOperator: "AND",
                comparisons: [{ id: "c1", variableId: "vAge", comparisonOperator: "Greater than", value: "30" }],
              },
            },
          ],
          outgoingEdgeId: "e11",
        },
      ]),
      group("feedback", 800, [
        text("t9", "You have some experience, {{Name}}. Any feedback?"),
        {
          id: "in-feedback",
          type: "text input",
          options: { variableId: "vFeedback", isLong: true },
          outgoingEdgeId: "e12",
        },
      ]),
      group("bye", 900, [text("t10", "Thanks {{Name}}, we will write to {{Email}} about the {{Plan}} plan.")]),
    ],
    edges: [
      edge("e1", "welcome"),
      edge("e2", "mail"),
      edge("e3", "age"),
      edge("e4", "compute"),
      edge("e5", "plan"),
      edge("e6", "basic"),
      edge("e7", "pro"),
      edge("e8", "check"),
      edge("e9", "check"),
      edge("e10", "feedback"),
      edge("e11", "bye"),
      edge("e12", "bye"),
    ],
    variables: [
      { id: "vName", name: "Name" },
      { id: "vMail", name: "Email" },
      { id: "vAge", name: "Age" },
      { id: "vDouble", name: "Double" },
      { id: "vPlan", name: "Plan" },
      { id: "vFeedback", name: "Feedback" },
    ],
    theme: { general: { font: "Open Sans" } },
    settings: {},
  };
}

/** What a visitor answers to each input of the benchmark bot. */
export const answers = {
  "in-name": "Ada",
  "in-mail": "Ada@Example.com",
  "in-age": "36",
  "in-plan": "Pro",
  "in-feedback": "Quick and clear.",
};
