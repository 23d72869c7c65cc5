import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';

// nprogress marks its bar role="bar", a role that does not exist: screen readers are told nothing true. The bar
// only draws what the page's own loading states say, so it is hidden from them.
NProgress.configure({ showSpinner: false, template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>', barSelector: '.bar' });

let active = 0;

/**
 * The top progress bar of a navigation (no spinner), counted so that a navigation finishing does not end the bar
 * while a lazy page or the session is still loading.
 */
export const progress = {
  start(): void {
    if (active++ === 0) NProgress.start();
  },
  done(): void {
    active = Math.max(0, active - 1);
    if (active === 0) NProgress.done();
  },
};

/** Renders nothing and keeps the bar running while mounted: the fallback of lazy pages and of session loading. */
export function ProgressFallback() {
  useEffect(() => {
    progress.start();
    return () => progress.done();
  }, []);
  return null;
}

/** Runs the bar once per navigation (keyed by the location key). */
export function useNavigationProgress(locationKey: string): void {
  useEffect(() => {
    progress.start();
    progress.done();
  }, [locationKey]);
}
