import { useCallback, useEffect, useRef, useState } from 'react';

// One GET for a tab: loading, loaded or failed, and a reload that keeps the shown data while it
// runs (so a list does not flash empty after every save).

export type Resource<T> =
  | { status: 'loading'; data?: T | undefined }
  | { status: 'loaded'; data: T }
  | { status: 'failed'; error: unknown; data?: T | undefined };

export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): [Resource<T>, () => void] {
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data }));
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', data });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ status: 'failed', error, data: s.data }));
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, ...deps]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return [state, reload];
}
