'use client';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'wouter';
import { useApiQuery } from '@/components/api/useApiQuery';
import { MailBody, MailReply } from '@/components/mail/MailCards';
import { EmptyState, LoadingState, ScreenFrame } from '@/components/ScreenFrame';
import { useWallet } from '@/components/wallet/WalletContext';
import { shortenAddress } from '@/lib/address';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/** A mail the member sent (`?id=`), with the administrator's reply once there is one. */
export default function EmailDetail({ route }: ScreenProps) {
  const t = useTranslations();
  const { address } = useWallet();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const mail = useApiQuery(endpoints.getMailDetail, { id }, { enabled: valid });
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="EmailDetail" className="space-y-3">
        {mail.data ? (
          <>
            <MailBody mail={mail.data} from={address ? shortenAddress(address) : ''} />
            <MailReply mail={mail.data} />
          </>
        ) : !valid || mail.isError ? (
          <EmptyState title={t('mail.notFound')} body={null} />
        ) : (
          <LoadingState />
        )}
      </div>
    </ScreenFrame>
  );
}
