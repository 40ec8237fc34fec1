/**
 * Constants of the local stack (`npm start`: anvil, the API server, the static app) that both the app and
 * the server read. Pure values, no environment reads: the server must not import the browser's lib/env.ts.
 */
export const LOCAL_CHAIN_ID = 31337;
export const LOCAL_API_KEY = 'local-dev-api-key';
export const LOCAL_API_PORT = 8787;
/** Where `npm start` serves the app (APP_PORT overrides it). */
export const LOCAL_APP_PORT = 3000;
/** The app's origins on a local stack: the sites its sign-in messages may name. */
export const localAppOrigins = (port: number) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
export const LOCAL_APP_ORIGINS = localAppOrigins(LOCAL_APP_PORT);
/** The operator endpoints' own port (loopback only), beside the API's. */
export const LOCAL_ADMIN_PORT = 8788;
/** Where `npm run chain` writes the local deployment and the server looks for it by default. */
export const LOCAL_DEPLOYMENT_FILE = '.run/deployment.local.json';
/** Where a server without ADMIN_TOKEN keeps its random admin token for the local CLI. */
export const LOCAL_ADMIN_TOKEN_FILE = '.data/admin-token';
