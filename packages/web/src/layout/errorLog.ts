import { Result } from 'antd';
import { Component, createElement, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from './errorRecorder';
import { LAYOUT_TEXT } from './messages';


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
