import { z } from 'zod';
import { LOCAL_API_KEY } from '../lib/env';

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  API_KEY: z.string().min(1).default(LOCAL_API_KEY),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data/pglite'),
  CORS_ORIGINS: z.string().default('*'),
  ADMIN_TOKEN: z.string().min(16).optional(),
  UST_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  NONCE_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
});

export type ServerConfig = {
  port: number;
  apiKey: string;
  databaseUrl?: string;
  dataDir: string;
  corsOrigins: string[];
  adminToken?: string;
  ustWindowSeconds: number;
  nonceTtlSeconds: number;
  sessionTtlSeconds: number;
};

/** Server settings from the environment, validated once at start. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): ServerConfig {
  const e = schema.parse(source);
  return {
    port: e.PORT,
    apiKey: e.API_KEY,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    corsOrigins: e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    adminToken: e.ADMIN_TOKEN,
    ustWindowSeconds: e.UST_WINDOW_SECONDS,
    nonceTtlSeconds: e.NONCE_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
  };
}
