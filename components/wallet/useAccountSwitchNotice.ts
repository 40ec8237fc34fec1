'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { shortenAddress } from '@/lib/address-text';
import { SESSION_KEYS } from '@/lib/storage-keys';
import { useToast } from '../Toast';

/**
 * The wallet's account changed (the new one signs in by itself): say which one is in use once it has a session.
 * Its login reloads the page (spec): the notice is kept in sessionStorage, with the time of the switch, until a
 * page loaded after the switch has shown it, so it stays on screen across that reload.
 */
export function useAccountSwitchNotice(address: string | undefined, signedIn: boolean) {
  const t = useTranslations();
  const toast = useToast();
  const previous = useRef(address);
  useEffect(() => {
    if (address && previous.current && previous.current !== address) window.sessionStorage.setItem(SESSION_KEYS.switchedTo, `${address} ${Date.now()}`);
    previous.current = address;
  }, [address]);
  useEffect(() => {
    const [to, at] = (window.sessionStorage.getItem(SESSION_KEYS.switchedTo) ?? '').split(' ');
    if (!signedIn || !address || to !== address) return;
    if (performance.timeOrigin > Number(at)) window.sessionStorage.removeItem(SESSION_KEYS.switchedTo);
    toast.show(t('session.switchedTo', { address: shortenAddress(address) }));
  }, [address, signedIn, t, toast]);
}
