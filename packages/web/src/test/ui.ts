import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { ApiCall } from './mockApi';

/** antd puts a space between the two characters of a two-character button label (确 定, 删 除). */
export const twoChars = (text: string) => new RegExp(`^${text[0]}\\s*${text[1]}$`);

/** The antd modal titled `title`, once it is there (a form may read its record before it opens). */
export const modal = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

/** The antd modal opened last (one still closing from an earlier step may linger before it in the page). */
export const dialog = () => [...document.querySelectorAll<HTMLElement>('.ant-modal')].at(-1)!;

/** The calls that changed something, as [method, path, body]. */
export const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);

/**
 * What the page hands the browser to save: jsdom has no object URLs and does not download, so the files and the
 * names they would be saved under are recorded instead (the click spy goes with vi.restoreAllMocks()).
 */
export function recordDownloads(): { names: string[]; files: Blob[] } {
  const saved = { names: [] as string[], files: [] as Blob[] };
  URL.createObjectURL = vi.fn((blob: Blob | MediaSource) => {
    // a blob read from a fetch answer is the fetch implementation's Blob, not jsdom's: told apart by its text()
    if ('text' in blob) saved.files.push(blob);
    return 'blob:download';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.names.push(this.download);
  });
  return saved;
}
