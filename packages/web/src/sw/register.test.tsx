// isolated: the update notice is antd's static notification, one for all the files of a worker, and this file reads it while it fades
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notification } from 'antd';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SW_CHECK_INTERVAL_MS } from '../settings';
import { register, registerServiceWorker, SW_UPDATED_EVENT } from './register';

/** A stand-in for the browser's service-worker container and one registration with a waiting worker. */
function fakeServiceWorker({ fail = false, controlled = true } = {}) {
  const waiting = { postMessage: vi.fn(), state: 'installed' };
  const registration = Object.assign(new EventTarget(), { waiting, installing: null, update: vi.fn(() => Promise.resolve()) });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(() => (fail ? Promise.reject(new Error('no https')) : Promise.resolve(registration))),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { container, registration, waiting };
}

describe('service worker registration', () => {
  beforeEach(() => vi.stubEnv('PROD', true));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
    vi.restoreAllMocks();
    notification.destroy();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  // the notification's close animation is scheduled by React; let it finish before jsdom is torn down
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));

  it('does nothing outside production builds', () => {
    vi.stubEnv('PROD', false);
    const { container } = fakeServiceWorker();
    registerServiceWorker();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers /custom/service-worker.js with scope /custom/', async () => {
    const { container } = fakeServiceWorker();
    registerServiceWorker();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/custom/service-worker.js', { scope: '/custom/' }));
  });

  it("fires 'sw-updated' for a waiting worker and offers 新内容可用 with 刷新, which activates it", async () => {
    const { waiting } = fakeServiceWorker();
    const updated = vi.fn();
    window.addEventListener(SW_UPDATED_EVENT, updated);
    registerServiceWorker();
    await userEvent.click(await screen.findByRole('button', { name: /刷\s*新/ }));
    expect(screen.getByText('新内容可用')).toBeInTheDocument();
    expect(updated).toHaveBeenCalledOnce();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    window.removeEventListener(SW_UPDATED_EVENT, updated);
  });

  it('says nothing on the first install, when no older version controls the page', async () => {
    fakeServiceWorker({ controlled: false });
    const updated = vi.fn();
    window.addEventListener(SW_UPDATED_EVENT, updated);
    await register();
    expect(updated).not.toHaveBeenCalled();
    window.removeEventListener(SW_UPDATED_EVENT, updated);
  });

  it('checks for an update every 3,600,000 ms', async () => {
    vi.useFakeTimers();
    const { registration } = fakeServiceWorker({ controlled: false });
    await register();
    vi.advanceTimersByTime(SW_CHECK_INTERVAL_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(registration.update).toHaveBeenCalledOnce();
  });

  it('only logs a registration error to the console', async () => {
    fakeServiceWorker({ fail: true });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(register()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Error during service worker registration:', expect.any(Error));
  });
});
