/** Ids a batch reads at most: one statement stays small and quick to plan and send. */
const MAX_IDS = 512;

type Waiting<Row> = { ids: string[]; resolve: (rows: Row[]) => void; reject: (error: unknown) => void };

/**
 * Reads rows by id for every caller that asked during one turn of the event loop with one
 * statement, then gives each caller its own rows in its own order (a missing id has none). Under
 * load a dozen searches ask for their cards in the same turn: one statement instead of a dozen
 * saves each of them a round trip's system calls, the driver's work per statement and
 * PostgreSQL's per statement (bench/search, docs/search.md). Nothing is kept: a statement starts
 * after every request it answers was asked.
 */
export class BatchedRead<Row extends { id: string }> {
  private waiting: Waiting<Row>[] = [];
  private ids = 0;

  constructor(private readonly read: (ids: string[]) => Promise<Row[]>) {}

  rows(ids: string[]): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      if (!this.waiting.length) setImmediate(() => this.flush());
      this.waiting.push({ ids, resolve, reject });
      this.ids += ids.length;
      if (this.ids >= MAX_IDS) this.flush();
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (!batch.length) return;
    this.waiting = [];
    this.ids = 0;
    const ids = [...new Set(batch.flatMap((waiting) => waiting.ids))];
    this.read(ids).then(
      (rows) => {
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const { ids, resolve } of batch) resolve(ids.flatMap((id) => byId.get(id) ?? []));
      },
      (error: unknown) => batch.forEach(({ reject }) => reject(error)),
    );
  }
}
