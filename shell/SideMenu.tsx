'use client';
import { Dialog, DialogPanel } from '@/components/Dialog';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { canApplyForCommunity, isFounder, unreadCount } from '@/lib/user-info';
import { LanguageOptions } from './LanguageOptions';
import { ThemeOptions } from './ThemeOptions';
import { MemberBadges } from '@/components/community/MemberBadges';
import { useToast } from '@/components/Toast';
import { useWallet } from '@/components/wallet/WalletContext';
import { useUserState } from './useAccount';

type Entry = { key: string; label: string; to?: string; badge?: number; onTap?: () => boolean };

/** `onClose` closes the menu where it is; `onLeave(to)` closes it by going to `to` (Shell: the menu's history entry). */
export function SideMenu({ open, onClose, onLeave }: { open: boolean; onClose: () => void; onLeave: (to: string) => void }) {
  const t = useTranslations();
  const toast = useToast();
  const [pathname] = useLocation();
  const user = useUserState();
  const info = user.status === 'signedIn' ? user.info : undefined;
  const { refresh } = user;
  const wallet = useWallet();
  // Connected without a session (a declined signature, or signed out): the menu signs in, the wallet stays.
  const canSignIn = wallet.status === 'connected' && !wallet.signedIn;

  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);

  const entries: Entry[] = [
    { key: 'wallet', label: t('menu.wallet'), to: '/wallet' },
    { key: 'target', label: t('menu.target'), onTap: () => (toast.show(t('common.notOpen')), false) },
    { key: 'pledgeRecord', label: t('menu.pledgeRecord'), to: '/pledge/record' },
    ...(info && isFounder(info)
      ? []
      : [
          {
            key: 'communityCreator',
            label: t('menu.communityCreator'),
            to: '/community/creator',
            onTap: () => (info && !canApplyForCommunity(info) ? (toast.show(t('common.conditionsNotMet')), false) : true),
          },
        ]),
    { key: 'reward', label: t('menu.reward'), to: '/reward' },
    { key: 'email', label: t('menu.email'), to: '/email', badge: info ? unreadCount(info) : 0 },
    { key: 'community', label: t('menu.community'), to: '/community' },
    { key: 'notice', label: t('menu.notice'), to: '/notice' },
  ];

  const tap = (entry: Entry) => {
    if (entry.to === pathname) return onClose();
    if (entry.onTap && !entry.onTap()) return;
    if (entry.to) onLeave(entry.to);
    else onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <DialogPanel data-testid="side-menu" className="fixed inset-y-0 right-0 flex w-[82%] max-w-xs flex-col overflow-y-auto bg-ink-soft shadow-2xl">
        <section className="border-b border-ink-line bg-gradient-to-br from-ink-card to-ink-soft px-5 pb-5 pt-8">
          {info && user.status === 'signedIn' ? (
            <div className="space-y-2 text-sm">
              <MemberBadges info={info} />
              <p className="text-haze">
                {t('menu.id')}: <span className="text-fg">{info.username}</span>
              </p>
              <p className="flex items-center gap-2 text-haze">
                {t('menu.email_label')}: <span className="truncate text-fg">{info.email || t('menu.noEmail')}</span>
                <button className="text-gold" onClick={() => tap({ key: 'emailSetting', label: '', to: '/email/setting' })}>
                  {t('menu.editEmail')}
                </button>
              </p>
              <p className="break-all font-mono text-xs text-haze">{user.address}</p>
              <button
                data-testid="menu-sign-out"
                onClick={() => (onClose(), wallet.signOut())}
                className="mt-1 rounded-full border border-ink-line px-4 py-1.5 text-xs font-semibold text-fg"
              >
                {t('session.signOut')}
              </button>
            </div>
          ) : (
            <div data-testid="menu-signed-out" className="space-y-1">
              <p className="text-base font-semibold text-fg">{t('menu.notSignedIn')}</p>
              <p className="text-xs text-haze">
                {wallet.signInFailed ? t('session.declined') : canSignIn ? t('session.connectedHint') : t('menu.connectHint')}
              </p>
              {canSignIn && (
                <button
                  data-testid="menu-sign-in"
                  disabled={wallet.signingIn}
                  aria-busy={wallet.signingIn}
                  onClick={() => (onClose(), wallet.connect())}
                  className="mt-2 rounded-full bg-gold px-4 py-1.5 text-xs font-semibold text-on-gold disabled:opacity-80"
                >
                  {t('session.signIn')}
                </button>
              )}
            </div>
          )}
        </section>
        <nav className="flex-1 py-2">
          {entries.map((entry) => (
            <button
              key={entry.key}
              data-testid={`menu-${entry.key}`}
              onClick={() => tap(entry)}
              className={`flex w-full items-center justify-between px-5 py-3.5 text-left text-sm ${entry.to === pathname ? 'text-gold' : 'text-fg'}`}
            >
              {entry.label}
              {entry.badge ? (
                <span className="min-w-5 rounded-full bg-red-500 px-1.5 text-center text-xs text-fg">{entry.badge}</span>
              ) : (
                <span className="text-haze">›</span>
              )}
            </button>
          ))}
          <div className="mt-2 border-t border-ink-line pt-2">
            <p className="px-5 pb-1 pt-2 text-xs uppercase tracking-wide text-haze">{t('menu.language')}</p>
            <LanguageOptions onPick={onClose} rowInset="px-5" />
          </div>
          <div className="border-t border-ink-line pt-2">
            <p className="px-5 pb-1 pt-2 text-xs uppercase tracking-wide text-haze">{t('menu.theme')}</p>
            <ThemeOptions />
          </div>
        </nav>
      </DialogPanel>
    </Dialog>
  );
}
