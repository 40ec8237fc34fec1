'use client';

/** The app's amount field: a decimal keypad on phones; what is typed is parsed (and checked) by lib/money. */
export function AmountInput({
  testId,
  value,
  onChange,
  placeholder,
  className = 'mt-3',
}: {
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <input
      data-testid={testId}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      className={`${className} w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line placeholder:text-haze focus:ring-gold`}
    />
  );
}
