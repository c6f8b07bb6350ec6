import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { ChatHarness } from "../helpers/conversation.js";
import { buildBot, say } from "../helpers/bot-builder.js";
import { chatPageFrame, openPage, screenshot } from "./browser.js";
import type { HostSite } from "./host-site.js";
import { openBrowserWorld, type BrowserWorld } from "./browser-world.js";

const picture = (color: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="${color}"/><text x="20" y="130" font-size="40" fill="#fff">${label}</text></svg>`;

/** Every bubble and input type once, on the full page (so under its Content-Security-Policy). */
function galleryBot(site: HostSite) {
  const image = site.asset("/sunset.svg", picture("#e8590c", "Sunset"), "image/svg+xml");
  const mountain = site.asset("/mountain.svg", picture("#2b8a3e", "Mountain"), "image/svg+xml");
  const sea = site.asset("/sea.svg", picture("#1864ab", "Sea"), "image/svg+xml");
  const widget = site.page(
    "/widget",
    `<!doctype html><p>Calendar widget</p><script>setTimeout(() => parent.postMessage({ name: "booked", data: "slot-42" }, "*"), 100)</script>`,
  );
  return buildBot({
    groups: [
      {
        id: "g-media",
        blocks: [
          {
            id: "b-image",
            type: "image",
            content: { url: image, clickLink: { url: "https://example.com/sunset", alt: "A sunset" } },
          },
          { id: "b-youtube", type: "video", content: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s" } },
          { id: "b-file-video", type: "video", content: { url: site.asset("/clip.mp4", "", "video/mp4") } },
          {
            id: "b-audio",
            type: "audio",
            content: { url: site.asset("/sound.mp3", "", "audio/mpeg"), isAutoplayEnabled: false },
          },
          {
            id: "b-embed",
            type: "embed",
            content: {
              url: widget,
              height: 120,
              waitForEvent: { isEnabled: true, name: "booked", saveDataInVariableId: "v-slot" },
            },
          },
          say("b-booked", "Booked {{Slot}}."),
          { id: "b-number", type: "number input", options: { variableId: "v-number", min: 1, max: 10 } },
          { id: "b-url", type: "url input" },
          { id: "b-phone", type: "phone number input", options: { defaultCountryCode: "FR" } },
          { id: "b-range", type: "date input", options: { isRange: true, hasTime: true } },
          { id: "b-time", type: "time input" },
          {
            id: "b-fruits",
            type: "choice input",
            options: { isMultipleChoice: true, isSearchable: true },
            items: ["Apple", "Banana", "Grape", "Cherry"].map((content, index) => ({ id: `i-${index}`, content })),
          },
          {
            id: "b-pictures",
            type: "picture choice input",
            items: [
              { id: "p-1", pictureSrc: mountain, title: "Mountain", description: "Fresh air" },
              { id: "p-2", pictureSrc: sea, title: "Sea", description: "Waves" },
            ],
          },
          {
            id: "b-stars",
            type: "rating input",
            options: {
              buttonType: "Icons",
              length: 5,
              isOneClickSubmitEnabled: true,
              labels: { left: "Meh", right: "Great" },
            },
          },
          {
            id: "b-cards",
            type: "cards",
            items: [
              {
                id: "c-1",
                imageUrl: mountain,
                title: "Hike",
                description: "A day in the hills",
                paths: [{ id: "path-1", text: "Book hike" }],
              },
              {
                id: "c-2",
                imageUrl: sea,
                title: "Sail",
                description: "A day at sea",
                paths: [{ id: "path-2", text: "Book sail" }],
              },
            ],
          },
          { id: "b-pay", type: "payment input", options: { amount: "10", currency: "EUR" } },
        ],
      },
    ],
    variables: [
      { id: "v-slot", name: "Slot" },
      { id: "v-number", name: "Number" },
    ],
    settings: { typingEmulation: { enabled: false } },
    theme: { chat: { hostAvatar: { isEnabled: true, url: mountain } } },
  });
}

describe("every bubble and input type in a real browser", { timeout: 90_000 }, () => {
  let harness: ChatHarness;
  let browser: Browser;
  let site: HostSite;

  let world: BrowserWorld;

  beforeAll(async () => {
    world = await openBrowserWorld();
    ({ harness, browser, site } = world);
  });
  afterAll(() => world?.close());

  it("renders media bubbles and real controls for each input, and answers each in turn", async () => {
    const { publicId } = await harness.conversation(galleryBot(site));
    const page = await openPage(await browser.newContext({ viewport: { width: 900, height: 1000 } }));
    await page.goto(`${harness.server.url}/${publicId}`);
    const chat = chatPageFrame(page).chat.locator("parley-standard");
    const lastGuest = () => chat.locator(".bubble.guest").last().textContent();

    // The embed's page tells the chat it is done; the flow goes on with what it sent.
    await chat.getByText("Booked slot-42.").waitFor();
    expect(await chat.locator("a[href='https://example.com/sunset'] img").getAttribute("alt")).toBe("A sunset");
    expect(await chat.locator("iframe.media-frame").first().getAttribute("src")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?start=65",
    );
    expect(await chat.locator("video").getAttribute("src")).toBe(`${site.origin}/clip.mp4`);
    expect(await chat.locator("audio").getAttribute("controls")).toBe("");
    await screenshot(page, "gallery-media");

    const number = chat.getByPlaceholder("Type a number...");
    expect([
      await number.getAttribute("type"),
      await number.getAttribute("min"),
      await number.getAttribute("max"),
    ]).toEqual(["number", "1", "10"]);
    await number.fill("7");
    await number.press("Enter");
    await expect.poll(lastGuest).toBe("7");

    await chat.getByPlaceholder("Type a URL...").fill("parley.example.com");
    await chat.getByPlaceholder("Type a URL...").press("Enter");
    await expect.poll(lastGuest).toBe("parley.example.com");

    expect(await chat.getByLabel("Country").inputValue()).toBe("FR");
    await chat.getByPlaceholder("Type your phone number...").fill("06 12 34 56 78");
    await screenshot(page, "gallery-phone");
    await chat.getByPlaceholder("Type your phone number...").press("Enter");
    await expect.poll(lastGuest).toBe("+33612345678");

    await chat.getByLabel("From:").fill("2025-03-01T10:00");
    await chat.getByLabel("To:").fill("2025-03-02T12:30");
    await screenshot(page, "gallery-date-range");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect.poll(lastGuest).toBe("01/03/2025 10:00 to 02/03/2025 12:30");

    await chat.getByLabel("Time").fill("14:30");
    await chat.getByLabel("Time").press("Enter");
    await expect.poll(lastGuest).toBe("14:30");

    await chat.getByPlaceholder("Filter the options...").fill("ap");
    expect(await chat.locator(".choice:not([hidden])").allTextContents()).toEqual(["Apple", "Grape"]);
    await chat.getByRole("button", { name: "Apple" }).click();
    await chat.getByRole("button", { name: "Grape" }).click();
    await screenshot(page, "gallery-multiple-choice");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect.poll(lastGuest).toBe("Apple, Grape");

    await chat.getByRole("button", { name: "Mountain" }).click();
    await expect.poll(lastGuest).toBe("Mountain");

    await screenshot(page, "gallery-rating-icons");
    // Keyboard only: arrows move along the stars, Enter picks one.
    await chat.getByRole("radio", { name: "1" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await expect.poll(lastGuest).toBe("3");

    await screenshot(page, "gallery-cards");
    await chat.getByRole("button", { name: "Book sail" }).click();
    // The visitor keeps seeing the button they pressed, not the value the server stored.
    await expect.poll(lastGuest).toBe("Book sail");

    await chat.getByText("Payments are not available in this chat.").waitFor();
    await screenshot(page, "gallery-end");
    expect(page.problems.filter((problem) => /Content Security Policy|pageerror/.test(problem))).toEqual([]);
  });
});
