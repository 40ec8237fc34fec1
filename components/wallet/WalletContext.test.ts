import { describe, expect, it } from 'vitest';
import { type ConnectIntent, type Intent, handOver } from './WalletContext';

describe('handOver: a connect intent reaches a session whether or not one is mounted', () => {
  it('leaves the intent for a session still to mount', () => {
    const ref: ConnectIntent = { current: null };
    handOver(ref, 'tap');
    expect(ref.current).toBe('tap');
  });

  it('gives it to a mounted session at once, and leaves nothing behind for a mount that is over', () => {
    const carried: Intent[] = [];
    const ref: ConnectIntent = { current: null, carryOut: (intent) => carried.push(intent) };
    handOver(ref, 'tap');
    expect({ carried, left: ref.current }).toEqual({ carried: ['tap'], left: null });
  });
});
