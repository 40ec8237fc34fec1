import { endpoints } from '@/lib/api/contract';

/** Home's public content, as the screen reads it and the shell prefetches it (spec section 9: banner position '1', 5 notices). */
export const HOME_CONTENT = {
  banners: { endpoint: endpoints.getSwap, input: { position: '1' } },
  notices: { endpoint: endpoints.getHotNotice, input: { limit: '5' } },
  levels: { endpoint: endpoints.invest, input: {} },
} as const;
