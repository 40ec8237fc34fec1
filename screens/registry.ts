import { type ComponentType, lazy } from 'react';
import { type ScreenName, type ScreenProps, routeOfHash } from '@/lib/routes';
import { SESSION_KEYS } from '@/lib/storage-keys';

type ScreenModule = { default: ComponentType<ScreenProps> };

const LOADERS: Record<ScreenName, () => Promise<ScreenModule>> = {
  Index: () => import('./Index'),
  Notice: () => import('./Notice'),
  NoticeDetail: () => import('./NoticeDetail'),
  Share: () => import('./Share'),
  NotFound: () => import('./NotFound'),
  PledgeRecord: () => import('./PledgeRecord'),
  Wallet: () => import('./Wallet'),
  WalletTransfer: () => import('./WalletTransfer'),
  Reward: () => import('./Reward'),
  RewardDetail: () => import('./RewardDetail'),
  Community: () => import('./Community'),
  CommunityCreator: () => import('./CommunityCreator'),
  Email: () => import('./Email'),
  EmailDetail: () => import('./EmailDetail'),
  EmailDetailInbox: () => import('./EmailDetailInbox'),
  EmailReply: () => import('./EmailReply'),
  EmailSetting: () => import('./EmailSetting'),
  Manager: () => import('./Manager'),
};

/** Each route's screen module, loaded only when first visited. */
export const SCREENS = {} as Record<ScreenName, ComponentType<ScreenProps>>;
for (const name of Object.keys(LOADERS) as ScreenName[]) SCREENS[name] = lazy(LOADERS[name]);

/** Starts loading a screen's module ahead of its first render (the one the app opens on), in parallel with the shell. */
export function preloadScreen(name: ScreenName) {
  void LOADERS[name]();
}

/**
 * Starts the screen the app opens on (`hash`) ahead of the shell, unless the shell will not show it: a member's
 * route (route meta `session`) with no session in this tab shows the sign-in card instead, and signing in from
 * it reloads the page, so its screen's code would be fetched and run for nothing. (A session needs the guid
 * that login keeps in sessionStorage: lib/auth/session.ts.)
 */
export function preloadFirstScreen(hash: string, storage: Pick<Storage, 'getItem'>) {
  const route = routeOfHash(hash);
  if (route?.session && !storage.getItem(SESSION_KEYS.guid)) return;
  preloadScreen(route?.screen ?? 'NotFound');
}
