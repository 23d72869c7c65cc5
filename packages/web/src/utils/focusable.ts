/** What may take the focus from the keyboard: links, form controls and anything with a tab index of its own. */
export const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Whether an element is drawn (a browser without checkVisibility: taken as drawn, focus() tells the rest). */
export const shown = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true);

/** Whether Tab stops at an element: focusable, in the tab order, enabled and drawn. */
export const tabStop = (el: HTMLElement) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && shown(el);

/** The first element inside `root` that Tab stops at, in document order. */
export const firstTabStop = (root: HTMLElement): HTMLElement | undefined => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].find(tabStop);
