// The three parts of Headless UI the lazy dialogs use (components/LazyDialog.tsx), named here so the bundler keeps
// only them and what they need: `import('@headlessui/react')` took the whole library (menus, listboxes,
// comboboxes and floating-ui with them), two chunks of ~69 KiB gzip in all, into the first dialog's load.
export { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
