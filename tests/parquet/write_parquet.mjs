// Writes a Parquet file with DuckDB's own Parquet writer (bloom filters on) for the amqcert
// test tests/test_parquet_duckdb.c, and the values of every column chunk as DuckDB reads
// them back from the file's data pages:
//   node write_parquet.mjs DIR  ->  DIR/duckdb.parquet, DIR/values/COLUMN.ROWGROUP.txt
// Each values file holds the distinct non-null values of one column in one row group, one
// per line, in the text forms of amqcert's --key-type (docs/parquet.md): strings as they
// are, integers in decimal, floats and doubles in JavaScript's shortest round-trip form.
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node write_parquet.mjs DIR');
  process.exit(2);
}
const file = join(dir, 'duckdb.parquet');
mkdirSync(join(dir, 'values'), { recursive: true });

const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
await con.run('SET threads = 1'); // rows reach the row groups in order

// 100,000 rows; values repeat (so DuckDB keeps its dictionaries, which is when it writes
// bloom filters), with NULLs, the empty string, non-ASCII text, the integer extremes and
// subnormal, huge and non-terminating doubles.
const rows = 100000;
await con.run(`
  COPY (
    SELECT
      CASE WHEN i % 997 = 0 THEN '' ELSE 'user-' || ((i * 7919) % 30011) ||
           CASE WHEN i % 5 = 0 THEN '-é€' ELSE '' END END                      AS s,
      CASE WHEN i % 1009 = 3 THEN NULL WHEN i = 5 THEN -2147483648 WHEN i = 6 THEN 2147483647
           ELSE (((i * 104729) % 40009) - 20000) * 53000 END::INTEGER          AS v,
      CASE WHEN i = 7 THEN -9223372036854775808 WHEN i = 8 THEN 9223372036854775807
           ELSE ((i * 1000003) % 50021) * 184467440737 - 4611686018427387904 END::BIGINT AS b,
      CASE WHEN i = 9 THEN 1e300 WHEN i = 10 THEN 5e-324
           ELSE ((i * 31) % 20011) / 7.0 - 1000 END::DOUBLE                     AS d,
      ((i % 45007) / 3.0)::FLOAT                                                AS f
    FROM range(${rows}) t(i)
  ) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 40960, DICTIONARY_SIZE_LIMIT 1000000,
                  BLOOM_FILTER_FALSE_POSITIVE_RATIO 0.01)`);

const groups = (await con.runAndReadAll(
  `SELECT DISTINCT row_group_id, row_group_num_rows FROM parquet_metadata('${file}') ORDER BY row_group_id`,
)).getRowObjects();
const text = (v) => (typeof v === 'bigint' ? v.toString() : String(v));
let start = 0n;
for (const g of groups) {
  const end = start + BigInt(g.row_group_num_rows);
  for (const col of ['s', 'v', 'b', 'd', 'f']) {
    const r = await con.runAndReadAll(
      `SELECT DISTINCT ${col} AS x FROM read_parquet('${file}', file_row_number = true)
       WHERE file_row_number >= ${start} AND file_row_number < ${end} AND ${col} IS NOT NULL`,
    );
    const values = r.getRowObjects().map((o) => text(o.x));
    writeFileSync(join(dir, 'values', `${col}.${g.row_group_id}.txt`), values.map((v) => v + '\n').join(''));
  }
  start = end;
}
console.log(`${file}: ${groups.length} row groups of ${rows} rows`);
