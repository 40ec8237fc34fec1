'use client';
import { useTranslations } from 'next-intl';
import type { GenerationCount } from '@/lib/api/replies';

/** Members per generation 1–3: everyone and the valid ones. */
export function GenerationTable({ generations }: { generations: readonly GenerationCount[] | undefined }) {
  const t = useTranslations('community');
  return (
    <section className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="mb-3 text-sm font-semibold text-fg">{t('generations')}</h2>
      <div className="grid grid-cols-3 gap-2 text-center">
        {(generations ?? [undefined, undefined, undefined]).map((g, i) => (
          <div key={g?.generation ?? i} data-testid={`generation-${i + 1}`} className="rounded-xl bg-fg/5 px-1 py-3">
            <p className="text-xs text-haze">{t('generation', { n: i + 1 })}</p>
            <p data-testid="generation-count" className={`mt-1 text-lg font-bold text-fg ${g ? '' : 'animate-pulse'}`}>
              {g?.count ?? '—'}
            </p>
            <p data-testid="generation-valid" className="text-xs text-haze">
              {t('valid', { count: g?.valid_count ?? '—' })}
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
