// The Worker build's stand-in for the `side-channel` package (wrangler.jsonc `alias`). qs keeps the
// containers it has already copied or visited in a side channel; the package chooses among WeakMap,
// Map and a linked list for old engines and describes missing keys with object-inspect, which adds
// about 5 KiB gzip to the Worker. Every runtime this project supports has Map, so one is enough.
// The same interface: `getSideChannel()` answers { assert, delete, get, has, set }.
"use strict";

module.exports = function getSideChannel() {
  const data = new Map();
  return {
    assert(key) {
      if (!data.has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    delete: (key) => data.delete(key),
    get: (key) => data.get(key),
    has: (key) => data.has(key),
    set(key, value) {
      data.set(key, value);
    },
  };
};
