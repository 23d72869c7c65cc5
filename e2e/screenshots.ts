import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** Where browser tests leave their screenshots; CI keeps the folder as an artefact (it is not committed). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** Saves what `page` shows now, the whole page, as artifacts/screenshots/<name>.png; resolves to the file's path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = `${SCREENSHOT_DIR}${name.replace(/[^\w.-]+/g, '-')}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
