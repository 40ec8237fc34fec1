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
} as const;

export type MessageKey = keyof typeof MESSAGES;

export function translate(key: MessageKey, language: ApiLanguage, params: Record<string, string> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];
