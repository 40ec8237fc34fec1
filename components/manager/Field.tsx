'use client';
import { useTranslations } from 'next-intl';

/** A text field of the contract-management page (addresses, indexes). */
export function Field({
  testId,
  value,
  onChange,
  placeholder,
  inputMode = 'text',
}: {
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  inputMode?: 'text' | 'decimal';
}) {
  return (
    <input
      data-testid={testId}
      inputMode={inputMode}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      className="mt-3 w-full rounded-xl bg-ink px-3 py-3 font-mono text-xs text-fg outline-none ring-1 ring-ink-line placeholder:font-sans placeholder:text-sm placeholder:text-haze focus:ring-gold"
    />
  );
}

/** A card of the page: a title and its content. */
export function Card({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section data-testid={testId} className="rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-base font-semibold text-fg">{title}</h2>
      {children}
    </section>
  );
}

/** Why the card's buttons are disabled, under them, for a connected wallet that is not the owner. */
export function OwnerOnly({ locked, testId }: { locked: boolean; testId: string }) {
  const t = useTranslations();
  return locked ? (
    <p data-testid={testId} className="mt-2 text-[11px] text-haze">
      {t('manager.ownerOnly')}
    </p>
  ) : null;
}

export const primaryButton = 'mt-3 w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50';
export const secondaryButton = 'rounded-xl bg-fg/10 px-3 py-2 text-xs text-fg disabled:opacity-50';
