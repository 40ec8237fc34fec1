'use client';

export type Tone = 'good' | 'wait' | 'bad' | 'plain';
const TONE: Record<Tone, string> = { good: 'bg-mint/15 text-mint', wait: 'bg-gold/15 text-gold', bad: 'bg-red-500/15 text-red-400', plain: 'bg-fg/10 text-haze' };

/** A full-width line under the rows, for a value too long for half a card (a reward's formula). */
export type RecordNote = { label: string; value: string; testId?: string };

/** One record: a headline amount, a status badge, then label / value rows and an optional wide note. */
export function RecordFrame({ testId, headline, headlineTestId, status, statusTestId, tone, rows, note }: {
  testId: string;
  headline: string;
  headlineTestId?: string;
  status: string;
  statusTestId?: string;
  tone: Tone;
  rows: readonly (readonly [string, string])[];
  note?: RecordNote;
}) {
  return (
    <article data-testid={testId} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <header className="flex items-center justify-between gap-2">
        <p data-testid={headlineTestId} className="text-base font-bold text-fg">{headline}</p>
        <span data-testid={statusTestId} className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[tone]}`}>{status}</span>
      </header>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-xs">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-haze">{label}</dt>
            <dd className="break-all font-medium text-fg">{value}</dd>
          </div>
        ))}
        {note && (
          <div className="col-span-2 flex flex-col">
            <dt className="text-haze">{note.label}</dt>
            <dd data-testid={note.testId} className="font-mono font-medium text-gold-soft">{note.value}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
