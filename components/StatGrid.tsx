'use client';

/** One figure of a summary: a label, the value ('—' while it loads) and an optional line under it. */
export type Stat = { label: string; value: string | undefined; unit?: string; sub?: string; testId: string };

/** A two-column grid of summary figures (reward totals, team statistics). */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3">
      {stats.map((s) => (
        <div key={s.testId} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
          <dt className="text-xs text-haze">{s.label}</dt>
          <dd data-testid={s.testId} className={`mt-1 text-lg font-bold text-fg ${s.value === undefined ? 'animate-pulse' : ''}`}>
            {s.value ?? '—'}
            {s.unit && s.value !== undefined && <span className="ml-1 text-xs font-semibold text-gold">{s.unit}</span>}
          </dd>
          {s.sub && (
            <dd data-testid={`${s.testId}-sub`} className="mt-0.5 text-xs text-haze">
              {s.sub}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
