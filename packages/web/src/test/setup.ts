import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { message, notification } from 'antd';
import { afterAll, afterEach } from 'vitest';

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

afterEach(() => {
  // antd's static toasts live in a React root of their own that cleanup() does not unmount; one still on screen
  // would close on its timer after the file's jsdom is gone and React would throw "window is not defined".
  // (only when one was shown: antd's destroy() would otherwise make that root, and render it after the file ends)
  if (document.querySelector('.ant-message, .ant-notification')) {
    message.destroy();
    notification.destroy();
  }
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Let React finish what the last test's teardown scheduled (it runs on setImmediate) while window still exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));
