import { TIMING, WALLET_RETRIES } from '../timing';

/**
 * Waits for an injected wallet: present now, announced late (`ethereum#initialized`), or found by one of
 * 5 retries at 500 ms. Resolves false when none appeared.
 */
export function waitForWallet(isPresent: () => boolean, win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): Promise<boolean> {
  if (isPresent()) return Promise.resolve(true);
  return new Promise((resolve) => {
    let tries = 0;
    const done = (found: boolean) => {
      clearInterval(timer);
      win.removeEventListener('ethereum#initialized', onInitialized);
      win.removeEventListener('eip6963:announceProvider', onInitialized);
      resolve(found);
    };
    const onInitialized = () => done(true);
    win.addEventListener('ethereum#initialized', onInitialized);
    win.addEventListener('eip6963:announceProvider', onInitialized);
    const timer = setInterval(() => {
      tries += 1;
      if (isPresent()) done(true);
      else if (tries >= WALLET_RETRIES) done(false);
    }, TIMING.walletRetryInterval);
  });
}
