/** Types of build-settings.mjs (plain JavaScript, for next.config.mjs). */
export declare const REQUIRED_BUILD_SETTINGS: readonly string[];
export declare function buildSettingProblems(env: Record<string, string | undefined>): string[];
export declare function assertBuildSettings(env: Record<string, string | undefined>): void;
