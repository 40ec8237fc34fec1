import type { MessageKey } from './i18n';

/** A business rule said no: the key (and params) become the reply's info in the caller's language. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** '301' (registration needed) and '302' (login needed) travel as literal infos the app acts on. */
export class FlowError extends Error {
  constructor(readonly info: '301' | '302') {
    super(info);
  }
}
