/**
 * The demo content `npm run seed` loads into a fresh local stack (scripts/seed.ts), as data so that its tests
 * (stack/demo-content.test.ts) can read it: the levels, the banners, the notices and the agreement, each text in
 * the five API languages (zh is the fallback for a language without one).
 */
import { readFileSync } from 'node:fs';
import { API_LANGUAGES, type ApiLanguage } from '../lib/languages';

const NNBSP = '\u202f'; // French: before ; : ? ! and %

/** Each level: its amount in WLD and its periods as `days:daily percent`. */
export const DEMO_LEVELS = [
  ['100', '7:0.5', '30:0.6', '90:0.8'],
  ['500', '7:0.6', '30:0.7', '90:0.9'],
  ['1000', '7:0.7', '30:0.8', '90:1'],
  ['5000', '7:0.8', '30:1', '90:1.2'],
] as const;

/** The lowest and the highest daily percent the demo levels offer. */
export function demoRateRange(): { min: number; max: number } {
  const rates = DEMO_LEVELS.flatMap(([, ...periods]) => periods.map((p) => Number(p.split(':')[1])));
  return { min: Math.min(...rates), max: Math.max(...rates) };
}

/** A banner's image drawing (public/banners/<name>.svg, rendered to .webp by scripts/seed-banners.ts). */
export const bannerDrawing = (name: string) => readFileSync(new URL(`../public/banners/${name}.svg`, import.meta.url), 'utf8');

export type Texts = Record<ApiLanguage, string>;

export const DEMO_BANNERS: { image: string; link: string; title: Texts }[] = [
  {
    image: 'banners/demo-1.webp',
    link: '#/pledge/record',
    title: {
      zh: '[演示] 质押 WLD，每日分红',
      cht: '[示範] 質押 WLD，每日分紅',
      en: '[Demo] Stake WLD, earn daily',
      fra: '[Démo] Staking de WLD, des gains chaque jour',
      kor: '[데모] WLD 스테이킹, 매일 배당',
    },
  },
  {
    image: 'banners/demo-2.webp',
    link: '#/share',
    title: {
      zh: '[演示] 邀请好友，壮大团队',
      cht: '[示範] 邀請好友，壯大團隊',
      en: '[Demo] Invite friends, grow your team',
      fra: '[Démo] Invitez vos amis, agrandissez votre équipe',
      kor: '[데모] 친구를 초대하고 팀을 키우세요',
    },
  },
];

export const DEMO_NOTICES: { title: Texts; body: Texts }[] = [
  {
    title: {
      zh: '[演示] 欢迎使用本地环境',
      cht: '[示範] 歡迎使用本機環境',
      en: '[Demo] Welcome to the local stack',
      fra: "[Démo] Bienvenue dans l'environnement local",
      kor: '[데모] 로컬 환경에 오신 것을 환영합니다',
    },
    body: {
      zh: '<p>这是 <b>npm run seed</b> 写入的演示内容，这里没有真实资金。</p><ul><li>质押按日分红。</li><li>到期后 24 小时内可赎回。</li></ul>',
      cht: '<p>這是 <b>npm run seed</b> 寫入的示範內容，這裡沒有真實資金。</p><ul><li>質押按日分紅。</li><li>到期後 24 小時內可贖回。</li></ul>',
      en: '<p>This is demo content from <b>npm run seed</b>. Nothing here is real money.</p><ul><li>Stakes pay a daily dividend.</li><li>Redeem within 24 hours after expiry.</li></ul>',
      fra: "<p>Contenu de démonstration écrit par <b>npm run seed</b>. Rien ici n'est de l'argent réel.</p><ul><li>Chaque staking verse un dividende quotidien.</li><li>Rachat possible dans les 24\u00a0heures après l'échéance.</li></ul>",
      kor: '<p><b>npm run seed</b>로 생성한 데모 콘텐츠입니다. 실제 자금은 없습니다.</p><ul><li>스테이킹은 매일 배당을 지급합니다.</li><li>만기 후 24시간 안에 상환할 수 있습니다.</li></ul>',
    },
  },
  {
    title: {
      zh: '[演示] 分红如何计算',
      cht: '[示範] 分紅如何計算',
      en: '[Demo] How dividends work',
      fra: '[Démo] Comment fonctionnent les dividendes',
      kor: '[데모] 배당 계산 방법',
    },
    body: {
      zh: '<p>质押在周期内每满一天获得：金额 × 日分红比例。</p>',
      cht: '<p>質押在週期內每滿一天獲得：金額 × 日分紅比例。</p>',
      en: '<p>A stake earns amount × daily percent every full day of its period.</p>',
      fra: '<p>Un staking rapporte, pour chaque jour complet de sa période, montant × taux quotidien.</p>',
      kor: '<p>스테이킹은 기간 중 하루가 지날 때마다 금액 × 일일 배당률만큼 배당을 받습니다.</p>',
    },
  },
];

const agreement = (title: string, intro: string, items: [string, string, string]) =>
  `<h3>${title}</h3><p>${intro}</p><ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;

export const DEMO_AGREEMENT: Texts = {
  zh: agreement('[演示] 质押投资协议', '本演示协议仅用于本地环境。', [
    '质押金额在所选周期内锁定。',
    '每满一天按 金额 × 日分红比例 发放分红。',
    '到期后 24 小时内可赎回本金，否则系统自动续期。',
  ]),
  cht: agreement('[示範] 質押投資協議', '本示範協議僅用於本機環境。', [
    '質押金額在所選週期內鎖定。',
    '每滿一天按 金額 × 日分紅比例 發放分紅。',
    '到期後 24 小時內可贖回本金，否則系統自動續期。',
  ]),
  en: agreement('[Demo] Staking investment agreement', 'This demo agreement is seeded for the local stack.', [
    'The staked amount is locked for the chosen period.',
    'A dividend of amount × daily percent is paid for every full day.',
    'Within 24 hours after expiry you may redeem the principal; otherwise the stake renews automatically.',
  ]),
  fra: agreement("[Démo] Contrat d'investissement en staking", "Ce contrat de démonstration est prévu pour l'environnement local.", [
    'Le montant staké est bloqué pendant la période choisie.',
    'Un dividende de montant × taux quotidien est versé pour chaque jour complet.',
    `Dans les 24\u00a0heures après l'échéance, vous pouvez racheter le capital${NNBSP}; sinon le staking est renouvelé automatiquement.`,
  ]),
  kor: agreement('[데모] 스테이킹 투자 약관', '이 데모 약관은 로컬 환경용입니다.', [
    '스테이킹 금액은 선택한 기간 동안 잠깁니다.',
    '하루가 지날 때마다 금액 × 일일 배당률만큼 배당이 지급됩니다.',
    '만기 후 24시간 안에 원금을 상환할 수 있으며, 그렇지 않으면 자동으로 갱신됩니다.',
  ]),
};

/** The operator command arguments of a text in the five languages: `zh, text, cht, text, …`. */
export const byLanguage = (...texts: Texts[]) => API_LANGUAGES.flatMap((language) => [language, ...texts.map((t) => t[language])]);
