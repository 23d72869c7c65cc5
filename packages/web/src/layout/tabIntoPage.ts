import type { KeyboardEvent } from 'react';
import { firstTabStop } from '../utils/focusable';

/** Whether a held Tab is waiting for the page: one wait at a time, however often Tab is pressed. */
let waiting = false;

/** Whether <main> shows nothing yet: no text and nothing to tab to (a page still loading its code). */
const blank = (main: HTMLElement) => !main.textContent?.trim() && !firstTabStop(main);

/**
 * <main>'s Tab, for the keyboard user the skip link has brought there. While the page's code is still loading
 * <main> is empty, and the browser's Tab passes it by and comes round to the skip link again: the user who
 * skipped the frame is back at its top. So a Tab on a blank <main> is held and carried out once the page is
 * there — the focus goes to the page's first control, if it is still on <main> by then.
 */
export function tabIntoPage(event: KeyboardEvent<HTMLElement>): void {
  const main = event.currentTarget;
  if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target !== main || !blank(main)) return;
  event.preventDefault();
  if (waiting) return;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== main) return stop();
    const first = firstTabStop(main);
    if (first) {
      stop();
      first.focus();
    }
  });
  const stop = () => {
    observer.disconnect();
    main.removeEventListener('blur', stop);
    waiting = false;
  };
  waiting = true;
  observer.observe(main, { childList: true, subtree: true });
  main.addEventListener('blur', stop);
}
