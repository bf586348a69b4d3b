import { expect } from 'vitest';

/** The database's own words for why it refused a write, whatever wraps the error; fails if it was not refused. */
export async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the write was refused').not.toBeNull();
  const messages: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    messages.push(String(e.message));
  }
  return messages.join(' | ');
}
