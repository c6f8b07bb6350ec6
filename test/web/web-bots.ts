import { buildBot, edge, say } from "../helpers/bot-builder.js";

/** Bots the browser tests talk to. Typing emulation is off unless a test is about it: tests wait for text, not time. */
type Json = Record<string, any>;
const NO_TYPING = { typingEmulation: { enabled: false } };

/** The tour of inputs a visitor meets on the full page: text, buttons, e-mail (with a retry), date, file, rating. */
export function tourBot(settings: Json = {}, theme: Json = {}): Json {
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          {
            id: "b-welcome",
            type: "text",
            content: {
              richText: [
                { type: "p", children: [{ text: "Welcome to " }, { text: "Parley", bold: true }, { text: "!" }] },
              ],
            },
          },
          { id: "b-name", type: "text input", options: { variableId: "v-name", labels: { placeholder: "Your name" } } },
          say("b-hi", "Nice to meet you, {{Name}}."),
          {
            id: "b-plan",
            type: "choice input",
            items: [
              { id: "i-basic", content: "Basic" },
              { id: "i-pro", content: "Pro" },
            ],
            options: { variableId: "v-plan" },
          },
          { id: "b-email", type: "email input", options: { variableId: "v-email" } },
          { id: "b-date", type: "date input", options: { variableId: "v-date" } },
          {
            id: "b-file",
            type: "file input",
            options: { variableId: "v-file", allowedFileTypes: { isEnabled: true, types: ["image/png"] } },
          },
          { id: "b-rating", type: "rating input", options: { variableId: "v-rating", length: 5, startsAt: 1 } },
          say("b-bye", "Thanks {{Name}}, you chose {{Plan}} and rated {{Rating}}."),
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-plan", name: "Plan" },
      { id: "v-email", name: "Email" },
      { id: "v-date", name: "Date" },
      { id: "v-file", name: "File" },
      { id: "v-rating", name: "Rating" },
    ],
    settings: { ...NO_TYPING, metadata: { title: "Tour bot", description: "A tour of every input" }, ...settings },
    theme,
  });
}

/** A short bot for the embeds: greets, asks a name, answers with it. */
export function greeterBot(greeting: string, settings: Json = {}, theme: Json = {}): Json {
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          say("b-hello", greeting),
          {
            id: "b-name",
            type: "text input",
            options: { variableId: "v-name", labels: { placeholder: "Your name", button: "Send" } },
          },
          say("b-reply", `Hello {{Name}}, from ${greeting.split(" ")[0]}`),
          { id: "b-more", type: "text input", options: { labels: { placeholder: "Anything else?" } } },
        ],
      },
    ],
    variables: [{ id: "v-name", name: "Name" }],
    settings: { ...NO_TYPING, ...settings },
    theme,
  });
}

/** Text, links and variables carrying markup and script: none of it may run or become markup. */
export function hostileBot(): Json {
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          {
            id: "b-evil",
            type: "text",
            content: {
              richText: [
                {
                  type: "p",
                  children: [{ text: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">' }],
                },
                {
                  type: "p",
                  children: [{ type: "a", url: "javascript:window.__pwned = 3", children: [{ text: "click me" }] }],
                },
                { type: "p", children: [{ type: "a", url: "{{Link}}", children: [{ text: "variable link" }] }] },
                {
                  type: "p",
                  children: [{ type: "a", url: "https://example.com/ok", children: [{ text: "safe link" }] }],
                },
                { type: "p", children: [{ text: "Hi {{Name}}" }] },
              ],
            },
          },
          {
            id: "b-img",
            type: "image",
            content: { url: "javascript:window.__pwned = 4", clickLink: { url: "javascript:window.__pwned = 5" } },
          },
          {
            id: "b-choice",
            type: "choice input",
            items: [{ id: "i-x", content: '<img src=x onerror="window.__pwned = 6">' }],
          },
          say("b-echo", "You said {{Answer}}"),
        ],
      },
    ],
    variables: [
      {
        id: "v-name",
        name: "Name",
        value: '<img src=x onerror="window.__pwned = 7"><script>window.__pwned = 8</script>',
      },
      { id: "v-link", name: "Link", value: "javascript:window.__pwned = 9" },
      { id: "v-answer", name: "Answer" },
    ],
    settings: NO_TYPING,
  });
}

/** A bot that sends the visitor elsewhere once they said where. */
export function redirectBot(url: string): Json {
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          say("b-hello", "Where to?"),
          { id: "b-go", type: "choice input", items: [{ id: "i-go", content: "Take me there" }] },
          say("b-leaving", "Off you go."),
          { id: "b-redirect", type: "Redirect", options: { url } },
        ],
      },
    ],
    settings: NO_TYPING,
  });
}

/** Asks a question the browser answers by calling a third-party API itself. */
export function browserRequestBot(url: string): Json {
  return buildBot({
    groups: [
      {
        id: "g-1",
        blocks: [
          say("b-hello", "Checking your plan..."),
          {
            id: "b-http",
            type: "Webhook",
            options: {
              isExecutedOnClient: true,
              webhook: { method: "POST", url, body: '{"who":"{{Name}}"}' },
              responseVariableMapping: [{ id: "m-1", variableId: "v-plan", bodyPath: "data.plan" }],
            },
          },
          say("b-plan", "Your plan is {{Plan}}."),
          { id: "b-wait", type: "Wait", options: { secondsToWaitFor: "0.2" } },
          say("b-after", "Done waiting."),
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name", value: "Ada" },
      { id: "v-plan", name: "Plan" },
    ],
    settings: NO_TYPING,
  });
}

export { edge };
