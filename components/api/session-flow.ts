/**
 * '301' (register) and '302' (log in) from any call are the wallet session's to act on. The data layer
 * announces them here; the session, loaded later and lower in the tree, listens.
 */
export type SessionFlow = 'register' | 'login';
type Listener = (flow: SessionFlow) => void;

const listeners = new Set<Listener>();

export function announceSessionFlow(flow: SessionFlow) {
  for (const listener of listeners) listener(flow);
}

/** Returns the unsubscribe function (an effect's cleanup). */
export function onSessionFlow(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
