/**
 * Where a browser without an injected wallet sends the visitor: each wallet's documented link that opens a page
 * in its own dapp browser, and which kind of browser this is.
 */
export type WalletLink = { id: WalletId; name: string; href: string };
export type WalletId = 'metamask' | 'tokenpocket' | 'imtoken' | 'trust' | 'okx' | 'bitget';

const enc = encodeURIComponent;

/** The page's full address; each builder gets it whole (origin, path, the hash route and its query). */
const BUILDERS: readonly (readonly [WalletId, string, (url: string) => string])[] = [
  // docs.metamask.io "Use deeplinks": https://link.metamask.io/dapp/{dappUrl}, the URL without its scheme, not encoded.
  ['metamask', 'MetaMask', (url) => `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}`],
  // TokenPocket-Protocol: tpdapp://open?params={"url": ..., "chain": ..., "source": ...}, the JSON encoded.
  ['tokenpocket', 'TokenPocket', (url) => `tpdapp://open?params=${enc(JSON.stringify({ url, chain: 'ETH', source: 'wld-pledge' }))}`],
  // imToken "Deep Linking": imtokenv2://navigate/DappView?url=<encoded>.
  ['imtoken', 'imToken', (url) => `imtokenv2://navigate/DappView?url=${enc(url)}`],
  // Trust Wallet "Deep Linking": open_url with the SLIP-44 coin (60, Ethereum) and the URL.
  ['trust', 'Trust Wallet', (url) => `https://link.trustwallet.com/open_url?coin_id=60&url=${enc(url)}`],
  // OKX "App Universal Link": okx://wallet/dapp/url?dappUrl=<encoded>, wrapped in the download page's universal link.
  ['okx', 'OKX Wallet', (url) => `https://web3.okx.com/download?deeplink=${enc(`okx://wallet/dapp/url?dappUrl=${enc(url)}`)}`],
  // Bitget "BKConnect": https://bkcode.vip?action=dapp&url=<encoded> (the only form Android accepts from a web page).
  ['bitget', 'Bitget Wallet', (url) => `https://bkcode.vip?action=dapp&url=${enc(url)}`],
];

export function walletDeepLinks(pageUrl: string): WalletLink[] {
  return BUILDERS.map(([id, name, build]) => ({ id, name, href: build(pageUrl) }));
}

/**
 * `in-app`: WeChat or QQ, which block links to other apps, so only their own menu can open the page elsewhere.
 * `phone`: a mobile browser, where the wallets' links work. `desktop`: anything else, where a phone scans a QR code.
 */
export type BrowserKind = 'in-app' | 'phone' | 'desktop';

export function browserKind(userAgent: string): BrowserKind {
  if (/MicroMessenger\//i.test(userAgent) || /\bQQ\//.test(userAgent)) return 'in-app';
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)) return 'phone';
  return 'desktop';
}
