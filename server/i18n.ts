import type { ApiLanguage } from '../lib/i18n';

/** Server reply texts in the five API languages; business errors are keys, localised once at the edge. */
const MESSAGES = {
  ok: { zh: '成功', cht: '成功', en: 'Success', fra: 'Succès', kor: '성공' },
  badSign: { zh: '签名校验失败', cht: '簽名校驗失敗', en: 'Request signature is invalid', fra: 'Signature de la requête invalide', kor: '요청 서명이 올바르지 않습니다' },
  staleUst: { zh: '请求已过期，请检查设备时间', cht: '請求已過期，請檢查裝置時間', en: 'Request expired, please check your device time', fra: "Requête expirée, vérifiez l'heure de votre appareil", kor: '요청이 만료되었습니다. 기기 시간을 확인해 주세요' },
  invalidField: { zh: '参数错误：{field}', cht: '參數錯誤：{field}', en: 'Invalid field: {field}', fra: 'Champ invalide : {field}', kor: '잘못된 필드: {field}' },
  invalidAddress: { zh: '无效地址', cht: '無效地址', en: 'Invalid address', fra: 'Adresse invalide', kor: '잘못된 주소입니다' },
  nonceInvalid: { zh: '随机数无效或已过期，请重试', cht: '隨機數無效或已過期，請重試', en: 'Nonce is invalid or expired, please try again', fra: 'Nonce invalide ou expiré, veuillez réessayer', kor: '논스가 유효하지 않거나 만료되었습니다. 다시 시도해 주세요' },
  signatureInvalid: { zh: '钱包签名无效', cht: '錢包簽名無效', en: 'Wallet signature is invalid', fra: 'Signature du portefeuille invalide', kor: '지갑 서명이 올바르지 않습니다' },
  alreadyRegistered: { zh: '该地址已注册', cht: '該地址已註冊', en: 'This address is already registered', fra: 'Cette adresse est déjà enregistrée', kor: '이미 등록된 주소입니다' },
  inviterNotFound: { zh: '邀请人不存在', cht: '邀請人不存在', en: 'The inviter is not a registered user', fra: "Le parrain n'est pas un utilisateur enregistré", kor: '초대자가 등록된 사용자가 아닙니다' },
  selfInvite: { zh: '不能邀请自己', cht: '不能邀請自己', en: 'You cannot invite yourself', fra: 'Vous ne pouvez pas vous parrainer vous-même', kor: '자기 자신을 초대할 수 없습니다' },
  notFound: { zh: '接口不存在', cht: '介面不存在', en: 'No such endpoint', fra: 'Point de terminaison inconnu', kor: '존재하지 않는 엔드포인트입니다' },
  internal: { zh: '服务器繁忙，请稍后再试', cht: '伺服器繁忙，請稍後再試', en: 'Server busy, please try again later', fra: 'Serveur occupé, réessayez plus tard', kor: '서버가 바쁩니다. 잠시 후 다시 시도해 주세요' },
  levelNotFound: { zh: '质押档位不存在', cht: '質押檔位不存在', en: 'This staking level does not exist', fra: "Ce niveau de staking n'existe pas", kor: '존재하지 않는 스테이킹 등급입니다' },
  periodNotFound: { zh: '质押周期不存在', cht: '質押週期不存在', en: 'This period does not belong to the level', fra: "Cette période n'appartient pas au niveau", kor: '해당 등급의 기간이 아닙니다' },
  insufficientBalance: { zh: '余额不足', cht: '餘額不足', en: 'Insufficient balance', fra: 'Solde insuffisant', kor: '잔액이 부족합니다' },
  stakeNotFound: { zh: '质押记录不存在', cht: '質押記錄不存在', en: 'Stake not found', fra: 'Stake introuvable', kor: '스테이킹 기록이 없습니다' },
  notUpgradable: { zh: '只能升级到更高档位的进行中质押', cht: '只能升級到更高檔位的進行中質押', en: 'Only an active stake can move to a higher level', fra: 'Seul un stake actif peut passer à un niveau supérieur', kor: '진행 중인 스테이킹만 더 높은 등급으로 업그레이드할 수 있습니다' },
  notRedeemable: { zh: '不在赎回期内', cht: '不在贖回期內', en: 'This stake is not within its redemption window', fra: "Ce stake n'est pas dans sa fenêtre de rachat", kor: '환매 기간이 아닙니다' },
  redemptionNotApplied: { zh: '请先申请赎回', cht: '請先申請贖回', en: 'Please apply for redemption first', fra: "Veuillez d'abord demander le rachat", kor: '먼저 환매를 신청해 주세요' },
  nonceOtherAction: { zh: '该签名不属于此操作，请重试', cht: '該簽名不屬於此操作，請重試', en: 'This signature was made for another action, please try again', fra: 'Cette signature a été faite pour une autre action, veuillez réessayer', kor: '다른 작업에 대한 서명입니다. 다시 시도해 주세요' },
  // What the wallet shows when it is asked to sign (docs/api.md has an example of each).
  siweLogin: { zh: '使用此钱包登录 WLD 质押。', cht: '使用此錢包登入 WLD 質押。', en: 'Sign in to WLD Staking with this wallet.', fra: 'Connexion à WLD Staking avec ce portefeuille.', kor: '이 지갑으로 WLD 스테이킹에 로그인합니다.' },
  siweRegister: { zh: '注册 WLD 质押，邀请人 {inviter}。', cht: '註冊 WLD 質押，邀請人 {inviter}。', en: 'Register on WLD Staking with inviter {inviter}.', fra: 'Inscription à WLD Staking avec le parrain {inviter}.', kor: '추천인 {inviter}(으)로 WLD 스테이킹에 가입합니다.' },
  actionFrame: {
    zh: 'WLD 质押请您确认：\n\n{action}\n\n账户：{address}\n随机数：{nonce}\n有效期至：{expires}',
    cht: 'WLD 質押請您確認：\n\n{action}\n\n帳戶：{address}\n隨機數：{nonce}\n有效期至：{expires}',
    en: 'WLD Staking asks you to confirm:\n\n{action}\n\nAccount: {address}\nNonce: {nonce}\nExpires: {expires}',
    fra: 'WLD Staking vous demande de confirmer :\n\n{action}\n\nCompte : {address}\nNonce : {nonce}\nExpire le : {expires}',
    kor: 'WLD 스테이킹 확인 요청:\n\n{action}\n\n계정: {address}\n논스: {nonce}\n만료: {expires}',
  },
  actionStake: { zh: '质押 {amount} WLD，周期 {days} 天，日分红 {scale}%。', cht: '質押 {amount} WLD，週期 {days} 天，日分紅 {scale}%。', en: 'Stake {amount} WLD for {days} days at {scale}% a day.', fra: 'Staker {amount} WLD pendant {days} jours à {scale} % par jour.', kor: '{amount} WLD를 {days}일 동안 하루 {scale}%로 스테이킹합니다.' },
  actionUpgrade: { zh: '将质押 #{id} 从 {from} WLD 升级到 {to} WLD，支付差额 {difference} WLD。', cht: '將質押 #{id} 從 {from} WLD 升級到 {to} WLD，支付差額 {difference} WLD。', en: 'Upgrade stake #{id} from {from} WLD to {to} WLD, paying the difference of {difference} WLD.', fra: 'Passer le staking n° {id} de {from} WLD à {to} WLD en payant la différence de {difference} WLD.', kor: '스테이킹 #{id}을(를) {from} WLD에서 {to} WLD로 업그레이드하고 차액 {difference} WLD를 지불합니다.' },
  actionApplyRedeem: { zh: '申请赎回质押 #{id}（{amount} WLD）。', cht: '申請贖回質押 #{id}（{amount} WLD）。', en: 'Apply to redeem stake #{id} ({amount} WLD).', fra: 'Demander le rachat du staking n° {id} ({amount} WLD).', kor: '스테이킹 #{id}({amount} WLD)의 상환을 신청합니다.' },
  actionConfirmRedeem: { zh: '确认赎回质押 #{id}：{amount} WLD 将退回您的余额。', cht: '確認贖回質押 #{id}：{amount} WLD 將退回您的餘額。', en: 'Confirm the redemption of stake #{id}: {amount} WLD returns to your balance.', fra: 'Confirmer le rachat du staking n° {id} : {amount} WLD reviennent sur votre solde.', kor: '스테이킹 #{id}의 상환을 확정합니다: {amount} WLD가 잔액으로 돌아갑니다.' },
} as const;

export type MessageKey = keyof typeof MESSAGES;
/** A text to word in the request's language: a key and its values. */
export type Wording = { key: MessageKey; params: Record<string, string> };

export function translate(key: MessageKey, language: ApiLanguage, params: Record<string, string> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];
