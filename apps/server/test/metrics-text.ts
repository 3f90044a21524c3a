// Reading what a Prometheus scrape reads (GET /metrics): plugins/metrics.test.ts, the job
// metrics test and the going-live walk.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const META = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * The Prometheus text format (0.0.4), strictly: every line a HELP, a TYPE or a sample; every
 * sample of a family that has a TYPE; labels quoted and comma-separated; values numbers.
 */
export function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = META.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!TYPES.has(meta[3])) throw new Error(`unknown type: ${line}`);
        types.set(meta[2], meta[3]);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const [, name, labelText = '', valueText] = sample;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) throw new Error(`bad labels: ${line}`);
      labels[label[1]] = label[2];
    }
    const value = Number(valueText.replace(/^\+Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    // Prometheus reads NaN in any case (Go's ParseFloat); prom-client writes a mean of no
    // samples yet (the event loop lag before its first sample) as `Nan`.
    if (Number.isNaN(value) && !/^nan$/i.test(valueText)) throw new Error(`bad value: ${line}`);
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`sample without a TYPE: ${line}`);
    samples.push({ name, labels, value });
  }
  return { types, samples };
}

export const sampleValue = (samples: Sample[], name: string, labels: Record<string, string>) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
