import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A function that runs `refetch` at most once per `ms`: the first call at once, the calls within the next `ms`
 * together once it is over. Live events come in bursts (a workshop starting its shift); the map reloads once.
 */
export function useThrottledRefetch(refetch: () => void, ms: number): () => void {
  const latest = useRef(refetch);
  useLayoutEffect(() => {
    latest.current = refetch;
  });
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) return;
    const run = () => {
      last.current = Date.now();
      latest.current();
    };
    const wait = last.current + ms - Date.now();
    if (wait <= 0) return run();
    timer.current = setTimeout(() => {
      timer.current = null;
      run();
    }, wait);
  };
}
