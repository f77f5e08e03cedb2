// amqcert line-protocol adapter (docs/protocol.md) for the npm package bloom-filters.
//   node adapter.js BloomFilter SIZE HASHES
//   node adapter.js CountingBloomFilter SIZE HASHES      (announces "remove")
// Keys arrive hex-encoded; the hex text itself is the key given to the library (distinct
// hex, distinct keys).  The seed of "new SEED" becomes the filter's seed (bloom-filters
// hashes with XXH64 seeded by it), reduced below 2^32 to stay an exact JS number.
'use strict';
const readline = require('readline');
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
  if (verb === 'hello') return arg === '1' ? `hello 1 bloom-filters/${kind}${canRemove ? ' remove' : ''}` : 'error protocol 1 only';
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

// Replies are gathered while lines keep coming and written in one piece when the input
// pauses (setImmediate), so pipelined requests are answered at full speed.
let out = [];
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  let reply;
  try { reply = answer(line); } catch (e) { reply = 'error ' + String(e.message).replace(/\n/g, ' '); }
  if (out.push(reply) === 1) setImmediate(() => { process.stdout.write(out.join('\n') + '\n'); out = []; });
});
