import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilderHarness, shot, type BuilderHarness, type WatchedPage } from "./builder-harness.js";
import { center } from "./canvas-actions.js";

/** A 1×1 PNG: loads without any server. */
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const text = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** Start → A (buttons Yes / No, two images); B and C (texts) far to the right. */
function canvasBot() {
  return {
    name: "Canvas items",
    events: [{ id: "start", type: "start", graphCoordinates: { x: -260, y: 0 }, outgoingEdgeId: "e0" }],
    groups: [
      {
        id: "ga",
        title: "A",
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          {
            id: "choice",
            type: "choice input",
            items: [
              { id: "yes", content: "Yes" },
              { id: "no", content: "No" },
            ],
          },
          { id: "img", type: "image", content: { url: PIXEL } },
          { id: "broken", type: "image", content: { url: "http://127.0.0.1:9/missing.png" } },
        ],
      },
      { id: "gb", title: "B", graphCoordinates: { x: 420, y: 0 }, blocks: [text("b1", "Three")] },
      { id: "gc", title: "C", graphCoordinates: { x: 1100, y: 40 }, blocks: [text("c1", "Far right")] },
    ],
    edges: [{ id: "e0", from: { eventId: "start" }, to: { groupId: "ga" } }],
    variables: [],
  };
}

type PaletteLabel = { scrollWidth: number; clientWidth: number; textContent: string };
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

