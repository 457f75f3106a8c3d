/** A value kept in local storage, as useSyncExternalStore reads it (`createLocalStore`). */
export interface LocalStore<Value> {
  /** The value: the same object again while none of its inputs changed. */
  read: () => Value;
  /** Tells the subscribers: called by whoever wrote to the stored keys in this tab. */
  changed: () => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A value kept in local storage, for useSyncExternalStore: derived from its inputs (the
 * stored keys' raw text, and anything else it depends on) again only when one of them
 * changed, so that React gets the same object back while nothing did. Subscribers hear
 * of this tab's writes (`changed()`) and of other tabs' (the `storage` event, handed to
 * `onOtherTab`: by default they just read again).
 */
export function createLocalStore<Inputs extends unknown[], Value>(
  inputs: () => [...Inputs],
  derive: (...inputs: Inputs) => Value,
  onOtherTab: (listener: () => void) => void = (listener) => listener(),
): LocalStore<Value> {
  let cached: { inputs: Inputs; value: Value } | null = null;
  const listeners = new Set<() => void>();

  return {
    read: () => {
      const current = inputs();
      if (cached === null || current.some((input, index) => input !== cached?.inputs[index])) {
        cached = { inputs: current, value: derive(...current) };
      }
      return cached.value;
    },
    changed: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = () => onOtherTab(listener);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
