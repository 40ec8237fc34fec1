import type { Config } from 'tailwindcss';

/** Design tokens of the app (loaded from app/globals.css with Tailwind 4's @config). */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './shell/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './screens/**/*.{ts,tsx}'],
  theme: {
    extend: {
      // Every color but the dark text on gold buttons follows the theme (CSS variables in app/globals.css).
      colors: {
        ink: { DEFAULT: 'var(--ink)', soft: 'var(--ink-soft)', card: 'var(--ink-card)', line: 'var(--ink-line)' },
        fg: 'var(--fg)',
        haze: 'var(--haze)',
        gold: { DEFAULT: 'var(--gold)', soft: 'var(--gold-soft)', deep: '#c99a2e' },
        'on-gold': '#0b1020',
        mint: 'var(--mint)',
      },
      fontFamily: {
        sans: ['-apple-system', 'BlinkMacSystemFont', '"PingFang SC"', '"Noto Sans CJK SC"', '"Segoe UI"', 'Roboto', 'sans-serif'],
      },
      maxWidth: { app: '480px' },
    },
  },
};

export default config;
