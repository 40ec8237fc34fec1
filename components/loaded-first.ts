// What a tap opens, loaded before it is rendered rather than rendered and suspended (React.lazy): a component
// that suspends inside a shown fallback is revealed by React no sooner than 300 ms after that fallback committed
// (its FALLBACK_THROTTLE_MS), and its commit waits on a timer; loaded first, the tap's state change renders the
// component at once, in one commit.

/** A module loaded once, kept once it is in; a failed load is forgotten so that the next tap tries again. */
export function loadedFirst<T>(load: () => Promise<T>) {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    /** Starts the load (any number of calls share it); resolves with the module once it is in. */
    load(): Promise<T> {
      loading ??= load().then(
        (v) => (value = v),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    /** The module if it is in, for the render that shows it. */
    get current(): T | undefined {
      return value;
    },
  };
}
