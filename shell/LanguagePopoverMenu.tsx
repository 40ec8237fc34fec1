'use client';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { LanguageButton, LanguageOptions } from './LanguageOptions';

/**
 * The header's language popover (Headless UI: focus, Escape and outside-click close, anchoring). It replaces
 * LanguagePopover's plain button on the first press, and opens on mount for that press.
 */
export default function LanguagePopoverMenu({ openOnMount = false }: { openOnMount?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    button.current?.focus();
    button.current?.click();
  }, [openOnMount]);
  return (
    <Popover className="relative">
      <PopoverButton as={LanguageButton} ref={button} />
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        data-testid="language-popover"
        className="z-50 w-40 rounded-xl bg-ink-card shadow-xl ring-1 ring-ink-line"
      >
        {({ close }) => <LanguageOptions onPick={close} />}
      </PopoverPanel>
    </Popover>
  );
}
