'use client';
import { useEffect } from 'react';
import { SESSION_KEYS } from '@/lib/storage-keys';

/**
 * The root view's start page (spec section 2): shown once per session and "does nothing visible", so it
 * draws nothing; it only records that this session has started.
 */
export function StartPage() {
  useEffect(() => window.sessionStorage.setItem(SESSION_KEYS.startPageShown, '1'), []);
  return null;
}
