'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { copyOrSelect } from '@/lib/clipboard';
import { inviteLink, inviteQrFileName } from '@/lib/invite';
import { qrDataUrl } from '@/lib/qr-code';
import { useToast } from '../Toast';

/** The member's invite link: QR code, the link as text, copy and save-as-image. */
export function InviteCard({ address }: { address: string }) {
  const t = useTranslations();
  const toast = useToast();
  const linkText = useRef<HTMLParagraphElement>(null);
  const link = inviteLink(window.location, address);
  const qr = useQuery({ queryKey: ['share', 'qr', link], queryFn: () => qrDataUrl(link, 480), staleTime: Infinity });

  const copy = async () => {
    if (await copyOrSelect(link, linkText.current)) toast.success(t('success.copy'));
    else toast.show(t('common.copyFailed'));
  };

  return (
    <section className="flex flex-col items-center rounded-2xl bg-gradient-to-b from-gold/20 via-ink-card to-ink-card p-5 ring-1 ring-gold/20">
      <p className="text-center text-sm text-haze">{t('share.hint')}</p>
      <div className="mt-4 flex h-56 w-56 items-center justify-center rounded-2xl bg-white p-2 shadow-lg">
        {qr.data ? (
          <img data-testid="invite-qr" src={qr.data} alt={t('share.qrAlt')} className="h-full w-full" />
        ) : (
          <span className="h-8 w-8 animate-spin rounded-full border-2 border-black/10 border-t-black/60" />
        )}
      </div>
      <p className="mt-5 self-start text-xs text-haze">{t('share.linkLabel')}</p>
      <p ref={linkText} data-testid="invite-link" className="mt-1 w-full select-all break-all rounded-xl bg-ink/60 px-3 py-2 font-mono text-xs text-fg">
        {link}
      </p>
      <div className="mt-4 grid w-full grid-cols-2 gap-3">
        <button data-testid="invite-copy" onClick={() => void copy()} className="rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold">
          {t('share.copy')}
        </button>
        <a
          data-testid="invite-save"
          href={qr.data}
          download={inviteQrFileName(address)}
          aria-disabled={!qr.data}
          className="rounded-xl bg-fg/10 py-3 text-center text-sm text-fg aria-disabled:pointer-events-none aria-disabled:opacity-50"
        >
          {t('share.save')}
        </a>
      </div>
      <p className="mt-3 text-center text-[11px] text-haze">{t('share.saveHint')}</p>
    </section>
  );
}
