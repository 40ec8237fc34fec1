import { describe, expect, it } from 'vitest';
import { initialSignIn, signInReducer, signsInBySelf } from './sign-in-state';

const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';

describe('the sign-in state', () => {
  it('a declined signature leaves "failed", and a new attempt starts over', () => {
    const failed = signInReducer(signInReducer(initialSignIn, { type: 'start' }), { type: 'finished', outcome: 'failed' });
    expect(failed).toEqual({ phase: 'failed' });
    expect(signInReducer(failed, { type: 'start' })).toEqual({ phase: 'signing' });
    expect(signInReducer({ phase: 'signing' }, { type: 'finished', outcome: 'logged-in' })).toEqual({ phase: 'idle' });
  });

  it('a sign-in that found another under way changes nothing', () => {
    expect(signInReducer({ phase: 'signing' }, { type: 'finished', outcome: 'busy' })).toEqual({ phase: 'signing' });
  });

  it('after signing out only that address waits for a tap; another account signs in by itself', () => {
    const out = signInReducer({ phase: 'idle' }, { type: 'signed-out', address: A });
    expect(signsInBySelf(out, A)).toBe(false);
    expect(signsInBySelf(out, B)).toBe(true);
    expect(signsInBySelf(signInReducer(out, { type: 'start' }), A)).toBe(true);
  });
});
