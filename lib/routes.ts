/** The spec's route table (section 2), one entry per screen, with the meta the shell needs. */
export type ScreenName =
  | 'Index'
  | 'Notice'
  | 'NoticeDetail'
  | 'Share'
  | 'NotFound'
  | 'PledgeRecord'
  | 'Wallet'
  | 'WalletTransfer'
  | 'Reward'
  | 'RewardDetail'
  | 'Community'
  | 'CommunityCreator'
  | 'Email'
  | 'EmailDetail'
  | 'EmailDetailInbox'
  | 'EmailReply'
  | 'EmailSetting'
  | 'Manager';

export type RouteEntry = {
  path: string;
  screen: ScreenName;
  /** Message key of the screen's title. */
  title: string;
  /** Back-type header (arrow) instead of the wallet / language / menu area. */
  back: boolean;
  /** Kept alive (state, inputs, scroll) while the user is elsewhere. */
  keepAlive: boolean;
  /** /manager skips the user-existence check. */
  skipUserCheck: boolean;
  /**
   * Shows the member's own data or acts as the member: without a session the shell shows the one
   * signed-out card (components/wallet/SignInCard) instead of the screen, so no screen handles that itself.
   */
  session: boolean;
};

/** What every screen receives from the router view. */
export type ScreenProps = { route: RouteEntry };

const route = (path: string, screen: ScreenName, title: string, meta: Partial<RouteEntry> = {}): RouteEntry => ({
  path,
  screen,
  title,
  back: true,
  keepAlive: false,
  skipUserCheck: false,
  session: false,
  ...meta,
});

// No session needed: the home page, the notices and 404 are public (staking from home asks for the wallet
// itself); Share needs only the wallet's address for the link, and asks for that; Manager reads the Vault for
// anyone and is gated by the owner's wallet, not by a member's session (it skips the user check).
export const ROUTES: readonly RouteEntry[] = [
  route('/', 'Index', 'screens.index', { back: false, keepAlive: true }),
  route('/notice', 'Notice', 'screens.notice', { keepAlive: true }),
  route('/notice/detail', 'NoticeDetail', 'screens.noticeDetail'),
  route('/share', 'Share', 'screens.share'),
  route('/404', 'NotFound', 'screens.notFound'),
  route('/pledge/record', 'PledgeRecord', 'screens.pledgeRecord', { keepAlive: true, session: true }),
  route('/wallet', 'Wallet', 'screens.wallet', { back: false, keepAlive: true, session: true }),
  route('/wallet/transfer', 'WalletTransfer', 'screens.walletTransfer', { session: true }),
  route('/reward', 'Reward', 'screens.reward', { keepAlive: true, session: true }),
  route('/reward/detail', 'RewardDetail', 'screens.rewardDetail', { session: true }),
  route('/community', 'Community', 'screens.community', { keepAlive: true, session: true }),
  route('/community/creator', 'CommunityCreator', 'screens.communityCreator', { session: true }),
  route('/email', 'Email', 'screens.email', { keepAlive: true, session: true }),
  route('/email/detail', 'EmailDetail', 'screens.emailDetail', { session: true }),
  route('/email/detail/inbox', 'EmailDetailInbox', 'screens.emailDetailInbox', { session: true }),
  route('/email/reply', 'EmailReply', 'screens.emailReply', { session: true }),
  route('/email/setting', 'EmailSetting', 'screens.emailSetting', { session: true }),
  route('/manager', 'Manager', 'screens.manager', { back: false, skipUserCheck: true }),
];

const byPath = new Map(ROUTES.map((r) => [r.path, r]));

/** The route for a pathname (trailing slash ignored), or undefined when unmatched. */
export function findRoute(pathname: string): RouteEntry | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(clean);
}

/** A location hash split into the route's path and its query: `#/share?x=1` → ['/share', 'x=1']; '' → ['/', '']. */
export function splitHash(hash: string): [path: string, search: string] {
  const body = hash.replace(/^#/, '');
  const at = body.indexOf('?');
  const path = at < 0 ? body : body.slice(0, at);
  return ['/' + path.replace(/^\//, ''), at < 0 ? '' : body.slice(at + 1)];
}

/** The route a location hash (`#/share?x=1`) points at. */
export const routeOfHash = (hash: string) => findRoute(splitHash(hash)[0]);

/** The screen a location hash opens: its route's, else NotFound. */
export const screenOfHash = (hash: string): ScreenName => routeOfHash(hash)?.screen ?? 'NotFound';

/** Where an unmatched route goes: /404 with the previous route's name and query as its own query. */
export function notFoundTarget(pathname: string, search: string): string {
  const params = new URLSearchParams({ name: pathname });
  const query = search.replace(/^\?/, '');
  if (query) params.set('query', query);
  return `/404?${params.toString()}`;
}
