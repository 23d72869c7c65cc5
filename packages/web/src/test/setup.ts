import '@testing-library/jest-dom/vitest';
import { StyleContext } from '@ant-design/cssinjs';
import { cleanup, configure, prettyDOM } from '@testing-library/react';
import { message, notification } from 'antd';
import * as React from 'react';
import { afterAll, afterEach } from 'vitest';

// A test waits for what it shows, not for how fast this machine is: findBy/waitFor give a page up to 15 s to
// show it (they return as soon as it is there), under the test's own 30 s. With the library's 1 s, a busy
// machine failed tests whose page was only slow.
configure({ asyncUtilTimeout: 15_000, getElementError: lazyElementError });

/**
 * A query's "not found" error, with the page's markup printed only when the error is read (a failing test's
 * report), not each time a findBy/waitFor retries: printing a whole antd page every 50 ms was a tenth of a page
 * test's time.
 */
function lazyElementError(message: string | null, container: Element): Error {
  const error = new Error();
  error.name = 'TestingLibraryElementError';
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    enumerable: false,
    get: () => (text ??= [message, prettyDOM(container) || ''].filter(Boolean).join('\n\n')),
  });
  return error;
}

// antd's styles are computed but not written into the page: the sheets are of no use to jsdom, which lays nothing
// out and is not asked for computed styles by these tests, and finding and writing hundreds of them was a tenth of a
// page test's time. `mock: 'server'` is cssinjs's own switch for tests (it renders as on a server); it is set on
// the context's default, which every antd component reads when no StyleProvider is around it.
const styleContext = (StyleContext as unknown as { _currentValue: { mock?: 'server' | 'client'; cache: StyleCache & { pinned?: true } } })._currentValue;
styleContext.mock = 'server';

type CacheEntry = [mounted: number, value: unknown];
interface StyleCache {
  opUpdate(key: string, update: (previous: CacheEntry | undefined) => CacheEntry | null): void;
}

// antd computes each component's styles when the first instance mounts and forgets them when the last one unmounts,
// that is after every test; computing them again was a fifth of a page test's time. An entry is counted as mounted
// once more when it is made, so it stays for the worker's later tests and files (one theme, bounded).
if (!styleContext.cache.pinned) {
  const cache = styleContext.cache;
  const opUpdate = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, update) =>
    opUpdate(key, (previous) => {
      const next = update(previous);
      return previous === undefined && next !== null ? [next[0] + 1, next[1]] : next;
    });
  cache.pinned = true;
}

// React's development build records where each element was created (an Error with its stack, up to 10,000 a
// second) for the owner stacks of its warnings. On antd pages that is a sixth of a page test's time and none of its
// assertions; the counter React checks is held above its limit, so elements share React's one "unknown owner"
// stack. Warnings still name their component.
Object.defineProperty(
  (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: object }).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE,
  'recentlyCreatedOwnerStacks',
  { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => {} },
);

// jsdom lacks what antd's responsive and overlay code reads.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd writes its CSS-in-JS into <style> elements in <head>: hundreds of sheets that jsdom, which lays nothing out,
// matches against the element on every getComputedStyle (testing-library's role queries call it): ~0.2 s a call,
// most of a page test's time. Those sheets are kept in a detached element instead, where antd still finds,
// updates and removes them; the tests see the DOM, classes and inline styles as before, not antd's stylesheet.
const antdSheets = document.createElement('div');
const head = document.head;
const headAppend = head.appendChild.bind(head);
const headInsert = head.insertBefore.bind(head);
const headRemove = head.removeChild.bind(head);
head.appendChild = <T extends Node>(node: T): T => (node instanceof HTMLStyleElement ? antdSheets.appendChild(node) : headAppend(node));
head.insertBefore = <T extends Node>(node: T, ref: Node | null): T =>
  node instanceof HTMLStyleElement ? antdSheets.insertBefore(node, ref?.parentNode === antdSheets ? ref : null) : headInsert(node, ref);
head.removeChild = <T extends Node>(node: T): T => (node.parentNode === antdSheets ? antdSheets.removeChild(node) : headRemove(node));

afterEach(() => {
  // antd's static toasts live in a React root of their own that cleanup() does not unmount; one still on screen
  // would close on its timer after the file's jsdom is gone and React would throw "window is not defined".
  // (only when one was shown: antd's destroy() would otherwise make that root, and render it after the file ends)
  if (document.querySelector('.ant-message, .ant-notification')) {
    message.destroy();
    notification.destroy();
  }
  cleanup();
  // the open tabs a page saves for a reload must not reach the next test
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Let React finish what the last test's teardown scheduled (it runs on setImmediate) while window still exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
