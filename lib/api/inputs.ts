import { z } from 'zod';
import { field } from './fields';
import { CODE_SCENES, REMINDER_KINDS } from '../email';
import { PURPOSES } from './purposes';

/**
 * The input schema of every endpoint in lib/api/contract.ts, under the same name. The server parses each
 * request with these; the app only takes their types (`import type`), so zod stays out of its bundle.
 * Every value arrives as a string (form-encoded bodies).
 */
const none = z.object({});
const signedNonce = z.object({ nonce: field.nonce, signature: field.signature });
/** One of the member's stakes (the API's `pledge_id`). */
const oneStake = z.object({ pledge_id: field.id });
const page = z.object({ page: field.positiveInt(100000), limit: field.positiveInt(50) });

// publicapi
export const getUserExist = none;
/** A challenge to sign: sign-in, registration (with the inviter it binds) or a signed action with its fields. */
export const getNonce = z.object({
  purpose: z.enum(PURPOSES),
  intro_address: field.address.optional(),
  order_id: field.id.optional(),
  day_id: field.id.optional(),
  pledge_id: field.id.optional(),
});
export const login = signedNonce;
export const reg = signedNonce.extend({ intro_address: field.address });
export const getSwap = z.object({ position: z.string().regex(/^\d{1,3}$/) });
export const getHotNotice = z.object({ limit: field.positiveInt(50) });
export const getNoticeList = page;
export const getNoticeDetail = z.object({ id: field.id });

// userapi
export const getUserInfo = none;
export const getBalance = none;
export const logout = none;

// walletapi (the ledger domain: money in and out)
export const getWalletConfig = none;
export const getRechargeList = page;
export const getWithdrawList = page;
export const getTransferList = page;
/** Whether an address may receive a transfer: checked before the transfer is requested on chain. */
export const checkMember = z.object({ to_address: field.address });

// investapi (the staking domain)
export const invest = none;
export const investSave = z.object({ order_id: field.id, day_id: field.id });
export const getInvestExpire = none;
export const closeExpire = oneStake;
export const getInvestList = page;
export const investUpgrade = oneStake.extend({ order_id: field.id });
export const applyRedeem = oneStake;
export const confirmRedeem = oneStake;

// rewardapi and teamapi (the rewards domain: referral rewards, ranks and the team)
export const getRewardSummary = none;
export const getRewardList = page.extend({ type: z.enum(['direct', 'team']) });
export const getTeamSummary = none;
export const getTeamList = page.extend({ generation: z.enum(['1', '2', '3']) });

// mailapi (the mail domain: member ↔ administrator). Texts are checked by the domain (lib/mail.ts) so a
// refusal names the rule ('Please enter the title'); the schema only bounds what is read.
const text = z.string().max(20_000);
export const getMailList = page.extend({ type: z.enum(['inbox', 'sent']) });
export const getMailDetail = z.object({ id: field.id });
export const sendMail = z.object({ title: text, content: text });
/** A member's answer to a mail from the administrator (`id`), as a new mail in the sent box. */
export const replyMail = z.object({ id: field.id, title: text, content: text });

// emailapi (email binding with a code sent by SMTP; rules in lib/email.ts)
const short = z.string().max(1000);
export const sendCode = z.object({ scene: z.enum(CODE_SCENES), email: short.optional() });
export const bindEmail = z.object({ email: short, code: short });
/** The code sent to the current email (`old_code`), then the new email and the code sent to it. */
export const changeEmail = z.object({ old_code: short, email: short, code: short });
/** The reminder emails' kinds and switches (server/reminders/): read them, or turn one kind on ('1') or off ('0'). */
export const getEmailReminders = none;
export const setEmailReminder = z.object({ kind: z.enum(REMINDER_KINDS), on: z.enum(['0', '1']) });

// communityapi (the community domain: applications to found a community)
export const getApplyInfo = none;
/** The photo travels as the multipart file part `photo` (files are not signed); no string fields of its own. */
export const uploadPhoto = none;
/** An application before its payment: checked by checkApply before the wallet pays. */
export const checkApply = z.object({
  receiver: field.address,
  community_address: field.address,
  province: z.string().regex(/^\d{2}$/),
  city: z.string().regex(/^\d{4}$/),
  /** The three photo ids from uploadPhoto, comma-separated. */
  photos: z
    .string()
    .regex(/^[0-9a-f]{32}(,[0-9a-f]{32}){2}$/)
    .transform((v) => v.split(',')),
});
export const apply = checkApply.extend({ pay_hash: field.txHash });
export const getApplyStatus = none;
