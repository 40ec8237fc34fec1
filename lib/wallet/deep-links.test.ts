import { describe, expect, it } from 'vitest';
import { browserKind, walletDeepLinks } from './deep-links';
import { UA } from './user-agents.fixture';

const INVITER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PAGE = `https://app.example.org/ipfs/bafy/#/?intro=${INVITER}`;
const ENCODED = `https%3A%2F%2Fapp.example.org%2Fipfs%2Fbafy%2F%23%2F%3Fintro%3D${INVITER}`;

describe('walletDeepLinks', () => {
  it('opens this exact page, hash route and invite included, in each wallet', () => {
    expect(Object.fromEntries(walletDeepLinks(PAGE).map((l) => [l.id, l.href]))).toEqual({
      metamask: `https://link.metamask.io/dapp/app.example.org/ipfs/bafy/#/?intro=${INVITER}`,
      tokenpocket: `tpdapp://open?params=${encodeURIComponent(`{"url":"${PAGE}","chain":"ETH","source":"wld-pledge"}`)}`,
      imtoken: `imtokenv2://navigate/DappView?url=${ENCODED}`,
      trust: `https://link.trustwallet.com/open_url?coin_id=60&url=${ENCODED}`,
      okx: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${ENCODED}`)}`,
      bitget: `https://bkcode.vip?action=dapp&url=${ENCODED}`,
    });
  });

  it('names the six wallets in the order shown', () => {
    expect(walletDeepLinks(PAGE).map((l) => l.name)).toEqual(['MetaMask', 'TokenPocket', 'imToken', 'Trust Wallet', 'OKX Wallet', 'Bitget Wallet']);
  });

  it('every encoded link decodes back to the page', () => {
    const links = Object.fromEntries(walletDeepLinks(PAGE).map((l) => [l.id, new URL(l.href)]));
    expect(links.imtoken!.searchParams.get('url')).toBe(PAGE);
    expect(links.trust!.searchParams.get('url')).toBe(PAGE);
    expect(links.bitget!.searchParams.get('url')).toBe(PAGE);
    expect(JSON.parse(links.tokenpocket!.searchParams.get('params')!).url).toBe(PAGE);
    expect(new URL(links.okx!.searchParams.get('deeplink')!).searchParams.get('dappUrl')).toBe(PAGE);
  });
});

describe('browserKind', () => {
  it('tells WeChat and QQ, phones, and desktops apart', () => {
    expect(browserKind(UA.weChat)).toBe('in-app');
    expect(browserKind(UA.qq)).toBe('in-app');
    expect(browserKind(UA.iPhoneSafari)).toBe('phone');
    expect(browserKind(UA.androidChrome)).toBe('phone');
    expect(browserKind(UA.desktopChrome)).toBe('desktop');
  });
});
