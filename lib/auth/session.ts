import { ApiError } from '../api/client';
import { type Endpoint, type InputOf, type ReplyOf, endpoints } from '../api/contract';
import { SESSION_KEYS } from '../storage-keys';
import { TIMING } from '../timing';
import { signChallenge } from './signed-nonce';

export type AuthDeps = {
  /** Signed API call for the current address (the guid is read from storage by the caller). */
  call: <E extends Endpoint>(endpoint: E, input: InputOf<E>) => Promise<ReplyOf<E>>;
  /** personal_sign of a challenge's message, in the wallet. */
  signMessage: (message: string) => Promise<`0x${string}`>;
  /** The server refused the registration (for example, the inviter is not a member): its reason, for the dialog. */
  showRefusal: (reason: string) => void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  schedule: (fn: () => void, ms: number) => void;
  openBindInviter: () => void;
  /** Shows the loading toast; returns its close function. */
  loading: () => () => void;
};

export type AuthOutcome = 'skipped' | 'logged-in' | 'needs-register' | 'busy' | 'failed';

/** Forgets the stored session: the reply was 301 or 302, or the account changed. */
export function clearSession(storage: AuthDeps['storage']) {
  storage.removeItem(SESSION_KEYS.guid);
  storage.removeItem(SESSION_KEYS.previousAddress);
}

/** A session is stored, and it is this address's (the spec's skip rule). */
export function hasSession(storage: AuthDeps['storage'], address: string): boolean {
  return storage.getItem(SESSION_KEYS.previousAddress) === address && Boolean(storage.getItem(SESSION_KEYS.guid));
}

/**
 * The spec's login flow (section 4): check the user exists ('301' opens the bind-inviter dialog); skip login
 * when the stored previous address is this one and a guid exists; otherwise challenge → signature → login, store
 * guid and address, and reload after 500 ms when the address changed or there was no guid. One at a time;
 * failures close the loading toast quietly.
 */
export function createAuth(deps: AuthDeps) {
  let busy = false;

  /** Keeps a new session (from login, or from registration, which signs in too) and reloads as the spec's login does. */
  function keepSession(address: string, guid: string): AuthOutcome {
    const hadGuid = Boolean(deps.storage.getItem(SESSION_KEYS.guid));
    const changed = deps.storage.getItem(SESSION_KEYS.previousAddress) !== address;
    deps.storage.setItem(SESSION_KEYS.guid, guid);
    deps.storage.setItem(SESSION_KEYS.previousAddress, address);
    if (changed || !hadGuid) deps.schedule(deps.reload, TIMING.postLoginReload);
    return 'logged-in';
  }

  async function login(address: string): Promise<AuthOutcome> {
    const signed = await signChallenge(() => deps.call(endpoints.getNonce, { purpose: 'login' }), deps.signMessage);
    const { guid } = await deps.call(endpoints.login, signed);
    return keepSession(address, guid);
  }

  async function guarded(run: () => Promise<AuthOutcome>): Promise<AuthOutcome> {
    if (busy) return 'busy';
    busy = true;
    const close = deps.loading();
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'register') {
        clearSession(deps.storage);
        deps.openBindInviter();
        return 'needs-register';
      }
      return 'failed';
    } finally {
      close();
      busy = false;
    }
  }

  return {
    /** Runs once the wallet address is known. */
    ensureSignedIn: (address: string) =>
      guarded(async () => {
        await deps.call(endpoints.getUserExist, {});
        return hasSession(deps.storage, address) ? 'skipped' : login(address);
      }),
    /**
     * Registration: the server checks the inviter when it issues the challenge, before any signature is asked
     * for; a refusal's reason goes to the dialog (a validation answer, not a failure to swallow). The one
     * signature registers and signs in: `reg` answers with the session, so no login challenge follows
     * (docs/api.md: how this differs from the spec's reg, then login).
     */
    register: (address: string, inviter: string) =>
      guarded(async () => {
        let guid: string;
        try {
          const signed = await signChallenge(() => deps.call(endpoints.getNonce, { purpose: 'reg', intro_address: inviter }), deps.signMessage);
          ({ guid } = await deps.call(endpoints.reg, { ...signed, intro_address: inviter }));
        } catch (error) {
          if (error instanceof ApiError && error.kind === 'server') deps.showRefusal(error.message);
          throw error;
        }
        return keepSession(address, guid);
      }),
    /** After a '302' from any call: forget the session and log in again. */
    relogin: (address: string) => {
      clearSession(deps.storage);
      return guarded(() => login(address));
    },
    isBusy: () => busy,
  };
}
