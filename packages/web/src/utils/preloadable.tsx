import { type ComponentType, type ReactNode, lazy, useEffect, useState } from 'react';

/** A component whose code loads on first use or on `preload()`, and renders at once when it is already in. */
export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Starts loading the code now (once; later calls share it). */
  preload: () => Promise<unknown>;
  /**
   * The component, showing `fallback` itself until its code is in instead of suspending: a boundary revealed after a
   * suspension waits out React's throttle of a few hundred ms, which a chart whose code arrives just after its page
   * mounted would add to the page's time to drawn. A failed load is thrown to the nearest error boundary, as a lazy
   * component's is.
   */
  Eager: ComponentType<P & { fallback: ReactNode }>;
}

/**
 * React.lazy that does not suspend once its code is in. A lazy component suspends on its first render even when
 * its module has long arrived, and React holds a revealed boundary back for a few hundred ms: nested pages, frame
 * and chart added seconds to a console opened on a page whose code had loaded beside the session.
 *
 * @example const chart = preloadable(() => import('./EChart')); chart.preload(); <chart.Component {...props} />
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed chunk may be fetched again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Component(props: P) {
    // chosen once per mount: switching from the lazy wrapper to the component would remount it
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  function Eager({ fallback, ...props }: P & { fallback: ReactNode }) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    const [failure, setFailure] = useState<Error>();
    if (failure) throw failure;
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      preload().then(
        (module) => mounted && setLoaded(() => module.default),
        (error: unknown) => mounted && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        mounted = false;
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...(props as unknown as P)} /> : fallback;
  }
  return { Component, preload, Eager };
}
