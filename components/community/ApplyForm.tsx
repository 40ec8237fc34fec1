'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Hash } from 'viem';
import { wldTokenAbi } from '@/abi';
import { endpoints } from '@/lib/api/contract';
import { checkApplication } from '@/lib/community';
import { citiesOf } from '@/lib/divisions';
import { env } from '@/lib/env';
import { formatAmount } from '@/lib/money';
import { ChainStages } from '../ChainStages';
import { useApiMutation } from '../api/useApiMutation';
import { useChainWrite } from '../api/useChainWrite';
import { useToast } from '../Toast';
import { type Photo, PhotoPicker } from './PhotoPicker';
import { useDivisions, useReceivers } from './useCommunityData';

const select = 'mt-1 w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line focus:ring-gold';
const label = 'mt-4 block text-xs text-haze';

/**
 * The application: receiving address (the Vault's, from the chain), the payment amount, province then city,
 * the community's ERC20 address and three photos. Submitting pays through the chain-write path, then applies
 * with the transaction hash; a refused apply keeps the hash, so a retry does not pay twice.
 */
export function ApplyForm({ amount }: { amount: bigint }) {
  const t = useTranslations();
  const toast = useToast();
  const receivers = useReceivers();
  const divisions = useDivisions();
  const chain = useChainWrite();
  const submit = useApiMutation(endpoints.apply, { invalidates: [endpoints.getApplyStatus, endpoints.getUserInfo, endpoints.getApplyInfo], success: 'success.application' });
  const [receiver, setReceiver] = useState('');
  const [province, setProvince] = useState('');
  const [city, setCity] = useState('');
  const [community, setCommunity] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [paid, setPaid] = useState<{ hash: Hash; receiver: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const cities = divisions.data && province ? citiesOf(divisions.data, province) : [];

  const send = async () => {
    const checked = checkApplication({ receiver, province, city, community, photos: photos.map((p) => p.id) });
    if (!checked.ok) return toast.show(t(checked.message));
    if (busy) return;
    setBusy(true);
    try {
      let payment = paid && paid.receiver === receiver ? paid : undefined;
      if (!payment) {
        const hash = await chain.write({ address: env.tokenAddress, abi: wldTokenAbi, functionName: 'transfer', args: [receiver as `0x${string}`, amount] });
        if (!hash) return;
        payment = { hash, receiver };
        setPaid(payment);
      }
      const reply = await submit.run({ receiver, pay_hash: payment.hash, community_address: checked.community, province, city, photos: photos.map((p) => p.id).join(',') });
      if (reply) setPaid(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section data-testid="apply-form" className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <label className={label} htmlFor="apply-receiver">{t('community.receiver')}</label>
      <select id="apply-receiver" data-testid="apply-receiver" value={receiver} onChange={(e) => setReceiver(e.target.value)} className={`${select} font-mono text-xs`}>
        <option value="">{t('validation.applicationAddress')}</option>
        {/* Shortened so the closed field shows both ends of the address on a phone; the value is the full one. */}
        {(receivers.data ?? []).map((r, i) => <option key={r} value={r}>#{i} {r.slice(0, 12)}…{r.slice(-10)}</option>)}
      </select>
      {receivers.data?.length === 0 && <p className="mt-1 text-[11px] text-haze">{t('community.noReceivers')}</p>}

      <p className={label}>{t('community.amount')}</p>
      <p data-testid="apply-amount" className="mt-1 text-lg font-semibold text-gold">{formatAmount(amount)} WLD</p>

      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className={label} htmlFor="apply-province">{t('community.province')}</label>
          <select id="apply-province" data-testid="apply-province" value={province} onChange={(e) => (setProvince(e.target.value), setCity(''))} className={select}>
            <option value="">{t('community.choose')}</option>
            {divisions.data?.provinces.map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
          </select>
        </div>
        <div>
          <label className={label} htmlFor="apply-city">{t('community.city')}</label>
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
            {cities.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
        </div>
      </div>

      <label className={label} htmlFor="apply-community">{t('community.communityAddress')}</label>
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
      <div className="mt-1"><PhotoPicker photos={photos} onChange={setPhotos} /></div>

      {paid && <p data-testid="apply-paid" className="mt-3 break-all text-[11px] text-mint">{t('community.paid', { hash: paid.hash })}</p>}
      <ChainStages stage={chain.stage} testId="apply-stages" />
      <button data-testid="apply-submit" disabled={busy || submit.busy} onClick={() => void send()} className="mt-4 w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50">
        {busy ? t('common.loading') : paid ? t('community.submitAgain') : t('community.submit', { amount: formatAmount(amount) })}
      </button>
    </section>
  );
}
