import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPassword } from "../../src/services/auth/browser-sessions.js";
import {
  createBuilderHarness,
  PASSWORD,
  shot,
  signIn,
  stopAfterFirstFailure,
  watch,
  type BuilderHarness,
  type WatchedPage,
} from "./builder-harness.js";

const richText = (text: string) => [{ type: "p", children: [{ text }] }];

/** A greeting that asks for a name: `greeting` is what changes from one publish to the next. */
const groupsSaying = (greeting: string) => [
  {
    id: "g-hello",
    title: "Hello",
    graphCoordinates: { x: 0, y: 0 },
    blocks: [
      { id: "b-hello", type: "text", content: { richText: richText(greeting) } },
      { id: "b-name", type: "text input", options: { variableId: "v-name" } },
    ],
  },
];

describe("the editor's Versions panel", { timeout: 180_000 }, () => {
  stopAfterFirstFailure();
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;
  let publicId: string;
  const versionIds: string[] = [];

  const publish = async (note: string) => {
    const published = await harness.api("POST", `/api/v1/bots/${botId}/publish`, { note });
    versionIds.push(published.versionId);
    publicId = published.publicId;
  };
  const say = (greeting: string) =>
    harness.api("PATCH", `/api/v1/bots/${botId}`, { bot: { groups: groupsSaying(greeting) } });
  /** A visitor's chat on the public page: the greeting they got, answered so that the result is listed. */
  const visitorChat = async (id = publicId) => {
    const post = (url: string, body: unknown) =>
      fetch(`${harness.server.url}${url}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<any>);
    const started = await post(`/api/v1/bots/${id}/startChat`, {});
    await post(`/api/v1/sessions/${started.sessionId}/continueChat`, { message: "Ada" });
    return started.messages[0].content.richText[0].children[0].text as string;
  };

  beforeAll(async () => {
    harness = await createBuilderHarness();
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", {
      workspaceId: harness.user.workspaceId,
      bot: {
        name: "Versioned",
        variables: [{ id: "v-name", name: "name" }],
        groups: groupsSaying("Hello v1"),
        edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "g-hello" } }],
        events: [{ id: "start", type: "start", graphCoordinates: { x: -250, y: 0 }, outgoingEdgeId: "e0" }],
      },
    }));
    await publish("First one");
    await say("Hello v2");
    await publish("Second");
    await say("Hello v3");
    await publish("Third");
    expect(await visitorChat()).toBe("Hello v3");
    page = await harness.signedInPage();
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.locator('[data-testid="group-Hello"]').waitFor();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("lists the three versions newest first, with who published them, their note and findings", async () => {
    await page.getByRole("group", { name: "Panels" }).getByRole("button", { name: "Versions" }).click();
    const items = page.locator(".version-item");
    await expect.poll(() => items.count()).toBe(3);
    expect(await page.locator(".version-item strong").allTextContents()).toEqual([
      "Version 3",
      "Version 2",
      "Version 1",
    ]);
    const newest = items.first();
    expect(await newest.locator(".version-badge").allTextContents()).toEqual(["Published"]);
    expect(await newest.locator(".version-note").textContent()).toBe("Third");
    expect(await newest.textContent()).toContain(`· ${harness.user.email}`);
    expect(await newest.locator(".version-findings").textContent()).toMatch(/^(No findings|\d+ findings?)$/);
  });

  it("shows the first version's diff against the draft, the changed block marked on the canvas", async () => {
    await page.getByTestId("version-1").click();
    const diff = page.getByTestId("version-diff");
    await diff.getByText("From version 1 to the draft").waitFor();
    expect(await diff.locator("li").allTextContents()).toEqual(["Changed “text in Hello”: content.richText"]);
    const mark = page.getByTestId("diff-mark-b-hello");
    await mark.waitFor();
    expect(await mark.textContent()).toBe("Changed");
    expect(await mark.getAttribute("title")).toBe("Changed: content.richText");
    expect(await page.locator('[data-block-id="b-hello"]').getAttribute("class")).toContain("diff-changed");
    // Only what changed is marked: the name input is the same in both.
    expect(await page.locator(".diff-mark").count()).toBe(1);
    await shot(page, "60-versions-diff");
  });

  it("follows an edit of the draft: the renamed group is listed and marked once saved", async () => {
    await page.getByRole("button", { name: "Rename Hello" }).click();
    await page.getByLabel("Group title").fill("Welcome");
    await page.keyboard.press("Enter");
    const mark = page.getByTestId("diff-mark-g-hello");
    await mark.waitFor();
    expect(await mark.textContent()).toBe("Changed");
    expect(await page.getByTestId("version-diff").locator("li").allTextContents()).toEqual([
      "Changed “Welcome”: title",
      "Changed “text in Welcome”: content.richText",
    ]);
  });

  it("compares two versions, and takes the marks off when the panel closes", async () => {
    await page.getByLabel("Compare with").selectOption({ label: "Version 2" });
    await page.getByTestId("version-diff").getByText("From version 1 to version 2").waitFor();
    await page.getByRole("button", { name: "Close the panel" }).click();
    await expect.poll(() => page.locator(".diff-mark").count()).toBe(0);
    await page.getByRole("group", { name: "Panels" }).getByRole("button", { name: "Versions" }).click();
    await page.getByTestId("version-1").click();
    await page.getByTestId("diff-mark-b-hello").waitFor();
  });

  it("restores the first version as a fourth, which the published bot serves", async () => {
    await page.getByRole("button", { name: "Restore", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
    await dialog.getByRole("button", { name: "Restore" }).click();
    await page.getByText("Version 4 is published, with version 1's content.").waitFor();
    await expect.poll(() => page.locator(".version-item").count()).toBe(4);
    expect(await page.locator(".version-item").first().locator("strong").textContent()).toBe("Version 4");

    const { versions } = await harness.api("GET", `/api/v1/bots/${botId}/versions`);
    expect(versions.map((version: { number: number }) => version.number)).toEqual([4, 3, 2, 1]);
    expect(versions[0]).toMatchObject({ note: "Restored from version 1", isPublished: true });
    const sameAsFirst = await harness.api(
      "GET",
      `/api/v1/bots/${botId}/versions/${versionIds[0]}/diff?to=${versions[0].id}`,
    );
    expect(sameAsFirst.hasChanges).toBe(false);
    expect(await visitorChat()).toBe("Hello v1");
    // The draft is left as it was (version 3's greeting, the group renamed), so the first version still differs from it.
    expect(await page.getByTestId("version-diff").locator("li").allTextContents()).toEqual([
      "Changed “Welcome”: title",
      "Changed “text in Welcome”: content.richText",
    ]);
    expect(page.problems).toEqual([]);
  });

  it("shows in the results table the version each chat ran on", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/results`);
    const rows = page.locator('[data-testid="result-row"]');
    await expect.poll(() => rows.count()).toBe(2);
    const headers = (await page.locator(".results-table thead th").allTextContents()).slice(1, -1);
    expect(headers).toEqual(["Submitted at", "Status", "Version", "name"]);
    const versionCells = await page.locator('[data-testid="result-row"] td.column-version').allTextContents();
    expect(versionCells).toEqual(["Version 4", "Version 3"]);
    await shot(page, "61-results-version-column");
  });

  it("splits the analytics by version", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/analytics?timeFilter=allTime`);
    const figure = (label: string) =>
      page.locator(".analytics-figure", { has: page.locator("dt", { hasText: label }) }).locator("dd");
    await expect.poll(() => figure("Views").textContent()).toBe("2");
    await page.getByTestId("version-filter").selectOption({ label: "Version 3" });
    await page.waitForURL(new RegExp(`versionId=${versionIds[2]}`));
    await expect.poll(() => figure("Views").textContent()).toBe("1");
    expect(await figure("Starts").textContent()).toBe("1");
  });

  it("serves the draft on staging and shows its link", async () => {
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await page.getByRole("group", { name: "Panels" }).getByRole("button", { name: "Versions" }).click();
    await page.getByTestId("staging-state").getByText("Staging is off.").waitFor();
    await page.getByRole("button", { name: "Turn staging on" }).click();
    await page.getByText("Staging serves: The draft").waitFor();
    const { staging } = await harness.api("GET", `/api/v1/bots/${botId}/staging`);
    expect(await page.getByTestId("staging-url").textContent()).toBe(staging.url);
    expect(staging.serves).toEqual({ versionId: "draft", number: null });
  });

  it("copies a version into the draft: the canvas shows it, nothing is published", async () => {
    await page.getByTestId("version-2").click();
    await page.getByTestId("diff-mark-b-hello").waitFor();
    await page.getByRole("button", { name: "Copy into draft", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Copy version 2 into the draft?" })
      .getByRole("button", { name: "Copy into draft" })
      .click();
    await page.getByText("The draft is now version 2's content. Publish to make it live.").waitFor();
    await page.locator('[data-block-id="b-hello"]', { hasText: "Hello v2" }).waitFor();
    await page.getByTestId("version-diff").getByText("No differences: version 2 and the draft are the same.").waitFor();
    expect(await page.locator(".diff-mark").count()).toBe(0);
    await page.getByRole("button", { name: "Publish changes" }).waitFor();
    const { bot } = await harness.api("GET", `/api/v1/bots/${botId}`);
    expect(bot.groups[0].blocks[0].content.richText[0].children[0].text).toBe("Hello v2");
    expect((await harness.api("GET", `/api/v1/bots/${botId}/versions`)).versions).toHaveLength(4);
    expect(await visitorChat()).toBe("Hello v1");
    expect(page.problems).toEqual([]);
  });

  it("promotes what staging serves (the draft) to published", async () => {
    await page.getByRole("button", { name: "Promote to published" }).click();
    await page
      .getByRole("dialog", { name: "Promote staging to published?" })
      .getByRole("button", { name: "Promote" })
      .click();
    await page.getByText("What staging serves is now published as a new version.").waitFor();
    await expect.poll(() => page.locator(".version-item").count()).toBe(5);
    const newest = page.locator(".version-item").first();
    expect(await newest.locator("strong").textContent()).toBe("Version 5");
    expect(await newest.locator(".version-note").textContent()).toBe("Promoted from staging (draft)");
    await page.getByRole("button", { name: "Published", exact: true }).waitFor();
    expect(await visitorChat()).toBe("Hello v2");
    expect(page.problems).toEqual([]);
  });

  it("keeps staging's chats apart in the results, shown with the staging filter", async () => {
    const { staging } = await harness.api("GET", `/api/v1/bots/${botId}/staging`);
    expect(await visitorChat(staging.publicId)).toBe("Hello v2");
    await page.goto(`${harness.server.url}/bots/${botId}/results`);
    const versionCells = () => page.locator('[data-testid="result-row"] td.column-version').allTextContents();
    await expect.poll(versionCells).toEqual(["Version 5", "Version 4", "Version 4", "Version 3"]);
    await page.getByTestId("version-filter").selectOption({ label: "Staging chats" });
    await expect.poll(versionCells).toEqual(["The draft · staging"]);
    expect(page.problems).toEqual([]);
  });

  it("lets a guest read the versions and diffs, with no way to restore or change staging", async () => {
    const email = `versions-guest-${process.pid}@example.com`;
    const guestUser = await harness.server.createUser(email);
    await setPassword(harness.server.ctx, guestUser.userId, PASSWORD);
    await harness.server.ctx.workspaces.addMember(harness.user.workspaceId, guestUser.userId, "GUEST");
    const guest = await watch(await harness.browser.newContext({ viewport: { width: 1440, height: 900 } }));
    await signIn(guest, harness.server.url, email);
    await guest.goto(`${harness.server.url}/bots/${botId}/edit`);
    await guest.getByRole("group", { name: "Panels" }).getByRole("button", { name: "Versions" }).click();
    await expect.poll(() => guest.locator(".version-item").count()).toBe(5);
    await guest.getByTestId("version-1").click();
    await guest.getByTestId("version-diff").getByText("From version 1 to the draft").waitFor();
    await guest.getByText("Staging serves: The draft").waitFor();
    for (const name of ["Restore", "Copy into draft", "Promote to published", "Turn staging off"])
      expect(await guest.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    expect(guest.problems).toEqual([]);
  });
});
