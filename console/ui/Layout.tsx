'use client';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { useLocation } from 'wouter';
import { shortenAddress } from '../../lib/address';
import { type SectionId, isSectionId, sectionsFor } from '../lib/sections';
import { useSession } from '../lib/session';
import { LanguageSelect } from './LanguageSelect';
import { SignOutButton } from './SignIn';
import { Section } from '../sections/registry';

/** Desktop: a sidebar of the operator's sections. Phone: a top bar whose menu lists them. */
export function Layout() {
  const t = useTranslations('nav');
  const { operator } = useSession();
  const [location, navigate] = useLocation();
  const allowed = sectionsFor(operator?.roles ?? []);
  const asked = location.split('/')[1] ?? '';
  const current: SectionId | undefined = isSectionId(asked) && allowed.includes(asked) ? asked : allowed[0];
  const link = (id: SectionId, extra = '') => (
    <a
      key={id}
      href={`#/${id}`}
      data-section={id}
      aria-current={id === current ? 'page' : undefined}
      className={`block rounded-md px-3 py-2 text-sm ${extra} ${id === current ? 'bg-indigo-50 font-semibold text-indigo-700' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {t(id)}
    </a>
  );
  return (
    <div className="min-h-screen md:flex">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-white md:flex">
        <div className="px-4 py-4 text-base font-semibold text-slate-900">{t('title')}</div>
        <nav aria-label={t('sections')} className="flex-1 space-y-0.5 px-2">
          {allowed.map((id) => link(id))}
        </nav>
        <div className="space-y-2 border-t border-slate-100 p-3 text-xs text-slate-600">
          <Who />
          <LanguageSelect />
          <SignOutButton />
        </div>
      </aside>
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 md:hidden">
        <Menu>
          <MenuButton className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium" aria-label={t('sections')}>
            ☰ {current ? t(current) : t('title')}
          </MenuButton>
          <MenuItems anchor="bottom start" className="z-40 mt-1 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
            {allowed.map((id) => (
              <MenuItem key={id}>
                <button
                  type="button"
                  onClick={() => navigate(`/${id}`)}
                  className={`block w-full rounded px-3 py-2 text-left text-sm data-focus:bg-slate-100 ${id === current ? 'font-semibold text-indigo-700' : ''}`}
                >
                  {t(id)}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
        <div className="ml-auto flex items-center gap-2 text-xs">
          <LanguageSelect compact />
          <SignOutButton compact />
        </div>
      </header>
      <main className="min-w-0 flex-1 p-3 md:p-6">
        <div className="mb-3 text-xs text-slate-500 md:hidden">
          <Who />
        </div>
        {current ? <Section id={current} /> : <p className="text-sm text-slate-600">{t('noRole')}</p>}
      </main>
    </div>
  );
}

function Who() {
  const t = useTranslations('roles');
  const { operator } = useSession();
  if (!operator) return null;
  return (
    <div className="flex flex-wrap items-center gap-1" data-operator={operator.address}>
      <span className="font-mono" title={operator.address}>
        {shortenAddress(operator.address)}
      </span>
      {operator.roles.map((r) => (
        <span key={r} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
          {t.has(r) ? t(r) : r}
        </span>
      ))}
    </div>
  );
}