describe("canvas items", { timeout: 180_000 }, () => {
  let harness: BuilderHarness;
  let page: WatchedPage;
  let botId: string;

  const group = (title: string) => page.locator(`[data-testid="group-${title}"]`);
  const block = (id: string) => page.locator(`[data-block-id="${id}"]`);
  const toast = () => page.locator('[data-testid="canvas-toast"]');
  const stored = async () => (await harness.api("GET", `/api/v1/bots/${botId}`)).bot;
  const saved = () => page.locator('[data-testid="save-status"][data-status="saved"]').waitFor();
  const groupBoxes = async () => {
    const boxes: { title: string; box: Box }[] = [];
    for (const element of await page.locator(".group-node").all())
      boxes.push({ title: (await element.getAttribute("data-testid"))!, box: (await element.boundingBox())! });
    return boxes;
  };
  const expectNoOverlap = async () => {
    const boxes = await groupBoxes();
    for (const [index, first] of boxes.entries())
      for (const second of boxes.slice(index + 1))
        expect(overlap(first.box, second.box), `${first.title} overlaps ${second.title}`).toBe(false);
  };

  const open = async (bot = canvasBot()) => {
    ({
      bot: { id: botId },
    } = await harness.api("POST", "/api/v1/bots", { workspaceId: harness.user.workspaceId, bot }));
    await page.goto(`${harness.server.url}/bots/${botId}/edit`);
    await group("C").waitFor();
  };

  beforeAll(async () => {
    harness = await createBuilderHarness();
    page = await harness.signedInPage();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("edits a button label in place: Enter saves (kept after a reload), Escape cancels", async () => {
    await open();
    await block("choice").getByRole("button", { name: "Edit label: Yes" }).dblclick();
    const field = page.getByLabel("Button label");
    await field.fill("Absolutely");
    await field.press("Enter");
    await saved();
    await block("choice").getByRole("button", { name: "Edit label: No" }).dblclick();
    await page.getByLabel("Button label").fill("Nope");
    await page.getByLabel("Button label").press("Escape");
    await expect.poll(() => page.getByLabel("Button label").count()).toBe(0);
    await saved();
    expect((await stored()).groups[0].blocks[0].items.map((item: { content: string }) => item.content)).toEqual([
      "Absolutely",
      "No",
    ]);
    await page.reload();
    await group("C").waitFor();
    expect(await block("choice").locator(".block-item").allTextContents()).toEqual(["Absolutely", "No"]);
    await shot(page, "canvas-inline-label");
  });

  it("shows image bubbles as thumbnails, a label for one that cannot load, and palette labels whole", async () => {
    await open();
    const image = block("img").locator("img.image-thumbnail");
    expect(await image.getAttribute("src")).toBe(PIXEL);
    expect(await image.getAttribute("loading")).toBe("lazy");
    await expect.poll(() => image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth)).toBe(1);
    expect(await block("img").textContent()).not.toContain("data:image");
    await expect
      .poll(() => block("broken").locator(".image-thumbnail-fallback").textContent())
      .toBe("Image could not be loaded");

    const cut = await page.locator(".palette-item").evaluateAll((items) =>
      items
        .map((item) => (item as unknown as { lastElementChild: PaletteLabel }).lastElementChild)
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => label.textContent),
    );
    expect(await page.locator(".palette-item").count()).toBeGreaterThan(30);
    expect(cut).toEqual([]);
  });

  it("pans the canvas so that a block selected at the right edge stays visible beside the settings panel", async () => {
    await open();
    await block("c1").click();
    const panel = page.locator(".side-panel");
    await panel.waitFor();
    const canvas = (await page.locator(".canvas").boundingBox())!;
    await expect
      .poll(async () => {
        const box = (await block("c1").boundingBox())!;
        const side = (await panel.boundingBox())!;
        return !overlap(box, side) && box.x >= canvas.x && box.x + box.width <= side.x;
      })
      .toBe(true);
    await shot(page, "canvas-panel-pan");
  });

  it("duplicates and deletes through the context menu (mouse and keyboard), saying what it did", async () => {
    await open();
    await group("A").locator(".group-title").click({ button: "right" });
    const menu = page.getByRole("menu", { name: "Group actions" });
    await menu.getByRole("menuitem", { name: "Duplicate" }).click();
    await expect.poll(() => toast().textContent()).toBe("Group duplicated");
    await group("A (copy)").waitFor();
    await expectNoOverlap();

    await group("A (copy)").locator(".block-row").first().click({ button: "right" });
    await page.getByRole("menu", { name: "Block actions" }).getByRole("menuitem", { name: "Delete" }).click();
    await expect.poll(() => toast().textContent()).toBe("Block deleted");
    await expect.poll(() => group("A (copy)").locator(".block-row").count()).toBe(2);

    await block("b1").focus();
    await page.keyboard.press("Shift+F10");
    const keyboardMenu = page.getByRole("menu", { name: "Block actions" });
    await keyboardMenu.waitFor();
    // The first item has the focus: Enter runs it.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
              .activeElement?.textContent,
        ),
      )
      .toBe("Duplicate");
    await page.keyboard.press("Enter");
    await expect.poll(() => toast().textContent()).toBe("Block duplicated");
    await saved();
    const bot = await stored();
    expect(bot.groups.map((entry: { title: string; blocks: unknown[] }) => [entry.title, entry.blocks.length])).toEqual(
      [
        ["A", 3],
        ["B", 2],
        ["C", 1],
        ["A (copy)", 2],
      ],
    );
    expect(page.problems).toEqual([]);
  });

  it("pastes a copied group on free space even with the pointer over another group", async () => {
    await open();
    await group("C").locator(".group-title").click();
    await page.keyboard.press("Control+c");
    await expect.poll(() => toast().textContent()).toBe("Group copied");
    const over = await center(group("A"));
    await page.mouse.move(over.x, over.y);
    await page.keyboard.press("Control+v");
    await expect.poll(() => toast().textContent()).toBe("Pasted 1 group");
    await group("C (copy)").waitFor();
    await expectNoOverlap();
    // Near where it was asked for: beside A, not far away.
    const pasted = (await group("C (copy)").boundingBox())!;
    const a = (await group("A").boundingBox())!;
    expect(Math.hypot(pasted.x - a.x, pasted.y - a.y)).toBeLessThan(700);

    await page.locator(".react-flow__pane").click({ button: "right", position: { x: 40, y: 40 } });
    await page.getByRole("menu", { name: "Canvas actions" }).getByRole("menuitem", { name: "Paste" }).click();
    await expect.poll(() => toast().textContent()).toBe("Pasted 1 group");
    await expect.poll(() => page.locator(".group-node").count()).toBe(5);
    await expectNoOverlap();
    await saved();
    expect((await stored()).groups).toHaveLength(5);
  });
});
