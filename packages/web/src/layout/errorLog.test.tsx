import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useErrorLogStore } from '../stores/errorLog';
import { useSettingsStore } from '../stores/settings';
import { ErrorBoundary } from './errorLog';
import { installErrorLog } from './errorRecorder';
import { renderInConsole, resetConsole } from './testing';

function Bomb(): never {
  throw new Error('boom');
}

describe('error log', () => {
  beforeEach(async () => {
    await resetConsole();
    useSettingsStore.setState({ errorLog: true });
    // React reports errors caught by a boundary on the console; keep the test output readable
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('the boundary shows an error page and records the message, url and component', () => {
    renderInConsole(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    const [entry] = useErrorLogStore.getState().logs;
    expect(entry.err.message).toBe('boom');
    expect(entry.err.stack).toContain('boom');
    expect(entry.url).toBe(window.location.href);
    expect(entry.component).toBe('Bomb');
    expect(entry.info).toContain('Bomb');
  });

  it('records nothing while settings.errorLog is off', () => {
    useSettingsStore.setState({ errorLog: false });
    renderInConsole(
      <ErrorBoundary>
        <Bomb />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(useErrorLogStore.getState().logs).toEqual([]);
  });

  it('records uncaught errors and unhandled rejections from the window', () => {
    installErrorLog();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('uncaught'), message: 'uncaught' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new Error('rejected') });
    window.dispatchEvent(rejection);
    expect(useErrorLogStore.getState().logs.map((l) => [l.err.message, l.info])).toEqual([
      ['uncaught', 'window.onerror'],
      ['rejected', 'unhandledrejection'],
    ]);
  });
});
