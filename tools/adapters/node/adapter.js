// amqcert line-protocol adapter (docs/protocol.md) for the npm package bloom-filters.
//   node adapter.js BloomFilter SIZE HASHES
//   node adapter.js CountingBloomFilter SIZE HASHES      (announces "remove")
// Keys arrive hex-encoded; the hex text itself is the key given to the library (distinct
// hex, distinct keys).  The seed of "new SEED" becomes the filter's seed (bloom-filters
// hashes with XXH64 seeded by it), reduced below 2^32 to stay an exact JS number.
'use strict';
const { BloomFilter, CountingBloomFilter } = require('bloom-filters');

const [kind, size, hashes] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const kinds = { BloomFilter, CountingBloomFilter };
if (!kinds[kind] || !(size >= 1) || !(hashes >= 1)) {
  process.stderr.write('usage: node adapter.js BloomFilter|CountingBloomFilter SIZE HASHES\n');
  process.exit(2);
}
const canRemove = kind === 'CountingBloomFilter';
let filter = null;

function answer(line) {
  const sp = line.indexOf(' ');
  const verb = sp < 0 ? line : line.slice(0, sp), arg = sp < 0 ? '' : line.slice(sp + 1);
  // version 1 whatever is asked (a version 2 amqcert accepts it): these filters never refuse a key
  if (verb === 'hello') return `hello 1 bloom-filters/${kind}${canRemove ? ' remove' : ''}`;
  if (verb === 'new') {
    filter = new kinds[kind](size, hashes);
    filter.seed = Number(BigInt(arg) % 4294967296n);
    return 'ok';
  }
  if (!filter) return 'error no filter yet';
  if (verb === 'add') { filter.add(arg); return 'ok'; }
  if (verb === 'query') return filter.has(arg) ? 'yes' : 'no';
  if (verb === 'remove' && canRemove) { filter.remove(arg); return 'ok'; }
  return 'error unknown request: ' + verb;
}

// Every whole line of a chunk of input is answered, and the replies written in one piece
// before the next chunk is read: pipelined requests are answered at full speed, and no
// reply waits for more input.
let pending = '';
process.stdin.setEncoding('latin1');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  const out = lines.map((line) => {
    try { return answer(line.endsWith('\r') ? line.slice(0, -1) : line); }
    catch (e) { return 'error ' + String(e.message).replace(/\n/g, ' '); }
  });
  if (out.length) process.stdout.write(out.join('\n') + '\n');
});
