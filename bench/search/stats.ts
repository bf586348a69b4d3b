export type Summary = { requests: number; rps: number; p50: number; p95: number; p99: number; errors: number };

export function summarize(latenciesMs: number[], seconds: number, errors: number): Summary {
  const sorted = Float64Array.from(latenciesMs).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
  return { requests: sorted.length, rps: sorted.length / seconds, p50: at(50), p95: at(95), p99: at(99), errors };
}

export function printTable(rows: [string, Summary][], ratio?: { rps: number; p95: number }) {
  const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);
  // Seven wide; a latency of 10 s or more widens its cell rather than lose its leading digits.
  const ms = (n: number) => n.toFixed(2).padStart(7);
  console.log('\n| side                    |  requests |       rps |  p50 ms |  p95 ms |  p99 ms | errors |');
  console.log('|-------------------------|-----------|-----------|---------|---------|---------|--------|');
  for (const [name, s] of rows) {
    console.log(
      `| ${name.padEnd(23)} | ${String(s.requests).padStart(9)} | ${fmt(s.rps)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${String(s.errors).padStart(6)} |`,
    );
  }
  if (ratio)
    console.log(
      `\nAPI ÷ raw SQL: p95 ${ratio.p95.toFixed(2)}×, throughput ${ratio.rps.toFixed(2)}× (raw rps ÷ API rps)`,
    );
}
