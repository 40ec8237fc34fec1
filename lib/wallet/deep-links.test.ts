import { describe, expect, it } from 'vitest';
import { browserKind, walletDeepLinks } from './deep-links';

const INVITER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PAGE = `https://app.example.org/ipfs/bafy/#/?intro=${INVITER}`;
const ENCODED = `https%3A%2F%2Fapp.example.org%2Fipfs%2Fbafy%2F%23%2F%3Fintro%3D${INVITER}`;

const UA = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  weChat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323a) NetType/WIFI Language/zh_CN',
  qq: 'Mozilla/5.0 (Linux; Android 13; V2227A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/6.2 TBS/047205 Mobile Safari/537.36 V1_AND_SQ_9.0.20_5422_YYB_D QQ/9.0.20.17165 NetType/WIFI',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

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
