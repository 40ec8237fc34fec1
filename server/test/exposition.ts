/**
 * A strict parser of Prometheus's text exposition format (0.0.4): every line is a `# HELP`, a `# TYPE` or a sample
 * of a family whose TYPE came before it, with quoted label values and a number; anything else throws.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { types: Map<string, string>; samples: Sample[] };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\]|\\\\["\\\\n])*)"(?:,|$)/;
const SUFFIXES = ['_bucket', '_count', '_sum'];

function number(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  // prom-client writes NaN as "Nan" (the event-loop lag before its first sample); Prometheus reads floats in any case.
  if (/^nan$/i.test(text)) return NaN;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) throw new Error(`not a number in: ${line}`);
  return Number(text);
}

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`bad labels in: ${line}`);
    if (m[1]! in labels) throw new Error(`label ${m[1]} twice in: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    rest = rest.slice(m[0].length);
  }
  return labels;
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      if (types.has(type[1]!)) throw new Error(`TYPE twice: ${line}`);
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (new RegExp(`^# HELP ${NAME} `).test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const name = m[1]!;
    const family = types.has(name) ? name : SUFFIXES.map((s) => name.endsWith(s) && name.slice(0, -s.length)).find((f) => f && types.get(f) === 'histogram');
    if (!family) throw new Error(`a sample before its TYPE: ${line}`);
    samples.push({ name, labels: labelsOf(m[2] ?? '', line), value: number(m[3]!, line) });
  }
  return { types, samples };
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = exposition.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
