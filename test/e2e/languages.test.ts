import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatHarness, createChatHarness } from "../helpers/conversation.js";
import { buildBot, edge, retryBubble, say, textMessage } from "../helpers/bot-builder.js";
import { createClient } from "../helpers/http-client.js";
import { richText } from "../helpers/sample-bots.js";
import { bilingualBot, colors, french, withTranslations } from "../helpers/bilingual-bot.js";

let h: ChatHarness;
beforeAll(async () => {
  h = await createChatHarness();
});
afterAll(() => h.close());

describe("one flow in two languages", () => {
  it("shows each visitor their language and stores the same answers", async () => {
    const conversation = await h.conversation(withTranslations(bilingualBot()));
    const english = await conversation.start({ prefilledVariables: { locale: "en" } });
    expect(english.bot.locale).toBe("en");
    expect(english.messages).toEqual([textMessage("b-hello", "Hello! What is your name?")]);
    expect(english.input.options.labels).toEqual({ placeholder: "Your name" });
    expect((await conversation.send("Ada")).messages).toEqual([textMessage("b-color-question", "Pick a color")]);
    expect(await conversation.send("Red")).toMatchObject({ input: { id: "b-email" } });
    await conversation.send("ada@example.com");
    const englishAnswers = await conversation.answers();

    const start = await h.chat.post(
      `/v1/bots/${conversation.publicId}/startChat`,
      {},
      {
        "accept-language": "fr-CA,fr;q=0.9,en;q=0.5",
      },
    );
    expect(start.status).toBe(200);
    expect(start.body.bot.locale).toBe("fr");
    expect(start.body.messages).toEqual([textMessage("b-hello", "Bonjour ! Comment vous appelez-vous ?")]);
    expect(start.body.input.options.labels).toEqual({ placeholder: "Votre nom" });
    conversation.sessionId = start.body.sessionId;
    conversation.resultId = start.body.resultId;
    const asked = await conversation.send("Ada");
    expect(asked.messages).toEqual([textMessage("b-color-question", "Choisissez une couleur")]);
    // The blue button has no French label: it keeps its English one, never an empty button.
    expect(asked.input.items.map((item: { content: string }) => item.content)).toEqual(["Rouge", "Blue"]);
    expect(asked.input.options.buttonLabel).toBe("Envoyer");
    // The visitor's own word stays on screen; the answer is stored as the default language's label.
    expect(await conversation.send("Rouge")).toEqual({
      messages: [],
      input: expect.objectContaining({ id: "b-email" }),
    });
    await conversation.send("ada@example.com");

    expect(await conversation.answers()).toEqual(englishAnswers);
    expect(englishAnswers).toEqual([
      { blockId: "b-name", content: "Ada" },
      { blockId: "b-color", content: "Red" },
      { blockId: "b-email", content: "ada@example.com" },
    ]);
    expect((await conversation.result()).variables).toEqual({
      Name: "Ada",
      Color: "Red",
      Email: "ada@example.com",
      locale: "fr",
    });
  });

  it("falls back to the default language for untranslated texts, and translates retry and system messages", async () => {
    const conversation = await h.conversation(withTranslations(bilingualBot()));
    await conversation.start({ prefilledVariables: { locale: "fr" } });
    await conversation.send("Ada");
    expect(await conversation.send("Vert")).toEqual({
      messages: [retryBubble("b-color", "Choisissez l'un des boutons")],
      input: expect.objectContaining({ id: "b-color" }),
    });
    // A pick by its untranslated English label is accepted too.
    await conversation.send("Blue");
    expect((await conversation.send("nope")).messages).toEqual([retryBubble("b-email", "Ce n'est pas un e-mail")]);
    expect((await conversation.send("ada@example.com")).messages).toEqual([textMessage("b-bye", "Goodbye")]);
    expect(await conversation.answers()).toContainEqual({ blockId: "b-color", content: "Blue" });
  });

  it("speaks the default language to unknown languages and to bots without translations", async () => {
    const conversation = await h.conversation(withTranslations(bilingualBot()));
    const start = await h.chat.post(
      `/v1/bots/${conversation.publicId}/startChat`,
      {},
      { "accept-language": "de-DE,it;q=0.8" },
    );
    expect(start.body.bot.locale).toBe("en");
    expect(start.body.messages).toEqual([textMessage("b-hello", "Hello! What is your name?")]);

    // A prefilled locale the bot does not speak gives way to Accept-Language.
    const prefilled = await h.chat.post(
      `/v1/bots/${conversation.publicId}/startChat`,
      { prefilledVariables: { locale: "ja" } },
      { "accept-language": "fr" },
    );
    expect(prefilled.body.bot.locale).toBe("fr");

    const single = await h.conversation(buildBot({ groups: [{ id: "g", blocks: [say("b-hi", "Hi")] }] }));
    const singleStart = await single.start();
    expect(singleStart.bot.locale).toBeUndefined();
    expect(singleStart.messages).toEqual([textMessage("b-hi", "Hi")]);
  });

  it("switches language from the next message on when a Set variable writes locale", async () => {
    const bot = bilingualBot({
      groups: [
        {
          id: "g-switch",
          blocks: [
            say("b-hello", "Hello! What is your name?"),
            { id: "b-name", type: "text input", options: { variableId: "v-name" } },
            { id: "b-set", type: "Set variable", options: { variableId: "v-locale", expressionToEvaluate: "fr" } },
            say("b-color-question", "Pick a color"),
            colors,
          ],
        },
      ],
    });
    const conversation = await h.conversation(withTranslations(bot));
    const start = await conversation.start();
    expect(start.bot.locale).toBe("en");
    expect(start.messages).toEqual([textMessage("b-hello", "Hello! What is your name?")]);
    const switched = await conversation.send("Ada");
    expect(switched.messages).toEqual([textMessage("b-color-question", "Choisissez une couleur")]);
    expect(switched.input.items.map((item: { content: string }) => item.content)).toEqual(["Rouge", "Blue"]);
    await conversation.send("Rouge");
    expect(await conversation.answers()).toEqual([
      { blockId: "b-name", content: "Ada" },
      { blockId: "b-color", content: "Red" },
    ]);
  });

  it("keeps translations through update, publish, export and import", async () => {
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: bilingualBot() });
    const botId = created.body.bot.id;
    expect(created.body.bot.translations).toEqual({});
    const patched = await h.api.patch(`/v1/bots/${botId}`, { bot: { translations: french } });
    expect(patched.status).toBe(200);
    expect(patched.body.bot.translations).toEqual(french);
    // A patch of other fields leaves the translations as they are.
    await h.api.patch(`/v1/bots/${botId}`, { bot: { name: "Renamed" } });
    expect((await h.api.get(`/v1/bots/${botId}`)).body.bot.translations).toEqual(french);
    await h.api.post(`/v1/bots/${botId}/publish`);
    expect((await h.api.get(`/v1/bots/${botId}/publishedBot`)).body.publishedBot.translations).toEqual(french);

    const exported = (await h.api.get(`/v1/bots/${botId}`)).body.bot;
    const imported = await h.api.post("/v1/bots/import", { workspaceId: h.workspaceId, bot: exported });
    expect(imported.status).toBe(200);
    expect(imported.body.bot.translations).toEqual(french);
    expect(imported.body.bot.settings.languages).toEqual({ default: "en", available: ["en", "fr"] });

    const invalid = await h.api.patch(`/v1/bots/${botId}`, { bot: { translations: { "not a tag!": {} } } });
    expect(invalid.status).toBe(400);
  });

  it("lint warns of every missing translation, on its block", async () => {
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: withTranslations(bilingualBot()) });
    const lint = await h.api.post(`/v1/bots/${created.body.bot.id}/lint`);
    const missing = lint.body.findings.filter((finding: { message: string }) => finding.message.startsWith("Missing"));
    expect(missing).toEqual([
      {
        severity: "warning",
        blockId: "b-color",
        groupId: "g-ask",
        message: 'Missing fr translation of the choice label "i-blue": fr visitors see the en text',
      },
      {
        severity: "warning",
        blockId: "b-bye",
        groupId: "g-ask",
        message: 'Missing fr translation of the text "b-bye": fr visitors see the en text',
      },
      {
        severity: "warning",
        message: 'Missing fr translation of the system message "system.botClosed": fr visitors see the en text',
      },
    ]);
  });

  it("answers a closed bot's start in the visitor's language", async () => {
    const conversation = await h.conversation(
      withTranslations(bilingualBot(), { fr: { ...french.fr, "system.botClosed": "Ce bot est fermé" } }),
    );
    await h.api.patch(`/v1/bots/${conversation.botId}`, { bot: { isClosed: true } });
    const closed = await h.chat.post(`/v1/bots/${conversation.publicId}/startChat`, {}, { "accept-language": "fr" });
    expect(closed.status).toBe(400);
    expect(closed.body).toEqual({ code: "BOT_CLOSED", message: "Ce bot est fermé" });
  });
});

