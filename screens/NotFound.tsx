'use client';
import { useTranslations } from 'next-intl';
import { Link, useSearchParams } from 'wouter';
import { ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from '@/lib/routes';

export default function NotFound({ route }: ScreenProps) {
  const t = useTranslations();
  const [params] = useSearchParams();
  const name = params.get('name');
  const query = params.get('query');
  return (
    <ScreenFrame title={t(route.title)} showTitle={false}>
      <div data-screen="NotFound" className="flex flex-col items-center rounded-2xl bg-ink-card/60 px-6 py-10 text-center ring-1 ring-ink-line">
        <p className="text-5xl font-black text-gold">404</p>
        <p className="mt-3 text-sm text-haze">{t('notFound.body')}</p>
        {name && (
          <dl className="mt-5 w-full space-y-2 rounded-xl bg-ink/60 p-4 text-left text-xs">
            <div className="flex gap-2">
              <dt className="shrink-0 text-haze">{t('notFound.previous')}</dt>
              <dd data-testid="nf-name" className="break-all font-mono text-fg">
                {name}
              </dd>
            </div>
            {query && (
              <div className="flex gap-2">
                <dt className="shrink-0 text-haze">{t('notFound.query')}</dt>
                <dd data-testid="nf-query" className="break-all font-mono text-fg">
                  {query}
                </dd>
              </div>
            )}
          </dl>
        )}
        <Link to="/" data-testid="nf-home" className="mt-6 rounded-xl bg-gold px-6 py-2.5 text-sm font-semibold text-on-gold">
          {t('common.backHome')}
        </Link>
      </div>
    </ScreenFrame>
  );
}
