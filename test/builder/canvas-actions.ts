import type { Locator, Page } from "playwright-core";

/**
 * Resolves once the canvas stops moving: its viewport transform the same over several animation frames.
 * Opening a block's settings pans the canvas (a 200 ms animation that starts two frames later) and Fit
 * View moves it too; a gesture measured while it moves lands where the target was, not where it is
 * (an edge drawn to nowhere on a loaded machine). Pages without a canvas resolve at once.
 */
export async function canvasSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const g = globalThis as any;
        const viewport = g.document.querySelector(".react-flow__viewport");
        if (!viewport) return resolve();
        let last = "";
        let still = 0;
        let frames = 0;
        const tick = () => {
          const now = g.getComputedStyle(viewport).transform;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 6) return resolve();
          if (++frames > 600) return reject(new Error("the canvas kept moving for 600 frames"));
          g.requestAnimationFrame(tick);
        };
        g.requestAnimationFrame(tick);
      }),
  );
}

/** Pointer gestures on the editor, as a person makes them (press, move in steps, release). */
export async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 5, { steps: 2 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

export async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a block type from the side bar onto an empty spot of the canvas (a new group). */
export async function dropBlockOnCanvas(page: Page, blockType: string, at: { x: number; y: number }): Promise<void> {
  await canvasSettled(page);
  await dragTo(page, await center(page.locator(`[data-block-type="${blockType}"]`)), at);
}

/** Drags a block type from the side bar to the end of a group. */
export async function dropBlockInGroup(page: Page, blockType: string, group: Locator): Promise<void> {
  await canvasSettled(page);
  const box = (await group.boundingBox())!;
  await dragTo(page, await center(page.locator(`[data-block-type="${blockType}"]`)), {
    x: box.x + box.width / 2,
    y: box.y + box.height - 6,
  });
}

/** Draws an edge from a source handle to a group (dropped on the group's body). */
export async function connect(page: Page, handle: Locator, group: Locator): Promise<void> {
  await canvasSettled(page);
  const box = (await group.boundingBox())!;
  await dragTo(page, await center(handle), { x: box.x + box.width / 2, y: box.y + 18 });
}

/** One attribute of every element a locator matches, in document order. */
export async function attributes(locator: Locator, name: string): Promise<(string | null)[]> {
  const count = await locator.count();
  return Promise.all(Array.from({ length: count }, (_, index) => locator.nth(index).getAttribute(name)));
}

/** A computed style property of an element (the test's TypeScript has no DOM library). */
export const computedStyle = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((element, name) => (globalThis as any).getComputedStyle(element)[name], property);
