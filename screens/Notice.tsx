'use client';
import { PendingScreen } from '@/components/PendingScreen';
import type { ScreenProps } from './registry';

export default function Notice(props: ScreenProps) {
  return <PendingScreen {...props} />;
}
