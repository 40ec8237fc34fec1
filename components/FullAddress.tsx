/**
 * A whole address in monospace that, when it does not fit on one line, breaks only at its middle (two halves of
 * 21 characters) instead of leaving its last character or two alone on a second line.
 */
export function FullAddress({ address, className = '', testId }: { address: string; className?: string; testId?: string }) {
  const half = Math.ceil(address.length / 2);
  return (
    <span data-testid={testId} className={`font-mono ${className}`}>
      <span className="whitespace-nowrap">{address.slice(0, half)}</span>
      <wbr />
      <span className="whitespace-nowrap">{address.slice(half)}</span>
    </span>
  );
}
