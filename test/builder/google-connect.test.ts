import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT, fakeGoogle } from "../helpers/google-fakes.js";
import { createBuilderHarness, type BuilderHarness, type WatchedPage } from "./builder-harness.js";

describe("Settings → Connect a Google account", { timeout: 120_000 }, () => {
  let harness: BuilderHarness;
  let google: Awaited<ReturnType<typeof fakeGoogle>>;
  let page: WatchedPage;

  beforeAll(async () => {
    google = await fakeGoogle({});
    harness = await createBuilderHarness({
      PARLEY_HTTP_ALLOWED_HOSTS: "127.0.0.1",
      PARLEY_GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
      PARLEY_GOOGLE_TOKEN_URL: `${google.url}/token`,
    });
    // The test server listens on a port picked at start, so its public URL (the redirect URI's origin) is set now.
    harness.server.ctx.config.publicUrl = harness.server.url;
    page = await harness.signedInPage();
    // Building the builder and starting Chromium can take a while on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await google?.close();
  });

  const section = (on: WatchedPage) => on.locator("section", { has: on.getByRole("heading", { name: "Credentials" }) });

  it("without a Google OAuth client, says how to set one up instead of offering the button", async () => {
    // The page asks whether Google is set up rather than trying a consent that fails (two 400s in the console).
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.getByRole("link", { name: "Settings" }).click();
    await section(page).getByText("Google is not set up on this server").waitFor();
    expect(await section(page).textContent()).toContain(
      `set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, with ${harness.server.url}/api/v1/credentials/google/callback as the redirect URI`,
    );
    expect(
      await section(page)
        .getByRole("button", { name: /Connect a Google account/ })
        .count(),
    ).toBe(0);
    expect(refused).toEqual([]);
  });

  it("runs the consent in a new tab and lists the connected account", async () => {
    // The instance gets its OAuth client (as after a restart with GOOGLE_CLIENT_ID set).
    Object.assign(harness.server.ctx.config.google, { clientId: CLIENT.id, clientSecret: CLIENT.secret });
    await page.reload();
    const connect = section(page).getByRole("button", { name: "Connect a Google account for Google Sheets" });
    const [tab] = await Promise.all([page.context().waitForEvent("page"), connect.click()]);
    await tab.waitForURL(/\/settings\?googleConnected=/);
    const row = section(tab as WatchedPage).locator("tr", { hasText: "ann@example.com" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Google Sheets");
    const listed = await harness.api<{ credentials: { name: string; type: string }[] }>(
      "GET",
      `/api/v1/workspaces/${harness.user.workspaceId}/credentials`,
    );
    expect(listed.credentials.map((entry) => [entry.name, entry.type])).toEqual([["ann@example.com", "google sheets"]]);
    expect(page.problems).toEqual([]);
  });
});
