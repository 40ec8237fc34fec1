import type { AuthOutcome } from '@/lib/auth/session';

/**
 * Where signing in stands for the connected wallet. 'failed': the signature was declined or the login failed;
 * any action that needs a session asks again. 'signed-out': the member signed out; nothing signs in again until
 * they ask (or another account connects).
 */
export type SignInState = { phase: 'idle' | 'signing' | 'failed' } | { phase: 'signed-out'; address: string };

export type SignInEvent = { type: 'start' } | { type: 'finished'; outcome: AuthOutcome } | { type: 'signed-out'; address: string };

export const initialSignIn: SignInState = { phase: 'idle' };

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'start':
      return { phase: 'signing' };
    case 'finished':
      // 'busy': another sign-in is under way and will finish this one.
      if (event.outcome === 'busy') return state;
      return { phase: event.outcome === 'failed' ? 'failed' : 'idle' };
    case 'signed-out':
      return { phase: 'signed-out', address: event.address };
  }
}

/** Whether the wallet's own events (a connection, an account) may sign this address in without a tap. */
export function signsInBySelf(state: SignInState, address: string): boolean {
  return !(state.phase === 'signed-out' && state.address === address);
}
