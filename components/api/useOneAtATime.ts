'use client';
import { useMemo, useState } from 'react';
import { createOneAtATime } from '@/lib/timing';

/** A form's own action, one at a time (lib/timing.ts createOneAtATime), with `busy` to render while it runs. */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const guard = useMemo(() => createOneAtATime(), []);
  const run = <T>(step: () => Promise<T>): Promise<T | undefined> =>
    guard.run(async () => {
      setBusy(true);
      try {
        return await step();
      } finally {
        setBusy(false);
      }
    });
  return { busy, run };
}
