import { BASE_PATH, SW_CHECK_INTERVAL_MS } from '../settings';

export const SW_URL = `${BASE_PATH}service-worker.js`;
/** Fired on window with the registration as detail when a new worker is installed and waiting. */
export const SW_UPDATED_EVENT = 'sw-updated';

/** Calls `listener` each time a new version is installed and waiting; returns the unsubscribe. */
export function onServiceWorkerUpdated(listener: (registration: ServiceWorkerRegistration) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ServiceWorkerRegistration>).detail);
  window.addEventListener(SW_UPDATED_EVENT, handler);
  return () => window.removeEventListener(SW_UPDATED_EVENT, handler);
}

function emitUpdated(registration: ServiceWorkerRegistration): void {
  window.dispatchEvent(new CustomEvent(SW_UPDATED_EVENT, { detail: registration }));
}

/** Only an update, not the first install: with no controller yet there is nothing old to replace. */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) emitUpdated(registration);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) emitUpdated(registration);
    });
  });
}

/**
 * Registers the worker, announces updates and checks for one every hour (3,600,000 ms). Errors are only
 * logged: the console works without the worker.
 */
export async function register(): Promise<ServiceWorkerRegistration | undefined> {
  try {
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: BASE_PATH });
    watchForUpdates(registration);
    setInterval(() => {
      registration.update().catch((error: unknown) => console.error('Error during service worker update:', error));
    }, SW_CHECK_INTERVAL_MS);
    return registration;
  } catch (error) {
    console.error('Error during service worker registration:', error);
    return undefined;
  }
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function activateUpdate(registration: ServiceWorkerRegistration): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Production builds only: registers /custom/service-worker.js (scope /custom/) once the page has loaded and
 * shows 新内容可用 with a 刷新 button when a new version is waiting. Call once from main.tsx.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // the notice is antd's: loaded when a new version is there, not with every page (the login page has no antd)
  onServiceWorkerUpdated((registration) => void import('./updateNotice').then(({ showUpdateNotice }) => showUpdateNotice(() => activateUpdate(registration))));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
