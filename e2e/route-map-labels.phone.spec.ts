import { expect, test } from '@playwright/test';

test("the route map's end label fits a phone: Cannes is wholly inside the map on /this-year", async ({ page }) => {
  await page.goto('/this-year');
  // The frame loads lazily, once it is near the screen.
  await page.getByTitle('2026 Rally Route').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('iframe[title="2026 Rally Route"]');
  const end = frame.getByText('Cannes', { exact: true });
  await expect(end).toBeVisible();
  // The label's box, in the map's own coordinates, lies within the map on every side.
  const fit = await end.evaluate((label) => {
    const svg = (label as SVGTextElement).ownerSVGElement!.getBoundingClientRect();
    const box = label.getBoundingClientRect();
    return {
      left: box.left - svg.left,
      right: svg.right - box.right,
      top: box.top - svg.top,
      bottom: svg.bottom - box.bottom,
      width: svg.width,
    };
  });
  expect(fit.width).toBeLessThan(390);
  // On a map this narrow, the end of the route is nearer the right edge than its label is wide, so
  // a label always drawn to the right of its dot would be cut off.
  const room = await end.evaluate((label) => {
    const svg = (label as SVGTextElement).ownerSVGElement!.getBoundingClientRect();
    const dot = label.previousElementSibling!.getBoundingClientRect();
    return { right: svg.right - dot.right, label: label.getBoundingClientRect().width };
  });
  expect(room.right, JSON.stringify(room)).toBeLessThan(room.label);
  expect(fit.left, JSON.stringify(fit)).toBeGreaterThanOrEqual(0);
  expect(fit.right, JSON.stringify(fit)).toBeGreaterThanOrEqual(0);
  expect(fit.top, JSON.stringify(fit)).toBeGreaterThanOrEqual(0);
  expect(fit.bottom, JSON.stringify(fit)).toBeGreaterThanOrEqual(0);
});
