'use client';
import { useTranslations } from 'next-intl';
import type { ScreenProps } from '@/screens/registry';
import { EmptyState, ScreenFrame } from './ScreenFrame';

/** A screen whose content lands in a later release: its title and an honest empty state. */
export function PendingScreen({ route }: ScreenProps) {
  const t = useTranslations();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen={route.screen}>
        <EmptyState />
      </div>
    </ScreenFrame>
  );
}
