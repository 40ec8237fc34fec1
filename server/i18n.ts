import { createTranslator } from 'use-intl/core';
import { type ApiLanguage, LOCALE_OF } from '../lib/languages';

/** Server reply texts in the five API languages; business errors are keys, localised once at the edge. */
export const MESSAGES = {
  ok: { zh: '成功', cht: '成功', en: 'Success', fra: 'Succès', kor: '성공' },
  badSign: { zh: '签名校验失败', cht: '簽名驗證失敗', en: 'Request signature is invalid', fra: 'Signature de la requête invalide', kor: '요청 서명이 올바르지 않습니다' },
  staleUst: { zh: '请求已过期，请检查设备时间', cht: '請求已過期，請檢查裝置時間', en: 'Request expired, please check your device time', fra: "Requête expirée, vérifiez l'heure de votre appareil", kor: '요청이 만료되었습니다. 기기 시간을 확인해 주세요' },
  invalidField: { zh: '参数错误：{field}', cht: '參數錯誤：{field}', en: 'Invalid field: {field}', fra: 'Champ invalide : {field}', kor: '잘못된 필드: {field}' },
  invalidAddress: { zh: '无效地址', cht: '無效地址', en: 'Invalid address', fra: 'Adresse invalide', kor: '잘못된 주소입니다' },
  nonceInvalid: { zh: '随机数无效或已过期，请重试', cht: '亂數無效或已過期，請重試', en: 'Nonce is invalid or expired, please try again', fra: 'Nonce invalide ou expiré, veuillez réessayer', kor: '논스가 유효하지 않거나 만료되었습니다. 다시 시도해 주세요' },
  signatureInvalid: { zh: '钱包签名无效', cht: '錢包簽名無效', en: 'Wallet signature is invalid', fra: 'Signature du portefeuille invalide', kor: '지갑 서명이 올바르지 않습니다' },
  alreadyRegistered: { zh: '该地址已注册', cht: '該地址已註冊', en: 'This address is already registered', fra: 'Cette adresse est déjà enregistrée', kor: '이미 등록된 주소입니다' },
  inviterNotFound: { zh: '邀请人不存在', cht: '邀請人不存在', en: 'The inviter is not a registered user', fra: "Le parrain n'est pas un utilisateur enregistré", kor: '추천인이 등록된 사용자가 아닙니다' },
  selfInvite: { zh: '不能邀请自己', cht: '不能邀請自己', en: 'You cannot invite yourself', fra: 'Vous ne pouvez pas vous parrainer vous-même', kor: '자기 자신을 초대할 수 없습니다' },
  notFound: { zh: '接口不存在', cht: 'API 端點不存在', en: 'No such endpoint', fra: 'Point de terminaison inconnu', kor: '존재하지 않는 엔드포인트입니다' },
  bodyTooLarge: { zh: '请求内容过大', cht: '請求內容過大', en: 'The request is too large', fra: 'La requête est trop volumineuse', kor: '요청이 너무 큽니다' },
  tooManyFields: { zh: '请求字段过多', cht: '請求欄位過多', en: 'The request has too many fields', fra: 'La requête contient trop de champs', kor: '요청 필드가 너무 많습니다' },
  tooManyRequests: { zh: '请求过于频繁，请 {seconds} 秒后再试', cht: '請求過於頻繁，請 {seconds} 秒後再試', en: 'Too many requests: please try again in {seconds} s', fra: 'Trop de requêtes : réessayez dans {seconds} s', kor: '요청이 너무 많습니다. {seconds}초 후에 다시 시도해 주세요' },
  internal: { zh: '服务器繁忙，请稍后再试', cht: '伺服器繁忙，請稍後再試', en: 'Server busy, please try again later', fra: 'Serveur occupé, réessayez plus tard', kor: '서버가 혼잡합니다. 잠시 후 다시 시도해 주세요' },
  levelNotFound: { zh: '质押档位不存在', cht: '質押檔位不存在', en: 'This staking level does not exist', fra: "Ce niveau de staking n'existe pas", kor: '존재하지 않는 스테이킹 등급입니다' },
  periodNotFound: { zh: '质押周期不存在', cht: '質押週期不存在', en: 'This period does not belong to the level', fra: "Cette période n'appartient pas au niveau", kor: '해당 등급의 기간이 아닙니다' },
  insufficientBalance: { zh: '余额不足', cht: '餘額不足', en: 'Insufficient balance', fra: 'Solde insuffisant', kor: '잔액이 부족합니다' },
  stakeNotFound: { zh: '质押记录不存在', cht: '質押紀錄不存在', en: 'Stake not found', fra: 'Staking introuvable', kor: '스테이킹 기록이 없습니다' },
  notUpgradable: { zh: '仅进行中的质押可升级到更高档位', cht: '僅進行中的質押可升級到更高檔位', en: 'Only an active stake can move to a higher level', fra: 'Seul un staking actif peut passer à un niveau supérieur', kor: '진행 중인 스테이킹만 더 높은 등급으로 업그레이드할 수 있습니다' },
  notRedeemable: { zh: '不在赎回期内', cht: '不在贖回期內', en: 'This stake is not within its redemption window', fra: "Ce staking n'est pas dans sa fenêtre de rachat", kor: '상환 기간이 아닙니다' },
  redemptionNotApplied: { zh: '请先申请赎回', cht: '請先申請贖回', en: 'Please apply for redemption first', fra: "Veuillez d'abord demander le rachat", kor: '먼저 상환을 신청해 주세요' },
  nonceOtherAction: { zh: '该签名不属于此操作，请重试', cht: '該簽名不屬於此操作，請重試', en: 'This signature was made for another action, please try again', fra: 'Cette signature a été faite pour une autre action, veuillez réessayer', kor: '다른 작업에 대한 서명입니다. 다시 시도해 주세요' },
  // Mail (server/mail) and email binding (server/email).
  noticeNotFound: { zh: '公告不存在', cht: '公告不存在', en: 'Announcement not found', fra: 'Annonce introuvable', kor: '공지를 찾을 수 없습니다' },
  mailNotFound: { zh: '邮件不存在', cht: '郵件不存在', en: 'Mail not found', fra: 'Message introuvable', kor: '메일을 찾을 수 없습니다' },
  mailTitleRequired: { zh: '请输入标题', cht: '請輸入標題', en: 'Please enter the title', fra: 'Veuillez saisir le titre', kor: '제목을 입력해 주세요' },
  mailContentRequired: { zh: '请输入邮件内容', cht: '請輸入郵件內容', en: 'Please enter the mail content', fra: 'Veuillez saisir le contenu du message', kor: '메일 내용을 입력해 주세요' },
  mailTitleTooLong: { zh: '标题最多 {max} 个字符', cht: '標題最多 {max} 個字元', en: 'The title is at most {max} characters', fra: 'Le titre ne doit pas dépasser {max} caractères', kor: '제목은 최대 {max}자입니다' },
  mailContentTooLong: { zh: '邮件内容最多 {max} 个字符', cht: '郵件內容最多 {max} 個字元', en: 'The mail content is at most {max} characters', fra: 'Le message ne doit pas dépasser {max} caractères', kor: '메일 내용은 최대 {max}자입니다' },
  mailNotPlainText: { zh: '邮件仅支持纯文本，请删除 HTML 标签或控制字符', cht: '郵件僅支援純文字，請刪除 HTML 標籤或控制字元', en: 'Mail is plain text only: please remove HTML tags or control characters', fra: 'Les messages sont en texte brut : retirez les balises HTML ou les caractères de contrôle', kor: '메일은 일반 텍스트만 가능합니다. HTML 태그나 제어 문자를 지워 주세요' },
  emailRequired: { zh: '请先输入邮箱', cht: '請先輸入電子信箱', en: 'Please enter your email first', fra: "Veuillez d'abord saisir votre e-mail", kor: '먼저 이메일을 입력해 주세요' },
  newEmailRequired: { zh: '请输入新邮箱', cht: '請輸入新的電子信箱', en: 'Please enter the new email', fra: 'Veuillez saisir le nouvel e-mail', kor: '새 이메일을 입력해 주세요' },
  emailInvalid: { zh: '邮箱格式不正确', cht: '電子信箱格式不正確', en: 'Please enter a valid email address', fra: 'Veuillez saisir une adresse e-mail valide', kor: '올바른 이메일 주소를 입력해 주세요' },
  emailTaken: { zh: '该邮箱已被其他会员绑定', cht: '該電子信箱已被其他會員綁定', en: 'This email is already bound to another member', fra: 'Cet e-mail est déjà lié à un autre membre', kor: '다른 회원이 이미 등록한 이메일입니다' },
  emailAlreadyBound: { zh: '您已绑定邮箱，如需更换请使用“修改邮箱”', cht: '您已綁定電子信箱，如需更換請使用「修改電子信箱」', en: 'An email is already bound: change it instead', fra: 'Un e-mail est déjà lié : modifiez-le plutôt', kor: '이미 이메일이 등록되어 있습니다. 변경하려면 \'이메일 변경\'을 이용해 주세요' },
  emailNotBound: { zh: '请先绑定邮箱', cht: '請先綁定電子信箱', en: 'Please bind an email first', fra: "Veuillez d'abord lier un e-mail", kor: '먼저 이메일을 등록해 주세요' },
  emailSame: { zh: '新邮箱与当前邮箱相同', cht: '新的電子信箱與目前的相同', en: 'The new email is the same as the current one', fra: "Le nouvel e-mail est identique à l'actuel", kor: '새 이메일이 현재 이메일과 같습니다' },
  codeRequired: { zh: '请输入验证码', cht: '請輸入驗證碼', en: 'Please enter the verification code', fra: 'Veuillez saisir le code de vérification', kor: '인증번호를 입력해 주세요' },
  codeInvalid: { zh: '验证码错误或已过期', cht: '驗證碼錯誤或已過期', en: 'The verification code is wrong or has expired', fra: 'Le code de vérification est erroné ou a expiré', kor: '인증번호가 틀렸거나 만료되었습니다' },
  codeTooManyTries: { zh: '验证码错误次数过多，请重新获取', cht: '驗證碼錯誤次數過多，請重新取得', en: 'Too many wrong codes: please request a new one', fra: 'Trop de codes erronés : demandez-en un nouveau', kor: '인증번호 오류가 너무 많습니다. 새 인증번호를 요청해 주세요' },
  codeTooSoon: { zh: '验证码已发送，请 {seconds} 秒后再试', cht: '驗證碼已寄出，請 {seconds} 秒後再試', en: 'A code was just sent: please wait {seconds} s before asking again', fra: 'Un code vient d\'être envoyé : patientez {seconds} s avant de redemander', kor: '인증번호를 방금 보냈습니다. {seconds}초 후에 다시 시도해 주세요' },
  mailerOff: { zh: '服务器未配置邮件发送', cht: '伺服器未設定郵件寄送', en: 'Sending email is not configured on this server', fra: "L'envoi d'e-mails n'est pas configuré sur ce serveur", kor: '이 서버에는 이메일 발송이 설정되어 있지 않습니다' },
  mailerFailed: { zh: '邮件发送失败，请稍后再试', cht: '郵件寄送失敗，請稍後再試', en: 'The email could not be sent, please try again later', fra: "L'e-mail n'a pas pu être envoyé, réessayez plus tard", kor: '이메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요' },
  // The verification email itself.
  codeSubject: { zh: 'WLD 质押验证码：{code}', cht: 'WLD 質押驗證碼：{code}', en: 'WLD Staking verification code: {code}', fra: 'Code de vérification WLD Staking : {code}', kor: 'WLD 스테이킹 인증번호: {code}' },
  codeBody: {
    zh: '您的验证码是 {code}，10 分钟内有效，仅可使用一次。\n如果这不是您本人的操作，请忽略本邮件。',
    cht: '您的驗證碼是 {code}，10 分鐘內有效，僅可使用一次。\n如果這不是您本人的操作，請忽略本郵件。',
    en: 'Your verification code is {code}. It is valid for 10 minutes and can be used once.\nIf you did not ask for it, ignore this email.',
    fra: 'Votre code de vérification est {code}. Il est valable 10 minutes et ne sert qu\'une fois.\nSi vous ne l\'avez pas demandé, ignorez cet e-mail.',
    kor: '인증번호는 {code}입니다. 10분 동안 한 번만 사용할 수 있습니다.\n요청하지 않으셨다면 이 메일을 무시해 주세요.',
  },
  // Reminder emails and their unsubscribe page (server/reminders/).
  remindStakeEndedSubject: { zh: '您的 {amount} WLD 质押已到期', cht: '您的 {amount} WLD 質押已到期', en: 'Your stake of {amount} WLD has ended', fra: 'Votre staking de {amount} WLD est arrivé à échéance', kor: '{amount} WLD 스테이킹 기간이 끝났습니다' },
  remindStakeEndedBody: { zh: '您的质押 #{id}（{amount} WLD）已于 {endsAt}（UTC）到期。\n您可以在 {renewsAt}（UTC）之前赎回。若届时仍未赎回，将按相同周期自动续期，本金随之续投。\n查看记录：{link}', cht: '您的質押 #{id}（{amount} WLD）已於 {endsAt}（UTC）到期。\n您可以在 {renewsAt}（UTC）之前贖回。若屆時仍未贖回，將按相同週期自動續期，本金隨之續投。\n查看紀錄：{link}', en: 'Your stake #{id} of {amount} WLD ended on {endsAt} (UTC).\nYou can redeem it until {renewsAt} (UTC). If it is not redeemed by then, it renews automatically for the same period, with its principal.\nYour record: {link}', fra: 'Votre staking n° {id} de {amount} WLD est arrivé à échéance le {endsAt} (UTC).\nVous pouvez le racheter jusqu\'au {renewsAt} (UTC). S\'il n\'est pas racheté d\'ici là, il est renouvelé automatiquement pour la même durée, avec son capital.\nVotre historique : {link}', kor: '스테이킹 #{id}({amount} WLD)의 기간이 {endsAt}(UTC)에 끝났습니다.\n{renewsAt}(UTC)까지 상환할 수 있습니다. 그때까지 상환하지 않으면 같은 기간으로 원금과 함께 자동 갱신됩니다.\n기록 보기: {link}' },
  remindStakeLastSubject: { zh: '最后几小时：赎回您的 {amount} WLD 质押', cht: '最後幾小時：贖回您的 {amount} WLD 質押', en: 'Last hours to redeem your stake of {amount} WLD', fra: 'Dernières heures pour racheter votre staking de {amount} WLD', kor: '{amount} WLD 스테이킹 상환 마감이 몇 시간 남았습니다' },
  remindStakeLastBody: { zh: '您的质押 #{id}（{amount} WLD）仍可赎回，截止时间为 {renewsAt}（UTC），只剩几个小时。之后将按相同周期自动续期。\n查看记录：{link}', cht: '您的質押 #{id}（{amount} WLD）仍可贖回，截止時間為 {renewsAt}（UTC），只剩幾個小時。之後將按相同週期自動續期。\n查看紀錄：{link}', en: 'Your stake #{id} of {amount} WLD can still be redeemed until {renewsAt} (UTC), a few hours from now. After that it renews automatically for the same period.\nYour record: {link}', fra: 'Votre staking n° {id} de {amount} WLD peut encore être racheté jusqu\'au {renewsAt} (UTC), dans quelques heures. Ensuite, il est renouvelé automatiquement pour la même durée.\nVotre historique : {link}', kor: '스테이킹 #{id}({amount} WLD)은 {renewsAt}(UTC)까지, 앞으로 몇 시간 동안 상환할 수 있습니다. 그 후에는 같은 기간으로 자동 갱신됩니다.\n기록 보기: {link}' },
  remindWithdrawalPaidSubject: { zh: '您的 {amount} WLD 提现已到账', cht: '您的 {amount} WLD 提領已到帳', en: 'Your withdrawal of {amount} WLD was paid', fra: 'Votre retrait de {amount} WLD a été payé', kor: '{amount} WLD 출금이 지급되었습니다' },
  remindWithdrawalPaidBody: { zh: '您的提现 #{id}（{amount} WLD）已审核通过并在链上支付。\n交易哈希：{tx}\n查看记录：{link}', cht: '您的提領 #{id}（{amount} WLD）已審核通過並在鏈上支付。\n交易雜湊：{tx}\n查看紀錄：{link}', en: 'Your withdrawal #{id} of {amount} WLD was approved and paid on chain.\nTransaction: {tx}\nYour records: {link}', fra: 'Votre retrait n° {id} de {amount} WLD a été approuvé et payé sur la chaîne.\nTransaction : {tx}\nVotre historique : {link}', kor: '출금 #{id}({amount} WLD)이 승인되어 체인에서 지급되었습니다.\n트랜잭션: {tx}\n기록 보기: {link}' },
  remindWithdrawalRejectedSubject: { zh: '您的 {amount} WLD 提现未通过审核', cht: '您的 {amount} WLD 提領未通過審核', en: 'Your withdrawal of {amount} WLD was rejected', fra: 'Votre retrait de {amount} WLD a été refusé', kor: '{amount} WLD 출금이 반려되었습니다' },
  remindWithdrawalRejectedBody: { zh: '您的提现 #{id}（{amount} WLD）未通过审核，金额已退回您的余额。\n原因：{reason}\n查看记录：{link}', cht: '您的提領 #{id}（{amount} WLD）未通過審核，金額已退回您的餘額。\n原因：{reason}\n查看紀錄：{link}', en: 'Your withdrawal #{id} of {amount} WLD was rejected, and the amount is back in your balance.\nReason: {reason}\nYour records: {link}', fra: 'Votre retrait n° {id} de {amount} WLD a été refusé, et le montant est revenu sur votre solde.\nMotif : {reason}\nVotre historique : {link}', kor: '출금 #{id}({amount} WLD)이 반려되어 금액이 잔액으로 돌아왔습니다.\n사유: {reason}\n기록 보기: {link}' },
  alertSubject: { zh: '[WLD 质押] 告警：{what}', cht: '[WLD 質押] 警報：{what}', en: '[WLD Staking] Alert: {what}', fra: '[WLD Staking] Alerte : {what}', kor: '[WLD 스테이킹] 경보: {what}' },
  alertBody: { zh: '{what}\n\n控制台：{link}\n事件 #{id}，开始于 {at}（UTC）。每个事件只发一封邮件：恢复正常后再次发生时才会再发。', cht: '{what}\n\n控制台：{link}\n事件 #{id}，開始於 {at}（UTC）。每個事件只寄一封郵件：恢復正常後再次發生時才會再寄。', en: '{what}\n\nConsole: {link}\nIncident #{id}, opened {at} (UTC). One email per incident: the next comes only if this clears and happens again.', fra: '{what}\n\nConsole : {link}\nIncident n° {id}, ouvert le {at} (UTC). Un e-mail par incident : le suivant ne vient que si celui-ci se résout et revient.', kor: '{what}\n\n콘솔: {link}\n사건 #{id}, {at}(UTC)에 시작. 사건마다 이메일은 한 통입니다. 해소된 뒤 다시 발생할 때만 다음 이메일이 옵니다.' },
  alertCoverage: { zh: '储备覆盖率 {coverage}%，低于阈值 {threshold}%（金库 {vault} WLD，应付 {owed} WLD）', cht: '儲備覆蓋率 {coverage}%，低於門檻 {threshold}%（金庫 {vault} WLD，應付 {owed} WLD）', en: 'Reserves cover {coverage}% of what is owed, below the threshold of {threshold}% (Vault {vault} WLD, owed {owed} WLD)', fra: 'Les réserves couvrent {coverage} % de ce qui est dû, sous le seuil de {threshold} % (coffre {vault} WLD, dû {owed} WLD)', kor: '준비금이 지급할 금액의 {coverage}%로 기준 {threshold}% 미만입니다(금고 {vault} WLD, 지급할 금액 {owed} WLD)' },
  alertPayouts: { zh: '提现打款异常：{flagged} 笔被标记，{stuck} 笔已批准但超过 {minutes} 分钟未付', cht: '提領撥款異常：{flagged} 筆被標記，{stuck} 筆已核准但超過 {minutes} 分鐘未付', en: 'Payouts in trouble: {flagged} flagged, {stuck} approved but unpaid for over {minutes} min', fra: 'Paiements en difficulté : {flagged} signalés, {stuck} approuvés mais impayés depuis plus de {minutes} min', kor: '지급 이상: {flagged}건 표시됨, {stuck}건 승인되었지만 {minutes}분 넘게 미지급' },
  alertIndexer: { zh: '索引器停滞：停在区块 {block} 已超过 {minutes} 分钟，链上已确认区块为 {confirmed}', cht: '索引器停滯：停在區塊 {block} 已超過 {minutes} 分鐘，鏈上已確認區塊為 {confirmed}', en: 'The indexer stalled: at block {block} for over {minutes} min while the chain has confirmed block {confirmed}', fra: 'L\'indexeur est bloqué : au bloc {block} depuis plus de {minutes} min alors que la chaîne a confirmé le bloc {confirmed}', kor: '인덱서 정지: 체인이 블록 {confirmed}까지 확정했는데 {minutes}분 넘게 블록 {block}에 머물러 있습니다' },
  alertDailyJobFailed: { zh: '每日任务失败（{at} UTC）：{error}', cht: '每日任務失敗（{at} UTC）：{error}', en: 'The daily job failed ({at} UTC): {error}', fra: 'La tâche quotidienne a échoué ({at} UTC) : {error}', kor: '일일 작업 실패({at} UTC): {error}' },
  alertDailyJobLate: { zh: '每日任务延迟：自 {at}（UTC）起没有运行记录', cht: '每日任務延遲：自 {at}（UTC）起沒有執行紀錄', en: 'The daily job is late: no run recorded since {at} (UTC)', fra: 'La tâche quotidienne est en retard : aucune exécution depuis le {at} (UTC)', kor: '일일 작업 지연: {at}(UTC) 이후 실행 기록이 없습니다' },
  remindReplySubject: { zh: '管理员回复了您的邮件「{title}」', cht: '管理員回覆了您的郵件「{title}」', en: 'The administrator replied to “{title}”', fra: 'L\'administrateur a répondu à « {title} »', kor: '관리자가 「{title}」에 답장했습니다' },
  remindReplyBody: { zh: '管理员回复了您的邮件「{title}」。请在应用中查看回复：{link}', cht: '管理員回覆了您的郵件「{title}」。請在應用程式中查看回覆：{link}', en: 'The administrator replied to your mail “{title}”. Read the reply in the app: {link}', fra: 'L\'administrateur a répondu à votre message « {title} ». Lisez la réponse dans l\'application : {link}', kor: '관리자가 회원님의 메일 「{title}」에 답장했습니다. 앱에서 답장을 확인하세요: {link}' },
  remindCommunityApprovedSubject: { zh: '您的社区申请已通过', cht: '您的社群申請已通過', en: 'Your community application was approved', fra: 'Votre demande de communauté a été approuvée', kor: '커뮤니티 신청이 승인되었습니다' },
  remindCommunityApprovedBody: { zh: '您创建社区的申请 #{id} 已通过，您现在是社区创始人。\n查看：{link}', cht: '您建立社群的申請 #{id} 已通過，您現在是社群創始人。\n查看：{link}', en: 'Your application #{id} to found a community was approved: you are now a community founder.\nSee it: {link}', fra: 'Votre demande n° {id} de fonder une communauté a été approuvée : vous êtes maintenant fondateur de communauté.\nVoir : {link}', kor: '커뮤니티 창설 신청 #{id}이 승인되어 이제 커뮤니티 창립자입니다.\n보기: {link}' },
  remindCommunityRejectedSubject: { zh: '您的社区申请未通过', cht: '您的社群申請未通過', en: 'Your community application was rejected', fra: 'Votre demande de communauté a été refusée', kor: '커뮤니티 신청이 반려되었습니다' },
  remindCommunityRejectedBody: { zh: '您创建社区的申请 #{id} 未通过。\n原因：{reason}\n您可以重新申请：{link}', cht: '您建立社群的申請 #{id} 未通過。\n原因：{reason}\n您可以重新申請：{link}', en: 'Your application #{id} to found a community was rejected.\nReason: {reason}\nYou may apply again: {link}', fra: 'Votre demande n° {id} de fonder une communauté a été refusée.\nMotif : {reason}\nVous pouvez refaire une demande : {link}', kor: '커뮤니티 창설 신청 #{id}이 반려되었습니다.\n사유: {reason}\n다시 신청할 수 있습니다: {link}' },
  remindFooter: { zh: '\n\n——\n您收到本邮件，是因为此邮箱绑定了您的 WLD 质押账户。一键退订此类邮件：{unsubscribe}\n全部邮件设置：{settings}', cht: '\n\n——\n您收到本郵件，是因為此信箱綁定了您的 WLD 質押帳戶。一鍵退訂此類郵件：{unsubscribe}\n全部郵件設定：{settings}', en: '\n\n—\nYou receive this because this email is bound to your WLD Staking account. Stop emails of this kind with one tap: {unsubscribe}\nAll email settings: {settings}', fra: '\n\n—\nVous recevez ce message parce que cette adresse est liée à votre compte WLD Staking. Ne plus recevoir ce type d\'e-mail en un clic : {unsubscribe}\nTous les réglages d\'e-mail : {settings}', kor: '\n\n—\n이 이메일이 WLD 스테이킹 계정에 연결되어 있어 보내 드립니다. 이런 메일을 한 번에 수신 거부: {unsubscribe}\n모든 이메일 설정: {settings}' },
  remindKind_stake: { zh: '质押到期提醒', cht: '質押到期提醒', en: 'stake period reminders', fra: 'rappels d\'échéance de staking', kor: '스테이킹 만기 알림' },
  remindKind_withdrawal: { zh: '提现结果通知', cht: '提領結果通知', en: 'withdrawal results', fra: 'résultats de retrait', kor: '출금 결과 알림' },
  remindKind_reply: { zh: '管理员回复通知', cht: '管理員回覆通知', en: 'administrator replies', fra: 'réponses de l\'administrateur', kor: '관리자 답장 알림' },
  remindKind_community: { zh: '社区申请结果通知', cht: '社群申請結果通知', en: 'community application results', fra: 'résultats de demande de communauté', kor: '커뮤니티 신청 결과 알림' },
  unsubscribedTitle: { zh: '已退订', cht: '已退訂', en: 'Unsubscribed', fra: 'Désabonnement confirmé', kor: '수신 거부 완료' },
  unsubscribedBody: { zh: '您将不再收到「{kind}」邮件。可随时在应用的邮箱设置中重新开启。', cht: '您將不再收到「{kind}」郵件。可隨時在應用程式的信箱設定中重新開啟。', en: 'You will no longer receive emails about {kind}. You can turn them back on at any time in the app\'s email settings.', fra: 'Vous ne recevrez plus d\'e-mails de {kind}. Vous pouvez les réactiver à tout moment dans les réglages d\'e-mail de l\'application.', kor: '이제 「{kind}」 메일을 받지 않습니다. 앱의 이메일 설정에서 언제든지 다시 켤 수 있습니다.' },
  unsubscribeInvalid: { zh: '此退订链接无效。', cht: '此退訂連結無效。', en: 'This unsubscribe link is not valid.', fra: 'Ce lien de désabonnement n\'est pas valide.', kor: '유효하지 않은 수신 거부 링크입니다.' },
  // Community applications (server/community/).
  conditionsNotMet: { zh: '条件不满足', cht: '不符合條件', en: 'Conditions not met', fra: 'Conditions non remplies', kor: '조건을 충족하지 않습니다' },
  applicationOpen: { zh: '您已有一个审核中或已通过的申请', cht: '您已有一個審核中或已通過的申請', en: 'You already have an application under review or approved', fra: 'Vous avez déjà une demande en cours d\'examen ou approuvée', kor: '이미 심사 중이거나 승인된 신청이 있습니다' },
  officePhotos: { zh: '请上传 3 张办公场所照片', cht: '請上傳 3 張辦公場所照片', en: 'Please upload 3 office photos', fra: 'Veuillez téléverser 3 photos du bureau', kor: '사무실 사진 3장을 업로드해 주세요' },
  officePhotosSame: { zh: '3 张办公场所照片不能是同一张，请上传 3 张不同的照片', cht: '3 張辦公場所照片不能是同一張，請上傳 3 張不同的照片', en: 'The 3 office photos must be different pictures: please upload 3 different photos', fra: 'Les 3 photos du bureau doivent être différentes : veuillez téléverser 3 photos différentes', kor: '사무실 사진 3장은 서로 달라야 합니다. 서로 다른 사진 3장을 업로드해 주세요' },
  photoType: { zh: '仅支持 JPEG、PNG 或 WebP 图片', cht: '僅支援 JPEG、PNG 或 WebP 圖片', en: 'Only JPEG, PNG or WebP images are accepted', fra: 'Seules les images JPEG, PNG ou WebP sont acceptées', kor: 'JPEG, PNG 또는 WebP 이미지만 업로드할 수 있습니다' },
  photoTooLarge: { zh: '每张照片不能超过 5 MB', cht: '每張照片不能超過 5 MB', en: 'Each photo must be at most 5 MB', fra: 'Chaque photo doit faire au plus 5 Mo', kor: '사진은 한 장당 5MB 이하여야 합니다' },
  notReceiver: { zh: '该地址不是合约的收款地址', cht: '該地址不是合約的收款地址', en: 'This address is not one of the contract\'s receiving addresses', fra: 'Cette adresse n\'est pas une adresse de réception du contrat', kor: '컨트랙트의 수취 주소가 아닙니다' },
  paymentNotFound: { zh: '未在链上找到该付款交易', cht: '未在鏈上找到該付款交易', en: 'The payment transaction was not found on chain', fra: 'La transaction de paiement est introuvable sur la chaîne', kor: '체인에서 결제 거래를 찾을 수 없습니다' },
  paymentMismatch: { zh: '付款交易与申请不符（付款人、收款地址或金额）', cht: '付款交易與申請不符（付款人、收款地址或金額）', en: 'The payment does not match the application (payer, receiving address or amount)', fra: 'Le paiement ne correspond pas à la demande (payeur, adresse de réception ou montant)', kor: '결제가 신청 내용과 일치하지 않습니다(결제자, 수취 주소 또는 금액)' },
  paymentUnconfirmed: { zh: '付款尚未达到 {confirmations} 个确认，请稍后再提交', cht: '付款尚未達到 {confirmations} 個確認，請稍後再提交', en: 'The payment has fewer than {confirmations} confirmations yet, please submit again shortly', fra: 'Le paiement n\'a pas encore {confirmations} confirmations, veuillez réessayer dans un instant', kor: '결제 확인이 아직 {confirmations}회 미만입니다. 잠시 후 다시 제출해 주세요' },
  paymentNotFinal: { zh: '付款所在区块尚未最终确认，请稍后再提交', cht: '付款所在區塊尚未最終確認，請稍後再提交', en: 'The payment\'s block is not final on chain yet, please submit again shortly', fra: 'Le bloc du paiement n\'est pas encore final sur la chaîne, veuillez réessayer dans un instant', kor: '결제가 포함된 블록이 아직 체인에서 확정되지 않았습니다. 잠시 후 다시 제출해 주세요' },
  paymentUsed: { zh: '该付款交易已被使用', cht: '該付款交易已被使用', en: 'This payment transaction has already been used', fra: 'Cette transaction de paiement a déjà été utilisée', kor: '이미 사용된 결제 거래입니다' },
  paymentUnverifiable: { zh: '暂时无法在链上核实付款，请稍后再试', cht: '暫時無法在鏈上核實付款，請稍後再試', en: 'The payment cannot be verified on chain right now, please try again later', fra: 'Le paiement ne peut pas être vérifié sur la chaîne pour le moment, réessayez plus tard', kor: '지금은 체인에서 결제를 확인할 수 없습니다. 잠시 후 다시 시도해 주세요' },
  communityTokenInvalid: { zh: '社区地址不是有效的 ERC20 合约', cht: '社群地址不是有效的 ERC20 合約', en: 'The community address is not an ERC20 contract', fra: 'L\'adresse de la communauté n\'est pas un contrat ERC20', kor: '커뮤니티 주소가 유효한 ERC20 컨트랙트가 아닙니다' },
  // What the wallet shows when it is asked to sign (docs/api.md has an example of each).
  foreignOrigin: { zh: '此页面不是 {site}：请只在 {site} 登录 WLD 质押', cht: '此頁面不是 {site}：請只在 {site} 登入 WLD 質押', en: 'This page is not {site}: sign in to WLD Staking only at {site}', fra: "Cette page n'est pas {site} : connectez-vous à WLD Staking uniquement sur {site}", kor: '이 페이지는 {site}이(가) 아닙니다. WLD 스테이킹에는 {site}에서만 로그인하세요' },
  siweLogin: { zh: '使用此钱包登录 WLD 质押。', cht: '使用此錢包登入 WLD 質押。', en: 'Sign in to WLD Staking with this wallet.', fra: 'Connexion à WLD Staking avec ce portefeuille.', kor: '이 지갑으로 WLD 스테이킹에 로그인합니다.' },
  siweRegister: { zh: '注册 WLD 质押（邀请人 {inviter}）并使用此钱包登录。', cht: '註冊 WLD 質押（邀請人 {inviter}）並使用此錢包登入。', en: 'Register on WLD Staking with inviter {inviter} and sign in with this wallet.', fra: 'Inscription à WLD Staking avec le parrain {inviter} et connexion avec ce portefeuille.', kor: '추천인 {inviter}(으)로 WLD 스테이킹에 가입하고 이 지갑으로 로그인합니다.' },
  actionFrame: {
    zh: '请确认以下 WLD 质押操作：\n\n{action}\n\n账户：{address}\n随机数：{nonce}\n有效期至：{expires}',
    cht: '請確認以下 WLD 質押操作：\n\n{action}\n\n帳戶：{address}\n亂數：{nonce}\n有效期至：{expires}',
    en: 'WLD Staking asks you to confirm:\n\n{action}\n\nAccount: {address}\nNonce: {nonce}\nExpires: {expires}',
    fra: 'WLD Staking vous demande de confirmer :\n\n{action}\n\nCompte : {address}\nNonce : {nonce}\nExpire le : {expires}',
    kor: 'WLD 스테이킹 확인 요청:\n\n{action}\n\n계정: {address}\n논스: {nonce}\n만료: {expires}',
  },
  actionStake: { zh: '质押 {amount} WLD，周期 {days} 天，日分红 {scale}%。', cht: '質押 {amount} WLD，週期 {days} 天，日分紅 {scale}%。', en: 'Stake {amount} WLD for {days, plural, one {# day} other {# days}} at {scale}% a day.', fra: 'Staker {amount} WLD pendant {days, plural, one {# jour} other {# jours}} à {scale} % par jour.', kor: '{amount} WLD를 {days}일 동안 일일 배당률 {scale}%로 스테이킹합니다.' },
  actionUpgrade: { zh: '将质押 #{id} 从 {from} WLD 升级到 {to} WLD，支付差额 {difference} WLD。', cht: '將質押 #{id} 從 {from} WLD 升級到 {to} WLD，支付差額 {difference} WLD。', en: 'Upgrade stake #{id} from {from} WLD to {to} WLD, paying the difference of {difference} WLD.', fra: 'Passer le staking n° {id} de {from} WLD à {to} WLD en payant la différence de {difference} WLD.', kor: '스테이킹 #{id}을(를) {from} WLD에서 {to} WLD로 업그레이드하고 차액 {difference} WLD를 지불합니다.' },
  actionApplyRedeem: { zh: '申请赎回质押 #{id}（{amount} WLD）。', cht: '申請贖回質押 #{id}（{amount} WLD）。', en: 'Apply to redeem stake #{id} ({amount} WLD).', fra: 'Demander le rachat du staking n° {id} ({amount} WLD).', kor: '스테이킹 #{id}({amount} WLD)의 상환을 신청합니다.' },
  actionConfirmRedeem: { zh: '确认赎回质押 #{id}：{amount} WLD 将退回您的余额。', cht: '確認贖回質押 #{id}：{amount} WLD 將退回您的餘額。', en: 'Confirm the redemption of stake #{id}: {amount} WLD returns to your balance.', fra: 'Confirmer le rachat du staking n° {id} : {amount} WLD reviennent sur votre solde.', kor: '스테이킹 #{id}의 상환을 확정합니다. {amount} WLD가 잔액으로 반환됩니다.' },
  // The operator's console (lib/console-api/contract.ts, server/http/routes-console.ts).
  consoleInvalidInput: { zh: '输入有误：{detail}', cht: '輸入有誤：{detail}', en: 'Invalid input: {detail}', fra: 'Saisie invalide : {detail}', kor: '입력 오류: {detail}' },
  consoleReasonRequired: { zh: '请填写原因。', cht: '請填寫原因。', en: 'Please enter a reason.', fra: 'Veuillez indiquer un motif.', kor: '사유를 입력해 주세요.' },
  consoleReasonTooLong: { zh: '原因最多 500 个字符。', cht: '原因最多 500 個字元。', en: 'The reason is at most 500 characters.', fra: 'Le motif fait au plus 500 caractères.', kor: '사유는 최대 500자입니다.' },
  consoleUnauthenticated: { zh: '请先登录控制台', cht: '請先登入控制台', en: 'Please sign in to the console', fra: 'Veuillez vous connecter à la console', kor: '먼저 콘솔에 로그인하세요' },
  consoleCsrf: { zh: '请求缺少安全令牌，请重新登录', cht: '請求缺少安全權杖，請重新登入', en: 'The request lacks its security token; please sign in again', fra: 'La requête n\'a pas son jeton de sécurité, veuillez vous reconnecter', kor: '요청에 보안 토큰이 없습니다. 다시 로그인하세요' },
  consoleForbidden: { zh: '您的角色无权执行此操作（需要：{roles}）', cht: '您的角色無權執行此操作（需要：{roles}）', en: 'Your role may not do this (needs: {roles})', fra: 'Votre rôle ne permet pas cette action (requis : {roles})', kor: '역할 권한이 없습니다(필요: {roles})' },
  consoleNotOperator: { zh: '此钱包不是控制台操作员', cht: '此錢包不是控制台操作員', en: 'This wallet is not an operator of the console', fra: 'Ce portefeuille n\'est pas un opérateur de la console', kor: '이 지갑은 콘솔 운영자가 아닙니다' },
  consoleBadSignature: { zh: '签名与消息或钱包不符', cht: '簽名與訊息或錢包不符', en: 'The signature does not match the message and the wallet', fra: 'La signature ne correspond pas au message et au portefeuille', kor: '서명이 메시지 또는 지갑과 일치하지 않습니다' },
  consoleForeignOrigin: { zh: '此登录消息不是给 {site} 的', cht: '此登入訊息不是給 {site} 的', en: 'This sign-in message is not for {site}', fra: 'Ce message de connexion n\'est pas pour {site}', kor: '이 로그인 메시지는 {site}용이 아닙니다' },
  consoleExpired: { zh: '登录消息已过期或已使用，请重新获取', cht: '登入訊息已過期或已使用，請重新取得', en: 'The sign-in message has expired or was already used; ask for a new one', fra: 'Le message de connexion a expiré ou a déjà servi, demandez-en un nouveau', kor: '로그인 메시지가 만료되었거나 이미 사용되었습니다. 새로 받으세요' },
  consoleNotFound: { zh: '未找到：{what}', cht: '未找到：{what}', en: 'Not found: {what}', fra: 'Introuvable : {what}', kor: '찾을 수 없음: {what}' },
  consoleRefused: { zh: '已拒绝：{detail}', cht: '已拒絕：{detail}', en: 'Refused: {detail}', fra: 'Refusé : {detail}', kor: '거부됨: {detail}' },
  consoleSameOperator: { zh: '您已批准过此提现，需由另一位操作员批准', cht: '您已核准過此提領，需由另一位操作員核准', en: 'You already approved this withdrawal: another operator must approve it', fra: 'Vous avez déjà approuvé ce retrait ; un autre opérateur doit l\'approuver', kor: '이미 이 출금을 승인했습니다. 다른 운영자가 승인해야 합니다' },
  consoleNotUnderReview: { zh: '此提现已不在审核中', cht: '此提領已不在審核中', en: 'This withdrawal is no longer under review', fra: 'Ce retrait n\'est plus en cours d\'examen', kor: '이 출금은 더 이상 심사 중이 아닙니다' },
  consoleOperatorExists: { zh: '该地址已是操作员', cht: '該地址已是操作員', en: 'This address is already an operator', fra: 'Cette adresse est déjà un opérateur', kor: '이미 운영자인 주소입니다' },
  consoleNoOperator: { zh: '没有该地址的在职操作员', cht: '沒有該地址的在職操作員', en: 'No active operator has this address', fra: 'Aucun opérateur actif n\'a cette adresse', kor: '이 주소의 활성 운영자가 없습니다' },
  consoleInvalidEmail: { zh: '邮箱格式不正确', cht: '電子郵件格式不正確', en: 'This is not a valid email address', fra: 'Cette adresse e-mail n\'est pas valide', kor: '올바른 이메일 주소가 아닙니다' },
  consoleOwnAdmin: { zh: '不能移除自己或自己的管理员角色', cht: '不能移除自己或自己的管理員角色', en: 'You cannot remove yourself or your own admin role', fra: 'Vous ne pouvez pas vous retirer ni retirer votre propre rôle admin', kor: '자신 또는 자신의 관리자 역할은 제거할 수 없습니다' },
  consoleSecondAdminNeeded: { zh: '设立管理员需要另一位管理员确认', cht: '設立管理員需要另一位管理員確認', en: 'Making an admin needs a second admin to confirm it', fra: 'Nommer un admin doit être confirmé par un second admin', kor: '관리자 지정은 다른 관리자의 확인이 필요합니다' },
  consoleGrantPending: { zh: '该地址已有待确认的管理员授权 #{id}', cht: '該地址已有待確認的管理員授權 #{id}', en: 'An admin grant for this address already waits for confirmation (#{id})', fra: 'Une nomination d\'admin pour cette adresse attend déjà sa confirmation (n° {id})', kor: '이 주소에 대한 관리자 지정이 이미 확인을 기다리고 있습니다(#{id})' },
  consoleGrantDecided: { zh: '此管理员授权已被确认或取消', cht: '此管理員授權已被確認或取消', en: 'This admin grant was already confirmed or cancelled', fra: 'Cette nomination d\'admin a déjà été confirmée ou annulée', kor: '이 관리자 지정은 이미 확인되었거나 취소되었습니다' },
  consoleOwnGrant: { zh: '不能确认自己提出的管理员授权，需由另一位管理员确认', cht: '不能確認自己提出的管理員授權，需由另一位管理員確認', en: 'You proposed this admin grant: a different admin must confirm it', fra: 'Vous avez proposé cette nomination d\'admin : un autre admin doit la confirmer', kor: '직접 제안한 관리자 지정은 확인할 수 없습니다. 다른 관리자가 확인해야 합니다' },
  consoleApproverGone: { zh: '{operator} 已不是在职的审核员或管理员，不能批准', cht: '{operator} 已不是在職的審核員或管理員，不能核准', en: '{operator} is no longer an active auditor or admin and cannot approve', fra: '{operator} n\'est plus un auditeur ou admin actif et ne peut pas approuver', kor: '{operator}은(는) 더 이상 활성 감사자 또는 관리자가 아니어서 승인할 수 없습니다' },
  consoleApproverTooNew: { zh: '{operator} 在此提现申请之后才成为审批人，{from} 起方可批准', cht: '{operator} 在此提領申請之後才成為核准人，{from} 起方可核准', en: '{operator} became an approver after this withdrawal was requested; eligible from {from}', fra: '{operator} est devenu approbateur après la demande de ce retrait ; autorisé à partir du {from}', kor: '{operator}은(는) 이 출금 요청 이후에 승인자가 되었습니다. {from}부터 승인할 수 있습니다' },
  consoleApproverVouched: { zh: '{operator} 是由另一位审批人 {other} 添加或授予审批角色的，两次批准需来自互不相关的操作员', cht: '{operator} 是由另一位核准人 {other} 新增或授予核准角色的，兩次核准需來自互不相關的操作員', en: '{operator} was added or given the approving role by the other approver {other}: the two approvals must come from operators who did not put each other there', fra: '{operator} a été ajouté ou a reçu le rôle d\'approbation par l\'autre approbateur {other} : les deux approbations doivent venir d\'opérateurs qui ne se sont pas nommés l\'un l\'autre', kor: '{operator}은(는) 다른 승인자 {other}이(가) 추가했거나 승인 역할을 부여했습니다. 두 승인은 서로를 지정하지 않은 운영자가 해야 합니다' },
  consoleUnavailable: { zh: '此服务器未配置区块链', cht: '此伺服器未設定區塊鏈', en: 'No chain is configured on this server', fra: 'Aucune chaîne n\'est configurée sur ce serveur', kor: '이 서버에는 체인이 설정되어 있지 않습니다' },
  consoleTooMany: { zh: '请求过于频繁，请稍后再试', cht: '請求過於頻繁，請稍後再試', en: 'Too many requests; try again shortly', fra: 'Trop de requêtes, réessayez dans un instant', kor: '요청이 너무 많습니다. 잠시 후 다시 시도하세요' },
  consoleInternal: { zh: '出现错误，操作未完成', cht: '出現錯誤，操作未完成', en: 'Something went wrong; nothing was done', fra: 'Une erreur est survenue, rien n\'a été fait', kor: '오류가 발생하여 작업이 수행되지 않았습니다' },
  consoleSiwe: { zh: '登录 WLD 质押运营控制台。', cht: '登入 WLD 質押營運控制台。', en: 'Sign in to the WLD Staking operator console.', fra: 'Connexion à la console des opérateurs de WLD Staking.', kor: 'WLD 스테이킹 운영 콘솔에 로그인합니다.' },
  consoleNotApprover: {
    zh: '您的钱包不是金库 {vault} 的审批人：金库只接受审批人的签名，请联系金库所有者添加',
    cht: '您的錢包不是金庫 {vault} 的審批人：金庫只接受審批人的簽名，請聯絡金庫擁有者新增',
    en: 'Your wallet is not an approver on the Vault {vault}: the Vault pays only with approvers\' signatures; ask the Vault\'s owner to add it',
    fra: 'Votre portefeuille n\'est pas approbateur du Vault {vault} : le Vault ne paie qu\'avec les signatures des approbateurs ; demandez à son propriétaire de l\'ajouter',
    kor: '지갑이 금고 {vault}의 승인자가 아닙니다. 금고는 승인자의 서명으로만 지급합니다. 금고 소유자에게 추가를 요청하세요',
  },
  consoleNoRequest: { zh: '此提现没有链上申请编号，无法签名批准', cht: '此提領沒有鏈上申請編號，無法簽名核准', en: 'This withdrawal has no request id on the Vault, so it cannot be approved by signature', fra: 'Ce retrait n\'a pas de numéro de demande sur le Vault : il ne peut pas être approuvé par signature', kor: '이 출금에는 금고의 요청 번호가 없어 서명으로 승인할 수 없습니다' },
  consoleApproval: {
    zh: 'WLD 质押运营控制台\n\n批准提现 #{id}\n会员：{member}\n金额：{amount} WLD\n申请交易：{tx}\n金库申请：#{request}\n金库：{vault}（链 {chain}）',
    cht: 'WLD 質押營運控制台\n\n核准提領 #{id}\n會員：{member}\n金額：{amount} WLD\n申請交易：{tx}\n金庫申請：#{request}\n金庫：{vault}（鏈 {chain}）',
    en: 'WLD Staking operator console\n\nApprove withdrawal #{id}\nMember: {member}\nAmount: {amount} WLD\nRequest transaction: {tx}\nVault request: #{request}\nVault: {vault} (chain {chain})',
    fra: 'Console des opérateurs de WLD Staking\n\nApprouver le retrait n° {id}\nMembre : {member}\nMontant : {amount} WLD\nTransaction de demande : {tx}\nDemande du Vault : n° {request}\nVault : {vault} (chaîne {chain})',
    kor: 'WLD 스테이킹 운영 콘솔\n\n출금 #{id} 승인\n회원: {member}\n금액: {amount} WLD\n요청 트랜잭션: {tx}\n금고 요청: #{request}\n금고: {vault} (체인 {chain})',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;
/** A text to word in the request's language: a key and its values. */
export type Wording = { key: MessageKey; params: Record<string, string> };

/** An ICU argument with a format (`{days, plural, one {# day} other {# days}}`), as the app's messages write it. */
const ICU_ARGUMENT = /\{\s*\w+\s*,\s*(plural|select|selectordinal|number)\b/;

/**
 * The text of `key` in `language` with its values. A text with an ICU plural (or select) is formatted by ICU rules
 * through use-intl, as next-intl formats the app's messages (so 'Stake 100 WLD for 1 day', never '1 days'); the
 * others are plain `{name}` substitution.
 */
export function translate(key: MessageKey, language: ApiLanguage, params: Record<string, string> = {}): string {
  const text: string = MESSAGES[key][language];
  if (!ICU_ARGUMENT.test(text)) return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  // A plural or select chooses by a number: those arguments go in as numbers, the rest as the strings they are.
  const counted = new Set([...text.matchAll(/\{\s*(\w+)\s*,\s*(?:plural|selectordinal)\b/g)].map((m) => m[1]));
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, counted.has(name) ? Number(value) : value]));
  return icuFormat(key, language, text)(values);
}

type IcuFormat = (values: Record<string, string | number>) => string;
const icuFormats = new Map<string, IcuFormat>();

/**
 * One translator per text and language, kept: a translator parses its message and builds its formatters on first
 * use and caches them, so making one per call parsed the signed staking text on every getNonce (about twice the
 * server's CPU per signed write in bench:api).
 */
function icuFormat(key: MessageKey, language: ApiLanguage, text: string): IcuFormat {
  const id = `${key}:${language}`;
  let format = icuFormats.get(id);
  if (!format) {
    const translator = createTranslator({ locale: LOCALE_OF[language], messages: { text } });
    format = (values) => translator('text', values);
    icuFormats.set(id, format);
  }
  return format;
}

export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];
