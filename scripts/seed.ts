// `npm run seed`: clearly labelled demo content for a fresh local stack; does nothing when levels exist.
import { LOCAL_ROLES, anvilAccount } from '../stack/accounts';
import { operate } from './lib/admin-client';

const existing = (await operate('levels.list', [])) as unknown[];
if (existing.length > 0) {
  console.log('Seed: content exists, nothing to do.');
  process.exit(0);
}

const root = anvilAccount(LOCAL_ROLES.deployer).address;
await operate('root.add', [root]);
for (const [amount, ...periods] of [
  ['100', '7:0.5', '30:0.6', '90:0.8'],
  ['500', '7:0.6', '30:0.7', '90:0.9'],
  ['1000', '7:0.7', '30:0.8', '90:1'],
  ['5000', '7:0.8', '30:1', '90:1.2'],
] as const) {
  await operate('level.add', [amount, ...periods]);
}
// Every text in the five API languages (zh is the fallback for a language without one).
await operate('banner.add', ['banners/demo-1.webp', '#/pledge/record',
  'zh', '[演示] 质押 WLD，每日分红', 'cht', '[示範] 質押 WLD，每日分紅', 'en', '[Demo] Stake WLD, earn daily',
  'fra', '[Démo] Staking de WLD, des gains chaque jour', 'kor', '[데모] WLD 스테이킹, 매일 배당']);
await operate('banner.add', ['banners/demo-2.webp', '#/share',
  'zh', '[演示] 邀请好友，壮大团队', 'cht', '[示範] 邀請好友，壯大團隊', 'en', '[Demo] Invite friends, grow your team',
  'fra', '[Démo] Invitez vos amis, agrandissez votre équipe', 'kor', '[데모] 친구를 초대하고 팀을 키우세요']);
await operate('notice.add', [
  'zh', '[演示] 欢迎使用本地环境', '<p>这是 <b>npm run seed</b> 写入的演示内容，这里没有真实资金。</p><ul><li>质押按日分红。</li><li>到期后 24 小时内可赎回。</li></ul>',
  'cht', '[示範] 歡迎使用本機環境', '<p>這是 <b>npm run seed</b> 寫入的示範內容，這裡沒有真實資金。</p><ul><li>質押按日分紅。</li><li>到期後 24 小時內可贖回。</li></ul>',
  'en', '[Demo] Welcome to the local stack', '<p>This is demo content from <b>npm run seed</b>. Nothing here is real money.</p><ul><li>Stakes pay a daily dividend.</li><li>Redeem within 24 hours after expiry.</li></ul>',
  'fra', '[Démo] Bienvenue sur la pile locale', '<p>Contenu de démonstration écrit par <b>npm run seed</b>. Rien ici n\'est de l\'argent réel.</p><ul><li>Les stakes versent un dividende quotidien.</li><li>Rachat possible dans les 24 heures après l\'échéance.</li></ul>',
  'kor', '[데모] 로컬 환경에 오신 것을 환영합니다', '<p><b>npm run seed</b>가 넣은 데모 콘텐츠입니다. 실제 자금은 없습니다.</p><ul><li>스테이킹은 매일 배당을 지급합니다.</li><li>만기 후 24시간 안에 상환할 수 있습니다.</li></ul>',
]);
await operate('notice.add', [
  'zh', '[演示] 分红如何计算', '<p>质押在周期内每满一天获得：金额 × 日分红比例。</p>',
  'cht', '[示範] 分紅如何計算', '<p>質押在週期內每滿一天獲得：金額 × 日分紅比例。</p>',
  'en', '[Demo] How dividends work', '<p>A stake earns amount × daily percent every full day of its period.</p>',
  'fra', '[Démo] Comment fonctionnent les dividendes', '<p>Un stake rapporte montant × pourcentage quotidien pour chaque jour complet de sa période.</p>',
  'kor', '[데모] 배당 계산 방법', '<p>스테이킹은 기간 중 하루가 지날 때마다 금액 × 일일 비율을 받습니다.</p>',
]);
const agreement = (title: string, intro: string, items: [string, string, string]) =>
  `<h3>${title}</h3><p>${intro}</p><ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
await operate('agreement.set', [
  'zh', agreement('[演示] 质押投资协议', '本演示协议仅用于本地环境。', ['质押金额在所选周期内锁定。', '每满一天按 金额 × 日分红比例 发放分红。', '到期后 24 小时内可赎回本金，否则系统自动续期。']),
  'cht', agreement('[示範] 質押投資協議', '本示範協議僅用於本機環境。', ['質押金額在所選週期內鎖定。', '每滿一天按 金額 × 日分紅比例 發放分紅。', '到期後 24 小時內可贖回本金，否則系統自動續期。']),
  'en', agreement('[Demo] Staking investment agreement', 'This demo agreement is seeded for the local stack.', ['The staked amount is locked for the chosen period.', 'A dividend of amount × daily percent is paid for every full day.', 'Within 24 hours after expiry you may redeem the principal; otherwise the stake renews automatically.']),
  'fra', agreement('[Démo] Contrat d\'investissement en staking', 'Ce contrat de démonstration est installé pour la pile locale.', ['Le montant staké est bloqué pendant la période choisie.', 'Un dividende de montant × pourcentage quotidien est versé pour chaque jour complet.', 'Dans les 24 heures après l\'échéance, vous pouvez racheter le capital ; sinon le stake est renouvelé automatiquement.']),
  'kor', agreement('[데모] 스테이킹 투자 약관', '이 데모 약관은 로컬 환경용입니다.', ['스테이킹 금액은 선택한 기간 동안 잠깁니다.', '하루가 지날 때마다 금액 × 일일 비율의 배당이 지급됩니다.', '만기 후 24시간 안에 원금을 상환할 수 있으며, 그렇지 않으면 자동으로 갱신됩니다.']),
]);
console.log(`Seed: demo content loaded; root user ${root}.`);
