'use client';
import { Suspense, lazy, useState } from 'react';
import { LanguageButton } from './LanguageOptions';

const LanguagePopoverMenu = lazy(() => import('./LanguagePopoverMenu'));

/** The header's globe button; the popover itself (Headless UI) loads on the first press. */
export function LanguagePopover() {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return <LanguageButton onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<LanguageButton />}>
      <LanguagePopoverMenu openOnMount />
    </Suspense>
  );
}
