/** Every browser storage key of spec section 9, named once. */
export const SESSION_KEYS = {
  language: 'language',
  guid: 'guid',
  previousAddress: 'prevAddress',
  startPageShown: 'startPage',
  count: 'count',
} as const;

export const LOCAL_KEYS = {
  intro: 'intro',
  theme: 'theme',
  /** Local builds only: the burner wallet's key and whether this site was granted its account. */
  burnerKey: 'burnerKey',
  burnerAuthorized: 'burnerAuthorized',
} as const;
