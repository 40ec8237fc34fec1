/** The languages and phone sizes a touched screen is looked at in (docs/e2e.md): zh-CN and en at 390×844, fr and ko at 360×640. */
export const LOOKS = [
  { locale: 'zh-CN', width: 390, height: 844 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'fr', width: 360, height: 640 },
  { locale: 'ko', width: 360, height: 640 },
] as const;
