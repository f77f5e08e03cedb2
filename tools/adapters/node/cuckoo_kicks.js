// Where the npm CuckooFilter loses keys (docs/peers.md), in the library directly, outside the
// checker: run from build/adapters/node after `make adapters`:  node cuckoo_kicks.js
//   1. 2000 filters of 64 buckets x 4 fingerprints (2 hex digits), 100 hex keys each, every key
//      added so far queried after each add, up to the first one lost: was that add one that
//      had to kick (both of its buckets full)?
//   2. 500 filters filled up to their first refused add: is the table after it the table
//      before it, and is every key found before it still found?
'use strict';
const { CuckooFilter } = require('bloom-filters');

const key = (f, i) => (f * 1000 + i).toString(16).padStart(16, '0');
const table = (c) => JSON.stringify(c._filter.map((b) => b._elements));
const kicks = (c, k) => {
  const loc = c._locations(k);
  return !c._filter[loc.firstIndex].isFree() && !c._filter[loc.secondIndex].isFree();
};

let kicking = 0, lostKicking = 0, lostPlain = 0;
for (let f = 0; f < 2000; f++) {
  const c = new CuckooFilter(64, 2, 4), keys = [];
  c.seed = f + 1;
  for (let i = 0; i < 100; i++) {
    const k = key(f, i), kicked = kicks(c, k);
    kicking += kicked;
    c.add(k);
    keys.push(k);
    if (keys.some((x) => !c.has(x))) {
      if (kicked) lostKicking++; else lostPlain++;
      break;
    }
  }
}
console.log(`adds that kicked: ${kicking}; filters that lost a key in such an add: ${lostKicking}; in an add without kicks: ${lostPlain}`);

let refusals = 0, unchanged = 0, lost = 0;
for (let f = 0; f < 500; f++) {
  const c = new CuckooFilter(64, 2, 4), keys = [];
  c.seed = f + 1;
  for (let i = 0; i < 1000; i++) {
    const k = key(f, i), found = keys.filter((x) => c.has(x)), before = table(c);
    if (c.add(k) === false) {
      refusals++;
      unchanged += table(c) === before;
      lost += found.some((x) => !c.has(x));
      break;
    }
    keys.push(k);
  }
}
console.log(`first refusals: ${refusals}; table unchanged: ${unchanged}; a key found before it lost: ${lost}`);
