import type { z } from 'zod';
import type * as inputs from './inputs';
import type * as R from './replies';

/**
 * Every endpoint of the API, declared once: its path under /api/v1/, who may call it, its input (the zod
 * schema of the same name in ./inputs) and its reply. The server registers its routes from this object
 * and the app's hooks infer their types from it (docs/architecture.md).
 *
 * - public: anyone; the envelope's address may be the zero address.
 * - user: a session (guid) of the envelope's address, which must be registered ('302' / '301' otherwise).
 * - signed: as user, plus the wallet's signature (`nonce`, `signature`) of the challenge getNonce issued for
 *   this address, this endpoint and these fields: every call that moves or locks money.
 * getNonce's `purpose` is 'login', 'reg' or the name of a signed endpoint (./purposes).
 */
export type Access = 'public' | 'user' | 'signed';
export type EndpointName = keyof typeof inputs & string;

export type Endpoint<N extends EndpointName = EndpointName, A extends Access = Access, Reply = unknown> = {
  readonly name: N;
  readonly path: string;
  readonly access: A;
  /** Type-only: never set at runtime. */
  readonly reply?: Reply;
};

/** What the caller passes (before the schema's transforms): strings. Signed endpoints get nonce and signature added. */
export type InputOf<E extends Endpoint> = z.input<(typeof inputs)[E['name']]>;
/** What the handler receives, after the schema's transforms. */
export type ParsedInputOf<E extends Endpoint> = z.output<(typeof inputs)[E['name']]>;
export type ReplyOf<E extends Endpoint> = E extends Endpoint<EndpointName, Access, infer R> ? R : never;

const define =
  <Reply>() =>
  <N extends EndpointName, A extends Access>(name: N, group: string, access: A): Endpoint<N, A, Reply> => ({
    name,
    path: `${group}/${name}`,
    access,
  });

export const endpoints = {
  getUserExist: define<R.Empty>()('getUserExist', 'publicapi', 'public'),
  getNonce: define<R.Challenge>()('getNonce', 'publicapi', 'public'),
  login: define<{ guid: string }>()('login', 'publicapi', 'public'),
  // Registration also signs in: its reply carries the session, as login's does (docs/api.md).
  reg: define<{ guid: string }>()('reg', 'publicapi', 'public'),
  getSwap: define<R.Banner[]>()('getSwap', 'publicapi', 'public'),
  getHotNotice: define<R.Notice[]>()('getHotNotice', 'publicapi', 'public'),
  getNoticeList: define<R.Page<R.NoticeItem>>()('getNoticeList', 'publicapi', 'public'),
  getNoticeDetail: define<R.Notice>()('getNoticeDetail', 'publicapi', 'public'),

  getUserInfo: define<R.UserInfo>()('getUserInfo', 'userapi', 'user'),
  getBalance: define<R.Balance>()('getBalance', 'userapi', 'user'),
  logout: define<R.Empty>()('logout', 'userapi', 'user'),

  getWalletConfig: define<R.WalletConfig>()('getWalletConfig', 'walletapi', 'public'),
  getRechargeList: define<R.Page<R.RechargeRecord>>()('getRechargeList', 'walletapi', 'user'),
  getWithdrawList: define<R.Page<R.WithdrawRecord>>()('getWithdrawList', 'walletapi', 'user'),
  getTransferList: define<R.Page<R.TransferRecord>>()('getTransferList', 'walletapi', 'user'),
  checkMember: define<R.Member>()('checkMember', 'walletapi', 'user'),

  invest: define<R.Levels>()('invest', 'investapi', 'public'),
  investSave: define<{ pledge_id: string }>()('investSave', 'investapi', 'signed'),
  getInvestExpire: define<R.Expiry>()('getInvestExpire', 'investapi', 'user'),
  closeExpire: define<R.Empty>()('closeExpire', 'investapi', 'user'),
  getInvestList: define<R.Page<R.StakeRecord>>()('getInvestList', 'investapi', 'user'),
  investUpgrade: define<{ pledge_id: string; paid: string }>()('investUpgrade', 'investapi', 'signed'),
  applyRedeem: define<{ pledge_id: string }>()('applyRedeem', 'investapi', 'signed'),
  confirmRedeem: define<{ pledge_id: string; amount: string }>()('confirmRedeem', 'investapi', 'signed'),

  getRewardSummary: define<R.RewardSummary>()('getRewardSummary', 'rewardapi', 'user'),
  getRewardList: define<R.Page<R.RewardRecord>>()('getRewardList', 'rewardapi', 'user'),
  getTeamSummary: define<R.TeamSummary>()('getTeamSummary', 'teamapi', 'user'),
  getTeamList: define<R.Page<R.TeamMember>>()('getTeamList', 'teamapi', 'user'),

  getMailList: define<R.Page<R.MailItem>>()('getMailList', 'mailapi', 'user'),
  getMailDetail: define<R.MailDetail>()('getMailDetail', 'mailapi', 'user'),
  sendMail: define<{ id: string }>()('sendMail', 'mailapi', 'user'),
  replyMail: define<{ id: string }>()('replyMail', 'mailapi', 'user'),

  sendCode: define<R.CodeSent>()('sendCode', 'emailapi', 'user'),
  bindEmail: define<R.EmailBound>()('bindEmail', 'emailapi', 'user'),
  changeEmail: define<R.EmailBound>()('changeEmail', 'emailapi', 'user'),
  getEmailReminders: define<R.EmailReminders>()('getEmailReminders', 'emailapi', 'user'),
  setEmailReminder: define<R.EmailReminders>()('setEmailReminder', 'emailapi', 'user'),

  getApplyInfo: define<R.ApplyInfo>()('getApplyInfo', 'communityapi', 'user'),
  uploadPhoto: define<R.PhotoUpload>()('uploadPhoto', 'communityapi', 'user'),
  checkApply: define<R.ApplyCheck>()('checkApply', 'communityapi', 'user'),
  apply: define<{ id: string }>()('apply', 'communityapi', 'user'),
  getApplyStatus: define<R.ApplyStatus>()('getApplyStatus', 'communityapi', 'user'),
} satisfies { [N in EndpointName]: Endpoint<N> };

export type Endpoints = typeof endpoints;
/** The endpoint object of a name, with its literal access and reply types. */
export type EndpointOf<N extends EndpointName> = Endpoints[N];
