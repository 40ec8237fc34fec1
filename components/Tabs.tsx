'use client';

export type Tab<K extends string> = { key: K; label: string; testId: string };

/** A row of switches for one area below it (recharge | withdraw, record lists, reward kinds, generations, the mail boxes). */
export function Tabs<K extends string>({ tabs, value, onChange }: { tabs: readonly Tab<K>[]; value: K; onChange: (key: K) => void }) {
  return (
    <div role="tablist" className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-ink-card p-1 ring-1 ring-ink-line">
      {tabs.map((tab) => (
        <button
          key={tab.key}
          role="tab"
          aria-selected={tab.key === value}
          data-testid={tab.testId}
          onClick={() => onChange(tab.key)}
          className={`rounded-lg py-2 text-sm ${tab.key === value ? 'bg-gold font-semibold text-on-gold' : 'text-haze'}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
