import type { Draft } from './draft';

export type StepProps = {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** Field messages from the last save (the server's `fields`, or the shared schema's). */
  errors: Record<string, string>;
};
