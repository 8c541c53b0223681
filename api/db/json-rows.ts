import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Reads a row that PostgreSQL sent as `to_jsonb(alias)` into the shape drizzle gives that table's
 * rows: JS names, and each column decoded as drizzle decodes it (timestamps as Date, dates as
 * text). One column on the wire instead of one per field, short SQL, and no query builder in
 * between: for the hot reads that go through `DatabaseHandle.readRows` (bench:api). Both drivers
 * send jsonb already parsed; timestamps inside it are ISO text on both.
 */
export function jsonRowReader<T extends Table>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name, column }));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const { key, name, column } of columns) {
      const value = json[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
