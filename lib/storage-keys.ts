/** Every browser storage key of spec section 9, named once. */
export const SESSION_KEYS = {
  language: 'language',
  guid: 'guid',
  previousAddress: 'prevAddress',
  startPageShown: 'startPage',
  count: 'count',
  /** Not the spec's: the account the wallet switched to and when, until a page signed in as it has said so. */
  switchedTo: 'switchedTo',
} as const;

export const LOCAL_KEYS = {
  intro: 'intro',
  /** The chosen language, kept across visits; the spec's sessionStorage key is written as well and read first. */
  language: 'language',
  theme: 'theme',
  /** Local builds only: the burner wallet's key and whether this site was granted its account. */
  burnerKey: 'burnerKey',
  burnerAuthorized: 'burnerAuthorized',
} as const;
