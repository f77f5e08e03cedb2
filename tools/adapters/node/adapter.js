// amqcert line-protocol adapter (docs/protocol.md) for the npm package bloom-filters.
//   node adapter.js BloomFilter SIZE HASHES
//   node adapter.js CountingBloomFilter SIZE HASHES      (announces "remove")
//   node adapter.js CuckooFilter BUCKETS FINGERPRINT BUCKET_SIZE
//        (protocol version 2 when asked: announces "remove full" and answers "full" when an add
//        is refused, as CuckooFilter.add returns false after its kicks; version 1: an error)
// Keys arrive hex-encoded; the hex text itself is the key given to the library (distinct
// hex, distinct keys).  The seed of "new SEED" becomes the filter's seed (bloom-filters
// hashes with XXH64 seeded by it), reduced below 2^32 to stay an exact JS number.
'use strict';
const { BloomFilter, CountingBloomFilter, CuckooFilter } = require('bloom-filters');

const [kind, size, hashes] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const cuckoo = kind === 'CuckooFilter', bucketSize = Number(process.argv[5]);
const kinds = { BloomFilter, CountingBloomFilter, CuckooFilter };
if (!kinds[kind] || !(size >= 1) || !(hashes >= 1) || (cuckoo && !(bucketSize >= 1))) {
  process.stderr.write('usage: node adapter.js BloomFilter|CountingBloomFilter SIZE HASHES\n' +
                       '       node adapter.js CuckooFilter BUCKETS FINGERPRINT BUCKET_SIZE\n');
  process.exit(2);
}
const canRemove = kind !== 'BloomFilter';
let filter = null, version = 1;

function answer(line) {
  const sp = line.indexOf(' ');
  const verb = sp < 0 ? line : line.slice(0, sp), arg = sp < 0 ? '' : line.slice(sp + 1);
  // Bloom filters never refuse a key: version 1 whatever is asked (a version 2 amqcert accepts
  // it). The cuckoo filter speaks version 2 when asked, to say "full".
  if (verb === 'hello') {
    version = cuckoo && Number(arg) >= 2 ? 2 : 1;
    return `hello ${version} bloom-filters/${kind}${canRemove ? ' remove' : ''}${version === 2 ? ' full' : ''}`;
  }
  if (verb === 'new') {
    filter = cuckoo ? new CuckooFilter(size, hashes, bucketSize) : new kinds[kind](size, hashes);
    filter.seed = Number(BigInt(arg) % 4294967296n);
    return 'ok';
  }
  if (!filter) return 'error no filter yet';
  if (verb === 'add') {
    if (filter.add(arg) !== false) return 'ok';
    return version === 2 ? 'full' : 'error the cuckoo filter is full';
  }
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
