/**
 * The local stack's hold on the Vault indexer (LOCAL_MODE only, like its adjustable clock): while held, no indexer
 * round starts, so a transaction mined meanwhile reaches the ledger only once it is released. The e2e suite's way to
 * see what the app says of a movement the ledger has not recorded yet (docs/e2e.md).
 */
export type IndexerHold = {
  readonly held: boolean;
  /** Holds or releases; holding resolves once the round under way (if any) has ended. */
  set: (held: boolean) => Promise<void>;
  /** The round now running, so a hold can wait for it. */
  track: (round: Promise<unknown>) => void;
};

export function indexerHold(): IndexerHold {
  let held = false;
  let running: Promise<unknown> = Promise.resolve();
  return {
    get held() {
      return held;
    },
    set: async (value) => {
      held = value;
      if (value) await running.catch(() => undefined);
    },
    track: (round) => {
      running = round;
    },
  };
}
