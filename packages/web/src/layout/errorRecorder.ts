// Apart from the boundary (errorLog.ts) because main.tsx installs these before the first page, and the boundary's
// antd Result would come along onto the login page.
import { useErrorLogStore } from '../stores/errorLog';
import { useSettingsStore } from '../stores/settings';

/** Records an error in the error log (the navbar's bug badge) when settings.errorLog is on (production). */
export function recordError(error: unknown, info: string, component?: string): void {
  if (!useSettingsStore.getState().errorLog) return;
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error));
  useErrorLogStore.getState().addErrorLog({
    err: { message: err.message, stack: err.stack },
    info,
    url: window.location.href,
    component,
    time: Date.now(),
  });
}

let installed = false;

/**
 * Listens for uncaught errors and unhandled promise rejections on the window. Safe to call more than once; the
 * listeners stay for the life of the page.
 */
export function installErrorLog(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event: ErrorEvent) => recordError(event.error ?? event.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => recordError(event.reason, 'unhandledrejection'));
}
