'use client';
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { SectionId } from '../lib/sections';
import { Loading } from '../ui/kit';

// One chunk per section, loaded when first opened.
const lazy = (load: () => Promise<ComponentType>) => dynamic(load, { ssr: false, loading: Loading });
const SECTION_VIEWS: Record<SectionId, ComponentType> = {
  withdrawals: lazy(() => import('./Withdrawals').then((m) => m.Withdrawals)),
  mail: lazy(() => import('./Mail').then((m) => m.Mail)),
  community: lazy(() => import('./Community').then((m) => m.Community)),
  content: lazy(() => import('./Content').then((m) => m.Content)),
  rules: lazy(() => import('./Rules').then((m) => m.Rules)),
  members: lazy(() => import('./Members').then((m) => m.Members)),
  health: lazy(() => import('./Health').then((m) => m.Health)),
  operators: lazy(() => import('./Operators').then((m) => m.Operators)),
  audit: lazy(() => import('./Audit').then((m) => m.Audit)),
};

export function Section({ id }: { id: SectionId }) {
  const View = SECTION_VIEWS[id];
  return (
    <div data-console-section={id}>
      <View />
    </div>
  );
}
