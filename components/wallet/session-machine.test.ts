import { describe, expect, it } from 'vitest';
import {
  type SessionEvent,
  type SessionState,
  type Wallet,
  initialSession,
  isSignedIn,
  resultOf,
  sessionReducer,
  signsInBySelf,
  stageOf,
} from './session-machine';

const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';
const onA: Wallet = { status: 'connected', address: A };
const onB: Wallet = { status: 'connected', address: B };
const wrongChainA: Wallet = { status: 'wrong-chain', address: A };

const run = (state: SessionState, ...events: SessionEvent[]) => events.reduce(sessionReducer, state);
const wallet = (w: Wallet): SessionEvent => ({ type: 'wallet', ...w });
const requested = (address: `0x${string}`): SessionEvent => ({ type: 'sign-in-requested', address });
const finished = (address: `0x${string}`, result: 'signed-in' | 'declined' | 'unregistered'): SessionEvent => ({
  type: 'finished',
  address,
  result,
});
/** A as the wallet connects after a reload: connecting, then connected, then signed in. */
const connecting = () => initialSession({ status: 'connecting' });
const signedInA = () => run(connecting(), wallet(onA), requested(A), finished(A, 'signed-in'));
/** What the session publishes for the wallet as wagmi reports it in this render. */
const seen = (state: SessionState, w: Wallet) => ({ stage: stageOf(state, w), bySelf: signsInBySelf(state, w) });

describe('the session machine: each stage', () => {
  it('follows the wallet until it is connected on the app chain', () => {
    const start = initialSession({ status: 'disconnected' });
    expect(stageOf(start, { status: 'disconnected' })).toBe('disconnected');
    expect(stageOf(run(start, wallet({ status: 'connecting' })), { status: 'connecting' })).toBe('connecting');
    expect(stageOf(run(start, wallet(wrongChainA)), wrongChainA)).toBe('wrong-chain');
  });

  it('connected and not yet asked: signs in by itself, then signing in, then signed in', () => {
    const connected = run(initialSession({ status: 'connecting' }), wallet(onA));
    expect(seen(connected, onA)).toEqual({ stage: 'connected', bySelf: true });
    const signing = run(connected, requested(A));
    expect(seen(signing, onA)).toEqual({ stage: 'signing-in', bySelf: false });
    const done = run(signing, finished(A, 'signed-in'));
    expect({ stage: stageOf(done, onA), signedIn: isSignedIn(done, onA), bySelf: signsInBySelf(done, onA) }).toEqual({
      stage: 'signed-in',
      signedIn: true,
      bySelf: false,
    });
  });

  it('a user check that finds no member waits for the inviter, and does not start again by itself', () => {
    const unregistered = run(initialSession(onA), requested(A), finished(A, 'unregistered'));
    expect(seen(unregistered, onA)).toEqual({ stage: 'unregistered', bySelf: false });
    expect(stageOf(run(unregistered, finished(A, 'signed-in')), onA)).toBe('signed-in');
  });

  it('a sign-in under way holds whatever the wallet does until it finishes', () => {
    const signing = run(initialSession(onA), requested(A), wallet(wrongChainA));
    expect(stageOf(signing, wrongChainA)).toBe('signing-in');
    expect(stageOf(run(signing, finished(A, 'signed-in')), wrongChainA)).toBe('wrong-chain');
  });
});

