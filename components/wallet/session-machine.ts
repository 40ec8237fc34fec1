import type { Address } from 'viem';
import type { AuthOutcome } from '@/lib/auth/session';
import type { WalletStatus } from './WalletContext';

/** What wagmi says: the status as WalletSession reads it, and the account. */
export type Wallet = { status: WalletStatus; address?: Address };

/**
 * Where signing in stands, and for which address: a session counts only for the address it belongs to.
 * 'declined': the signature was declined or the login failed; a tap asks again. 'unregistered': the user check
 * found no member and the bind-inviter dialog asks for an inviter. 'signed-out': the member signed out; this
 * address signs in again only on a tap.
 */
export type Phase = 'signing-in' | 'signed-in' | 'declined' | 'unregistered' | 'signed-out';
export type Session = { phase: 'none' } | { phase: Phase; address: Address };

/** The wallet as last reported, the session, and the wallet chooser (open only until a wallet connects). */
export type SessionState = { wallet: Wallet; session: Session; chooserOpen: boolean };

export type SignInResult = 'signed-in' | 'declined' | 'unregistered';

export type SessionEvent =
  | ({ type: 'wallet' } & Wallet)
  | { type: 'chooser'; open: boolean }
  | { type: 'sign-in-requested'; address: Address }
  | { type: 'finished'; address: Address; result: SignInResult }
  | { type: 'signed-out'; address: Address };

/** The one name for where the session stands with the wallet as it is now. */
export type Stage = WalletStatus | Phase;

export function initialSession(wallet: Wallet): SessionState {
  return { wallet, session: { phase: 'none' }, chooserOpen: false };
}

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'wallet': {
      const wallet: Wallet = { status: event.status, address: event.address };
      const was = state.wallet;
      if (wallet.status === was.status && wallet.address === was.address) return state;
      // A wallet that connects again (after a wrong chain or a disconnect) or as another account signs in by
      // itself again, even after a declined signature; a signed-out address still waits for a tap.
      const arrives = wallet.status === 'connected' && (was.status !== 'connected' || was.address !== wallet.address);
      const forgets = state.session.phase === 'declined' || state.session.phase === 'unregistered';
      return {
        wallet,
        session: arrives && forgets ? { phase: 'none' } : state.session,
        chooserOpen: state.chooserOpen && wallet.status !== 'connected',
      };
    }
    case 'chooser':
      return state.chooserOpen === event.open ? state : { ...state, chooserOpen: event.open };
    case 'sign-in-requested': {
      // A 302 renews a session: the screens stay until the new login reloads the page or the renewal fails.
      const renewing = state.session.phase === 'signed-in' && state.session.address === event.address;
      return renewing ? state : { ...state, session: { phase: 'signing-in', address: event.address } };
    }
    case 'finished':
      return { ...state, session: { phase: event.result, address: event.address } };
    case 'signed-out':
      return { ...state, session: { phase: 'signed-out', address: event.address } };
  }
}

/**
 * `wallet` is wagmi's as of this render (the reducer hears of it an effect later): a session never counts for
 * another account or off the app's chain, not even for that one render.
 */
export function stageOf(state: SessionState, wallet: Wallet): Stage {
  const { session } = state;
  // One sign-in at a time: it holds until it finishes, whatever the wallet does meanwhile.
  if (session.phase === 'signing-in') return 'signing-in';
  if (wallet.status !== 'connected') return wallet.status;
  if (session.phase === 'none' || session.address !== wallet.address) return 'connected';
  return session.phase;
}

export function isSignedIn(state: SessionState, wallet: Wallet): boolean {
  return stageOf(state, wallet) === 'signed-in';
}

/** Connected on the app's chain and nobody has asked yet: the wallet's own events sign it in, with no tap. */
export function signsInBySelf(state: SessionState, wallet: Wallet): boolean {
  return stageOf(state, wallet) === 'connected' && wallet.address !== undefined;
}

type Ended = Exclude<AuthOutcome, 'busy'>;

/**
 * How a sign-in or a registration ended, given whether a session is now stored for its address ('busy' is not
 * an end: the sign-in under way finishes the session).
 */
export function resultOf(flow: 'sign-in' | 'register', outcome: Ended, stored: boolean): SignInResult {
  if (stored) return 'signed-in';
  // A refused registration keeps the dialog open with its reason: that is no declined signature.
  return outcome === 'failed' && flow === 'sign-in' ? 'declined' : 'unregistered';
}
