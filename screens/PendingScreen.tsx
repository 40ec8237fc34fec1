'use client';
import { useTranslations } from 'next-intl';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from '@/lib/routes';

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
