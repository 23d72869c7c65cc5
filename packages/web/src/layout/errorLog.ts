import { Result } from 'antd';
import { Component, createElement, type ErrorInfo, type ReactNode } from 'react';
import { useErrorLogStore } from '../stores/errorLog';
import { useSettingsStore } from '../stores/settings';
import { LAYOUT_TEXT } from './messages';

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

/** The first component named in a React component stack ("\n    at Bomb (…)" → "Bomb"). */
function componentName(stack: string | null | undefined): string | undefined {
  return stack?.match(/at (\w+)/)?.[1];
}

interface BoundaryProps {
  children?: ReactNode;
  /** Shown instead of the children after they threw; a generic error result when absent. */
  fallback?: ReactNode;
}

/**
 * Catches a render error below it, records it in the error log and shows the fallback instead of a blank page.
 * Give it a `key` that changes on navigation so the next page starts afresh.
 */
export class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    recordError(error, info.componentStack ?? '', componentName(info.componentStack));
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ?? createElement(Result, { status: 'error', title: LAYOUT_TEXT.pageError, subTitle: error.message });
  }
}
