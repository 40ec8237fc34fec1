'use client';
import { PendingScreen } from '@/components/PendingScreen';
import type { ScreenProps } from './registry';

export default function EmailReply(props: ScreenProps) {
  return <PendingScreen {...props} />;
}