describe('the session belongs to its address', () => {
  it('after an account switch the old session never counts for the new address, even before the machine hears', () => {
    const state = signedInA();
    // The render in which wagmi already reports B and the wallet event has not been handled yet.
    expect(isSignedIn(state, onB)).toBe(false);
    expect(signsInBySelf(state, onB)).toBe(true);
    const switched = run(state, wallet(onB));
    expect(seen(switched, onB)).toEqual({ stage: 'connected', bySelf: true });
    expect(isSignedIn(switched, onB)).toBe(false);
  });

  it('a sign-in that ends for an account the wallet has left lets the current one sign in by itself', () => {
    const state = run(initialSession(onA), requested(A), wallet(onB), finished(A, 'declined'));
    expect(seen(state, onB)).toEqual({ stage: 'connected', bySelf: true });
  });

  it('off the app chain a session does not count, and counts again on the way back', () => {
    const state = signedInA();
    expect(isSignedIn(state, wrongChainA)).toBe(false);
    const away = run(state, wallet(wrongChainA));
    expect(isSignedIn(away, wrongChainA)).toBe(false);
    expect(isSignedIn(run(away, wallet(onA)), onA)).toBe(true);
  });

  it('a 302 renews the session without taking the screens away; a renewal that fails ends it', () => {
    const renewing = run(signedInA(), requested(A));
    expect(isSignedIn(renewing, onA)).toBe(true);
    expect(stageOf(run(renewing, finished(A, 'declined')), onA)).toBe('declined');
  });
});

describe('a declined signature', () => {
  it('is asked again on a tap, never by itself, and the retry signs in', () => {
    const declined = run(initialSession(onA), requested(A), finished(A, 'declined'));
    expect(seen(declined, onA)).toEqual({ stage: 'declined', bySelf: false });
    // A repeated wallet event (the same status and account) is not a new connection.
    expect(signsInBySelf(run(declined, wallet(onA)), onA)).toBe(false);
    const retried = run(declined, requested(A));
    expect(stageOf(retried, onA)).toBe('signing-in');
    expect(isSignedIn(run(retried, finished(A, 'signed-in')), onA)).toBe(true);
  });

  it('is forgotten when the wallet connects again: it signs in by itself as it did the first time', () => {
    const declined = run(initialSession(onA), requested(A), finished(A, 'declined'));
    const back = run(declined, wallet(wrongChainA), wallet(onA));
    expect(seen(back, onA)).toEqual({ stage: 'connected', bySelf: true });
  });
});

describe('signing out', () => {
  it('signs in again only on a tap: not by itself, not after a reconnect', () => {
    const out = run(signedInA(), { type: 'signed-out', address: A });
    expect({ stage: stageOf(out, onA), signedIn: isSignedIn(out, onA), bySelf: signsInBySelf(out, onA) }).toEqual({
      stage: 'signed-out',
      signedIn: false,
      bySelf: false,
    });
    const reconnected = run(out, wallet({ status: 'disconnected' }), wallet({ status: 'connecting' }), wallet(onA));
    expect(seen(reconnected, onA)).toEqual({ stage: 'signed-out', bySelf: false });
    const tapped = run(reconnected, requested(A));
    expect(stageOf(tapped, onA)).toBe('signing-in');
    expect(isSignedIn(run(tapped, finished(A, 'signed-in')), onA)).toBe(true);
  });

  it('another account still signs in by itself', () => {
    const out = run(signedInA(), { type: 'signed-out', address: A });
    expect(signsInBySelf(run(out, wallet(onB)), onB)).toBe(true);
  });
});

describe('the wallet chooser', () => {
  it('closes when a wallet connects, by the chooser or by itself, and stays closed after a disconnect', () => {
    const open = run(initialSession({ status: 'disconnected' }), { type: 'chooser', open: true });
    expect(run(open, wallet({ status: 'connecting' })).chooserOpen).toBe(true);
    const connected = run(open, wallet({ status: 'connecting' }), wallet(onA));
    expect(connected.chooserOpen).toBe(false);
    expect(run(connected, wallet({ status: 'disconnected' })).chooserOpen).toBe(false);
  });
});

describe('resultOf: how a sign-in or registration ended', () => {
  it('a stored session is signed in whatever the outcome said', () => {
    expect(resultOf('sign-in', 'skipped', true)).toBe('signed-in');
    expect(resultOf('register', 'logged-in', true)).toBe('signed-in');
  });

  it('a failed sign-in is declined; a refused registration or a missing member waits for the inviter', () => {
    expect(resultOf('sign-in', 'failed', false)).toBe('declined');
    expect(resultOf('register', 'failed', false)).toBe('unregistered');
    expect(resultOf('sign-in', 'needs-register', false)).toBe('unregistered');
  });
});
