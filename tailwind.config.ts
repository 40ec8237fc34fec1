import type { Config } from 'tailwindcss';

/** Design tokens of the app (loaded from app/globals.css with Tailwind 4's @config). */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './shell/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './screens/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        ink: { DEFAULT: '#0b1020', soft: '#121a33', card: '#18213f', line: '#26305a' },
        gold: { DEFAULT: '#f5c451', soft: '#fde7a6', deep: '#c99a2e' },
        mint: '#3ddc97',
        haze: '#9aa4c7',
      },
      fontFamily: {
        sans: ['-apple-system', 'BlinkMacSystemFont', '"PingFang SC"', '"Noto Sans CJK SC"', '"Segoe UI"', 'Roboto', 'sans-serif'],
      },
      maxWidth: { app: '480px' },
    },
  },
};

export default config;
