/** What a spec reads of its worker's stack, as environment variables. */
export type StackEnv = {
  APP_URL: string;
  APP_SUBPATH_URL: string;
  API_URL: string;
  CHAIN_URL: string;
  CHAIN_ID: string;
  ADMIN_URL: string;
  CONSOLE_URL: string;
  ADMIN_TOKEN: string;
  MAIL_URL: string;
};

/** The runner's global setup hands each worker's stack to the workers through this variable (JSON, by parallel index). */
const STACKS_VARIABLE = 'E2E_STACKS';

export const publishStacks = (stacks: StackEnv[]) => (process.env[STACKS_VARIABLE] = JSON.stringify(stacks));

export function stackOfWorker(parallelIndex: number): StackEnv {
  const stacks = JSON.parse(process.env[STACKS_VARIABLE] ?? '[]') as StackEnv[];
  const stack = stacks[parallelIndex];
  if (!stack) throw new Error(`no e2e stack for worker ${parallelIndex}: the global setup started ${stacks.length}`);
  return stack;
}
