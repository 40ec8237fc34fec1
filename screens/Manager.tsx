'use client';
import { PendingScreen } from './PendingScreen';
import type { ScreenProps } from '@/lib/routes';

export default function Manager(props: ScreenProps) {
  return <PendingScreen {...props} />;
}
