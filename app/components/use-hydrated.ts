import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during the server render and while React hydrates the page, true afterwards (and at once for
 * components that first render after hydration, e.g. on a client-side navigation).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