describe("translations CSV", () => {
  const putCsv = (botId: string, csv: string) =>
    h.api.request("PUT", `/v1/bots/${botId}/translations`, csv, { "content-type": "text/csv" });

  it("exports key, default text and one column per language, and reads the same file back", async () => {
    const bot = bilingualBot();
    bot.settings.languages.available = ["en", "fr", "de"];
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: withTranslations(bot) });
    const botId = created.body.bot.id;
    const exported = await h.api.get(`/v1/bots/${botId}/translations?format=csv`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(exported.body).toBe(
      [
        '"key","default","fr","de"',
        '"b-hello","Hello! What is your name?","Bonjour ! Comment vous appelez-vous ?",""',
        '"b-name.placeholder","Your name","Votre nom",""',
        '"b-color-question","Pick a color","Choisissez une couleur",""',
        '"b-color.button","Send","Envoyer",""',
        '"i-red","Red","Rouge",""',
        '"i-blue","Blue","",""',
        '"b-email.retryMessage","That is not an e-mail","Ce n\'est pas un e-mail",""',
        '"b-bye","Goodbye","",""',
        '"system.invalidMessage","Please pick one of the buttons","Choisissez l\'un des boutons",""',
        '"system.botClosed","This bot is now closed","",""',
        "",
      ].join("\r\n"),
    );

    // A translator fills in German (rich text as markdown) and removes a French text.
    const edited = (exported.body as string)
      .replace(
        '"b-hello","Hello! What is your name?","Bonjour ! Comment vous appelez-vous ?",""',
        '"b-hello","Hello! What is your name?","Bonjour !","**Hallo!** Wie heißt du?"',
      )
      .replace('"i-red","Red","Rouge",""', '"i-red","Red","","Rot"')
      .replace('"b-bye","Goodbye","",""', '"b-bye","Goodbye","Au revoir","- eins\n- zwei"');
    const put = await putCsv(botId, edited);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.translations.de).toEqual({
      "b-hello": [{ type: "p", children: [{ text: "Hallo!", bold: true }, { text: " Wie heißt du?" }] }],
      "i-red": "Rot",
      "b-bye": [
        {
          type: "ul",
          children: [
            { type: "li", children: [{ type: "lic", children: [{ text: "eins" }] }] },
            { type: "li", children: [{ type: "lic", children: [{ text: "zwei" }] }] },
          ],
        },
      ],
    });
    expect(put.body.translations.fr["i-red"]).toBeUndefined();
    expect(put.body.translations.fr["b-hello"]).toEqual(richText("Bonjour !"));

    // Round trip: the file exported now is the file that was put, a list's leading "-" guarded against
    // spreadsheet formulas; putting that file back changes nothing.
    const reexported = (await h.api.get(`/v1/bots/${botId}/translations?format=csv`)).body;
    expect(reexported).toBe(edited.replace('"- eins', `"'- eins`));
    const again = await putCsv(botId, reexported);
    expect(again.body.translations).toEqual(put.body.translations);
  });

  it("refuses a malformed CSV naming the row, and changes nothing", async () => {
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: withTranslations(bilingualBot()) });
    const botId = created.body.bot.id;
    const cases: [string, string][] = [
      [
        '"key","default","fr"\r\n"b-hello","Hello","Salut"\r\n"b-bye","Goodbye"\r\n',
        "Row 3: expected 3 cells, found 2",
      ],
      ['"key","default","fr"\r\n"b-nowhere","x","y"\r\n', 'Row 2: "b-nowhere" is not a text of this bot'],
      ['"key","default","fr"\r\n"b-bye","x","y"\r\n"b-bye","x","z"\r\n', 'Row 3: "b-bye" appears twice'],
      ['"key","default","es"\r\n', 'Row 1: "es" is not a language to translate to (fr)'],
      ['"id","text"\r\n', 'Row 1: the header must start with "key,default"'],
      ['"key","default","fr"\r\n"b-bye","x","Au revoir\r\n', "Row 2: a quoted cell is never closed"],
      ["", 'Row 1: the file is empty; expected a header "key,default,…"'],
    ];
    for (const [csv, message] of cases) {
      const response = await putCsv(botId, csv);
      expect(response.status, csv).toBe(400);
      expect(response.body).toEqual({ code: "INVALID_CSV", message });
    }
    expect((await h.api.get(`/v1/bots/${botId}`)).body.bot.translations).toEqual(french);
  });

  it("is for members only: 401 without a token, 404 for another tenant", async () => {
    const created = await h.api.post("/v1/bots", { workspaceId: h.workspaceId, bot: bilingualBot() });
    const botId = created.body.bot.id;
    expect((await h.chat.get(`/v1/bots/${botId}/translations?format=csv`)).status).toBe(401);
    const stranger = await h.server.createUser();
    const other = createClient(h.server.baseUrl, stranger.token);
    expect((await other.get(`/v1/bots/${botId}/translations?format=csv`)).status).toBe(404);
    const put = await other.request("PUT", `/v1/bots/${botId}/translations`, '"key","default"\r\n', {
      "content-type": "text/csv",
    });
    expect(put.status).toBe(404);
  });
});
