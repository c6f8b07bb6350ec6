import { buildBot, say } from "./bot-builder.js";
import { richText } from "./sample-bots.js";

/** Tests of bots in several languages (issue #23): one flow in English and French. */

export const colors = {
  id: "b-color",
  type: "choice input",
  items: [
    { id: "i-red", content: "Red" },
    { id: "i-blue", content: "Blue" },
  ],
  options: { variableId: "v-color", buttonLabel: "Send" },
};

/** A bot in English and French: the French table leaves the blue button and the goodbye untranslated. */
export function bilingualBot(extra: { groups?: { id: string; blocks: Record<string, unknown>[] }[] } = {}) {
  return buildBot({
    groups: extra.groups ?? [
      {
        id: "g-ask",
        blocks: [
          say("b-hello", "Hello! What is your name?"),
          { id: "b-name", type: "text input", options: { variableId: "v-name", labels: { placeholder: "Your name" } } },
          say("b-color-question", "Pick a color"),
          colors,
          {
            id: "b-email",
            type: "email input",
            options: { variableId: "v-email", retryMessageContent: "That is not an e-mail" },
          },
          say("b-bye", "Goodbye"),
        ],
      },
    ],
    variables: [
      { id: "v-name", name: "Name" },
      { id: "v-color", name: "Color" },
      { id: "v-email", name: "Email" },
      { id: "v-locale", name: "locale" },
    ],
    settings: {
      languages: { default: "en", available: ["en", "fr"] },
      general: { systemMessages: { invalidMessage: "Please pick one of the buttons" } },
    },
  });
}

export const french = {
  fr: {
    "b-hello": richText("Bonjour ! Comment vous appelez-vous ?"),
    "b-name.placeholder": "Votre nom",
    "b-color-question": richText("Choisissez une couleur"),
    "i-red": "Rouge",
    "b-color.button": "Envoyer",
    "b-email.retryMessage": "Ce n'est pas un e-mail",
    "system.invalidMessage": "Choisissez l'un des boutons",
  },
};

export const withTranslations = (bot: Record<string, unknown>, translations: unknown = french) => ({
  ...bot,
  translations,
});
