import { FOCUSABLE, tabStop } from './focusable';

/**
 * Tab (and Shift+Tab) leave a range picker from either of its inputs, also while the range is empty or half
 * chosen: antd keeps the focus in an empty 开始日期 to have the range finished, a trap for the keyboard. Here
 * what was half chosen is dropped (as Escape does) and the focus moves on to the page's next (or previous)
 * control. Installed once for the whole page by the module every date widget imports (utils/dayjs).
 */
function leaveRangeOnTab(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
  const input = event.target;
  if (!(input instanceof HTMLInputElement)) return;
  const picker = input.closest('.ant-picker-range');
  if (!picker) return;
  const inputs = [...picker.querySelectorAll('input')];
  const index = inputs.indexOf(input);
  // from a filled 开始日期 Tab goes on to 结束日期 as antd has it, and Shift+Tab from 结束日期 back to it
  if (!event.shiftKey && index < inputs.length - 1 && input.value) return;
  if (event.shiftKey && index > 0) return;
  const follows = (el: HTMLElement) => (picker.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const candidates = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      !picker.contains(el) &&
      !el.closest('.ant-picker-dropdown') &&
      tabStop(el) &&
      (event.shiftKey ? !follows(el) : follows(el)),
  );
  if (event.shiftKey) candidates.reverse();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  // the nearest control that takes the focus (one may refuse it: inert, or hidden by its own styles)
  for (const el of candidates) {
    el.focus();
    if (document.activeElement === el) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
  }
}

let installed = false;
/** Listens on the document (capture, before antd's own handler), once. */
export function installPickerTab(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', leaveRangeOnTab, true);
}
