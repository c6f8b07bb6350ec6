import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_KEY, fakeOpenAi } from "../helpers/ai-fakes.js";
import { startChannelFakes, type ChannelFakes } from "../helpers/channel-fakes.js";
import { smtpServer } from "../helpers/smtp-sink.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

/**
 * Issue #37: saved credentials have a Test action in Settings → Credentials that makes a harmless call
 * with the stored secret (local fakes over real HTTP and SMTP) and shows what the service answered.
 */
describe("the Test action on saved credentials", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let openAi: Awaited<ReturnType<typeof fakeOpenAi>>;
  let apps: ChannelFakes;

  beforeAll(async () => {
    smtp = await smtpServer();
    openAi = await fakeOpenAi();
    apps = await startChannelFakes();
    harness = await createBuilderHarness({
      PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
      PARLEY_TELEGRAM_API_URL: apps.telegramUrl,
      PARLEY_WHATSAPP_API_URL: apps.whatsappUrl,
    });
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
    await smtp?.close();
    await openAi?.close();
    await apps?.close();
  });

  const create = (type: string, name: string, data: unknown) =>
    harness.api("POST", `/api/v1/workspaces/${harness.user.workspaceId}/credentials`, { type, name, data });
  const rowOf = (name: string) =>
    page
      .locator("section", { has: page.getByRole("heading", { name: "Credentials" }) })
      .locator("tr", { hasText: name });
  async function testRow(name: string) {
    const row = rowOf(name);
    await row.getByRole("button", { name: "Test" }).click();
    const status = row.locator("[data-check]");
    await status.waitFor();
    return { result: await status.getAttribute("data-check"), text: await status.textContent() };
  }

  it("adds HTTP secrets, and tests SMTP, AI, Telegram and WhatsApp credentials against the services and says what they answered", async () => {
    await create("smtp", "Mail that logs in", {
      host: "127.0.0.1",
      port: smtp.port,
      username: "mailer",
      password: "s3cret-pass",
      from: "bot@example.com",
    });
    await create("smtp", "Mail with a wrong password", {
      host: "127.0.0.1",
      port: smtp.port,
      username: "mailer",
      password: "wrong-pass",
      from: "bot@example.com",
    });
    await create("openai", "Right key", { apiKey: FAKE_KEY, baseUrl: `${openAi.url}/v1` });
    await create("groq", "Wrong key", { apiKey: "sk-wrong", baseUrl: `${openAi.url}/v1` });
    await create("telegram", "Shop bot", { botToken: "123456:ABC-def", secretToken: "hook-secret" });
    await create("whatsapp", "Shop number", {
      phoneNumberId: "1555000",
      accessToken: "wa-token",
      appSecret: "wa-app-secret",
      verifyToken: "wa-verify",
    });

    await page.getByRole("link", { name: "Settings" }).click();
    // HTTP secrets are made in the builder too, with the other kinds that are not an API key.
    const form = page.getByRole("form", { name: "Email and support credentials" });
    await form.getByLabel("Service").selectOption("http");
    await form.getByLabel("Shown as").fill("Header secrets");
    await form.getByLabel("Base URL (optional)").fill("https://api.example.com");
    await form.getByLabel("Header", { exact: true }).fill("x-api-key");
    await form.getByLabel("Header value").fill("header-secret");
    await form.getByRole("button", { name: "Add HTTP account" }).click();
    await rowOf("Header secrets").waitFor();
    expect(await rowOf("Header secrets").locator("td").nth(1).textContent()).toBe("HTTP");

    expect(await testRow("Mail that logs in")).toEqual({
      result: "passed",
      text: `Works: 127.0.0.1:${smtp.port} answered and accepted the login`,
    });
    const refused = await testRow("Mail with a wrong password");
    expect(refused.result).toBe("failed");
    expect(refused.text).toContain("Invalid username or password");
    expect(await testRow("Right key")).toEqual({ result: "passed", text: "Works: OpenAI accepted the key (2 models)" });
    expect(await testRow("Wrong key")).toEqual({
      result: "failed",
      text: 'Failed: Groq answered 401: {"error":{"message":"Incorrect API key provided"}}',
    });
    expect(await testRow("Shop bot")).toEqual({ result: "passed", text: "Works: Telegram accepted the credentials" });
    expect(await testRow("Shop number")).toEqual({
      result: "passed",
      text: "Works: WhatsApp accepted the credentials",
    });
    expect(await testRow("Header secrets")).toEqual({
      result: "unchecked",
      text: "Not checked: These credentials have no call that changes nothing; the block that uses them logs any failure",
    });
    // The calls were the harmless ones, with the stored secrets; no mail was sent.
    expect(apps.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /tg/bot123456:ABC-def/getMe",
      "GET /wa/1555000",
    ]);
    expect(apps.calls[1]?.authorization).toBe("Bearer wa-token");
    expect(smtp.mails).toEqual([]);
    const content = await page.content();
    expect(content).not.toContain("s3cret-pass");
    expect(content).not.toContain("header-secret");
  });
});
