import { type ComponentType, lazy } from 'react';
import type { RouteEntry, ScreenName } from '@/lib/routes';

export type ScreenProps = { route: RouteEntry };

/** Each route's screen module, loaded only when first visited. */
export const SCREENS: Record<ScreenName, ComponentType<ScreenProps>> = {
  Index: lazy(() => import('./Index')),
  Notice: lazy(() => import('./Notice')),
  NoticeDetail: lazy(() => import('./NoticeDetail')),
  Share: lazy(() => import('./Share')),
  NotFound: lazy(() => import('./NotFound')),
  PledgeRecord: lazy(() => import('./PledgeRecord')),
  Wallet: lazy(() => import('./Wallet')),
  WalletTransfer: lazy(() => import('./WalletTransfer')),
  Reward: lazy(() => import('./Reward')),
  RewardDetail: lazy(() => import('./RewardDetail')),
  Community: lazy(() => import('./Community')),
  CommunityCreator: lazy(() => import('./CommunityCreator')),
  Email: lazy(() => import('./Email')),
  EmailDetail: lazy(() => import('./EmailDetail')),
  EmailDetailInbox: lazy(() => import('./EmailDetailInbox')),
  EmailReply: lazy(() => import('./EmailReply')),
  EmailSetting: lazy(() => import('./EmailSetting')),
  Manager: lazy(() => import('./Manager')),
};
