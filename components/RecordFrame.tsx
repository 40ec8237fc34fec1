'use client';

export type Tone = 'good' | 'wait' | 'bad' | 'plain';
const TONE: Record<Tone, string> = {
  good: 'bg-mint/15 text-mint',
  wait: 'bg-gold/15 text-gold',
  bad: 'bg-red-500/15 text-red-400',
  plain: 'bg-fg/10 text-haze',
};

/** How a row shows: across the whole card (a value too long for half of it), as a figure (a formula), its test id. */
export type RowStyle = { wide?: boolean; figure?: boolean; testId?: string };
/** A label / value row, optionally styled. */
export type RecordRow = readonly [string, string] | readonly [string, string, RowStyle];

/** One record: a headline amount, a status badge, then label / value rows, two to a line unless wide. */
export function RecordFrame({
  testId,
  headline,
  headlineTestId,
  headlineMono,
  status,
  statusTestId,
  tone,
  rows,
}: {
  testId: string;
  headline: string;
  headlineTestId?: string;
  /** An address as the headline: monospace, a size smaller. */
  headlineMono?: boolean;
  status: string;
  statusTestId?: string;
  tone: Tone;
  rows: readonly RecordRow[];
}) {
  return (
    <article data-testid={testId} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      {/* A headline too long to share its line with the badge moves the badge below it rather than breaking. */}
      <header className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <p data-testid={headlineTestId} className={`font-bold text-fg ${headlineMono ? 'font-mono text-sm' : 'text-base'}`}>
          {headline}
        </p>
        <span data-testid={statusTestId} className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[tone]}`}>
          {status}
        </span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs">
        {rows.map(([label, value, style = {}]) => (
          <div key={label} className={`flex flex-col ${style.wide ? 'col-span-2' : ''}`}>
            <dt className="text-haze">{label}</dt>
            <dd data-testid={style.testId} className={style.figure ? 'font-mono font-medium text-gold-soft' : 'break-all font-medium text-fg'}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
