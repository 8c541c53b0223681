import { CSV_BOM, csvLine } from '../../src/domain/admin/csv.ts';

type Cell = string | number | boolean | null | undefined;

/** One page of rows after a key (keyset paging); fewer than `limit` rows means the last page. */
export type PageReader = (afterKey: string | null, limit: number) => Promise<{ key: string; cells: Cell[] }[]>;

export const EXPORT_PAGE_SIZE = 1000;

/**
 * A CSV body read from the database a page at a time, only when the client takes more (a pull
 * stream): however many rows, at most one page is held in memory, and a client that stops reading
 * stops the queries.
 */
export function csvStream(header: readonly string[], readPage: PageReader, pageSize = EXPORT_PAGE_SIZE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterKey: string | null = null;
  let started = false;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
          return;
        }
        if (finished) return;
        const rows = await readPage(afterKey, pageSize);
        if (rows.length > 0) {
          afterKey = rows[rows.length - 1]!.key;
          controller.enqueue(encoder.encode(rows.map((row) => csvLine(row.cells)).join('')));
        }
        if (rows.length < pageSize) {
          finished = true;
          controller.close();
        }
      },
    },
    { highWaterMark: 1 },
  );
}
