'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Hash } from 'viem';
import { Link } from 'wouter';
import { wldTokenAbi } from '@/abi';
import { ADDRESS_FORMS, shortenAddress } from '@/lib/address-text';
import { endpoints } from '@/lib/api/contract';
import type { ApplyInfo } from '@/lib/api/replies';
import { checkApplication } from '@/lib/community';
import { citiesOf } from '@/lib/divisions';
import { env } from '@/lib/env';
import { formatAmount } from '@/lib/money';
import { TransactionProgress } from '../TransactionProgress';
import { invalidateEndpoints } from '../api/keys';
import { useApiMutation } from '../api/useApiMutation';
import { useChainWrite } from '../api/useChainWrite';
import { useOneAtATime } from '../api/useOneAtATime';
import { useToast } from '../Toast';
import { type Photo, PhotoPicker } from './PhotoPicker';
import { useDivisions, useReceivers } from './useCommunityData';

const select = 'mt-1 w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line focus:ring-gold';
const label = 'mt-4 block text-xs text-haze';

/**
 * The application: receiving address (the Vault's, from the chain), the payment amount, province then city,
 * the community's ERC20 address and three photos. Submitting first asks the server to check everything but
 * the payment (checkApply), so a refusal never opens the wallet; then pays through the chain-write path,
 * unless the server found a payment of this member that no application used (shown on the form, kept across
 * reloads and receivers because it is read from the chain), and applies with the transaction hash.
 */
export function ApplyForm({ info }: { info: ApplyInfo }) {
  const amount = BigInt(info.amount);
  const t = useTranslations();
  const toast = useToast();
  const receivers = useReceivers();
  const divisions = useDivisions();
  const chain = useChainWrite();
  const client = useQueryClient();
  const check = useApiMutation(endpoints.checkApply);
  const submit = useApiMutation(endpoints.apply, {
    invalidates: [endpoints.getApplyStatus, endpoints.getUserInfo, endpoints.getApplyInfo],
    success: 'success.application',
  });
  const [receiver, setReceiver] = useState(info.paid_receiver);
  const [province, setProvince] = useState('');
  const [city, setCity] = useState('');
  const [community, setCommunity] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  // This session's payment, until the server's lookup (getApplyInfo, checkApply) names it too.
  const [paid, setPaid] = useState<{ hash: Hash; receiver: string } | undefined>();
  const found = paid ?? (info.paid_hash ? { hash: info.paid_hash as Hash, receiver: info.paid_receiver } : undefined);
  const { busy, run } = useOneAtATime();
  const cities = divisions.data && province ? citiesOf(divisions.data, province) : [];

  const send = async () => {
    const checked = checkApplication({ receiver, province, city, community, photos: photos.map((p) => p.id) });
    if (!checked.ok) return toast.show(t(checked.message));
    await run(async () => {
      const fields = { community_address: checked.community, province, city, photos: photos.map((p) => p.id).join(',') };
      const passed = await check.run({ receiver, ...fields });
      if (!passed) return;
      let payment = passed.pay_hash ? { hash: passed.pay_hash as Hash, receiver: passed.receiver } : paid;
      if (!payment) {
        const hash = await chain.write({ address: env.tokenAddress, abi: wldTokenAbi, functionName: 'transfer', args: [checked.receiver, amount] });
        if (!hash) return;
        payment = { hash, receiver };
        setPaid(payment);
      }
      // The payment's own receiver, whichever is picked now: that is where the fee went.
      const reply = await submit.run({ receiver: payment.receiver, pay_hash: payment.hash, ...fields });
      if (reply) setPaid(undefined);
      else await invalidateEndpoints(client, [endpoints.getApplyInfo]);
    });
  };

  return (
    <section data-testid="apply-form" className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <label className={label} htmlFor="apply-receiver">
        {t('community.receiver')}
      </label>
      <select
        id="apply-receiver"
        data-testid="apply-receiver"
        value={receiver}
        onChange={(e) => setReceiver(e.target.value)}
        className={`${select} font-mono text-xs`}
      >
        <option value="">{t('validation.applicationAddress')}</option>
        {/* Shortened so the closed field shows both ends of the address on a phone; the value is the full one. */}
        {(receivers.data ?? []).map((r, i) => (
          <option key={r} value={r}>
            #{i} {shortenAddress(r, ADDRESS_FORMS.receiverChoice)}
          </option>
        ))}
      </select>
      {/* A Vault with no receiving address: the fee cannot be paid; the member can ask the administrator for one. */}
      {receivers.data?.length === 0 && (
        <div data-testid="apply-no-receivers" role="status" className="mt-2 rounded-xl bg-gold/10 p-3 text-xs leading-relaxed text-fg ring-1 ring-gold/40">
          <p>{t('community.noReceivers')}</p>
          <Link to="/email/reply" data-testid="apply-no-receivers-write" className="mt-2 inline-block font-semibold text-gold underline underline-offset-2">
            {t('mail.writeTitle')}
          </Link>
        </div>
      )}

      <p className={label}>{t('community.amount')}</p>
      <p data-testid="apply-amount" className="mt-1 text-lg font-semibold text-gold">
        {formatAmount(amount)} WLD
      </p>

      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className={label} htmlFor="apply-province">
            {t('community.province')}
          </label>
          <select
            id="apply-province"
            data-testid="apply-province"
            value={province}
            onChange={(e) => (setProvince(e.target.value), setCity(''))}
            className={select}
          >
            <option value="">{t('community.choose')}</option>
            {divisions.data?.provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className={label} htmlFor="apply-city">
            {t('community.city')}
          </label>
          <select
            id="apply-city"
            data-testid="apply-city"
            value={city}
            onMouseDown={(e) => {
              if (province) return;
              e.preventDefault();
              toast.show(t('validation.provinceFirst'));
            }}
            onChange={(e) => setCity(e.target.value)}
            className={select}
          >
            <option value="">{t('community.choose')}</option>
            {cities.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <label className={label} htmlFor="apply-community">
        {t('community.communityAddress')}
      </label>
      <input
        id="apply-community"
        data-testid="apply-community"
        value={community}
        onChange={(e) => setCommunity(e.target.value)}
        placeholder={t('community.communityRequired')}
        autoComplete="off"
        spellCheck={false}
        className="mt-1 w-full rounded-xl bg-ink px-3 py-3 font-mono text-xs text-fg outline-none ring-1 ring-ink-line placeholder:font-sans placeholder:text-sm placeholder:text-haze focus:ring-gold"
      />

      <p className={label}>{t('community.photos')}</p>
      <div className="mt-1">
        <PhotoPicker photos={photos} onChange={setPhotos} />
      </div>

      {found && (
        <div data-testid="apply-paid" className="mt-3 rounded-xl bg-mint/10 p-3 text-[11px] text-mint ring-1 ring-mint/30">
          <p>{t('community.paymentFound', { amount: formatAmount(amount), receiver: shortenAddress(found.receiver, ADDRESS_FORMS.receiverFound) })}</p>
          <p className="mt-1 break-all font-mono">{t('community.paid', { hash: found.hash })}</p>
        </div>
      )}
      <TransactionProgress stage={chain.stage} testId="apply-stages" />
      <button
        data-testid="apply-submit"
        disabled={busy || check.busy || submit.busy}
        onClick={() => void send()}
        className="mt-4 w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
      >
        {busy ? t('common.loading') : found ? t('community.submitAgain') : t('community.submit', { amount: formatAmount(amount) })}
      </button>
    </section>
  );
}
