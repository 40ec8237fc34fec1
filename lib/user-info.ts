/** The user-info object of spec section 3, as the API returns it (all values strings). */
export type UserInfo = {
  is_active: '0' | '1';
  star: string;
  username: string;
  lv: '0' | '10' | '20' | '30' | '40';
  v_lv: string;
  identity_lv: string;
  email: string;
  nolookmsg: string;
  can_apply: string;
};

export type MemberLevel = 'invalid' | 'valid' | 'participant' | 'builder' | 'leader' | 'ambassador' | 'founder';

const COMMUNITY_LEVELS: Record<UserInfo['lv'], MemberLevel | null> = {
  '0': null,
  '10': 'participant',
  '20': 'builder',
  '30': 'leader',
  '40': 'ambassador',
};

/** identity_lv of a community founder (docs/rewards.md): the one place it is named; the API sends it as a string. */
export const FOUNDER_IDENTITY = 10;

export const isFounder = (info: Pick<UserInfo, 'identity_lv'>) => info.identity_lv === String(FOUNDER_IDENTITY);

/** The membership label key: founder first, then the community rank, then valid or invalid membership. */
export function memberLevel(info: Pick<UserInfo, 'is_active' | 'lv' | 'identity_lv'>): MemberLevel {
  if (isFounder(info)) return 'founder';
  return COMMUNITY_LEVELS[info.lv] ?? (info.is_active === '1' ? 'valid' : 'invalid');
}

/** The community rank's label key from lv alone (participant … ambassador), or null for lv 0. */
export const communityRank = (info: Pick<UserInfo, 'lv'>): MemberLevel | null => COMMUNITY_LEVELS[info.lv] ?? null;

/**
 * The badges beside the membership label: the community rank when the label does not already name it
 * (a founder keeps their rank), the V level ('V' + v_lv, none for 0) and the stars (0 to 5).
 */
export function memberBadges(info: Pick<UserInfo, 'is_active' | 'lv' | 'identity_lv' | 'v_lv' | 'star'>) {
  const rank = communityRank(info);
  const vLevel = Number.parseInt(info.v_lv, 10) || 0;
  return {
    rank: rank && rank !== memberLevel(info) ? rank : null,
    vLevel: vLevel > 0 ? `V${vLevel}` : null,
    stars: Math.min(5, Math.max(0, Number.parseInt(info.star, 10) || 0)),
  };
}

/** The community-creator entry is blocked with 'Conditions not met' while can_apply is '0'. */
export const canApplyForCommunity = (info: Pick<UserInfo, 'can_apply'>) => info.can_apply !== '0';

export const unreadCount = (info: Pick<UserInfo, 'nolookmsg'>) => Math.max(0, Number.parseInt(info.nolookmsg, 10) || 0);
