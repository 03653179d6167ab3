#!/usr/bin/env node
// A student's program for the hashing and basics exercises, built the way students build one on
// popular npm libraries: each step whose library is named on the command line is that
// library's, called as its README says, and the rest is the protocol (docs/protocol.md) in a
// few lines of JavaScript. The kit grades it to learn what it says of code nobody here wrote.
//
//   node bloom.js [--murmur murmurhash3js|murmurhash-js|imurmurhash|murmurhash]
//                 [--fnv @sindresorhus/fnv1a|fnv-plus|fnv-plus-64] [--size bloom-filters]
//                 [--input latin1]
//
// --input latin1 reads standard input as Latin-1 ("binary") text, a character per byte: how a
// program hands raw bytes to a library that takes strings only.
'use strict';
const readline = require('readline');

const options = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) options[process.argv[i].slice(2)] = process.argv[i + 1];

// MurmurHash3 x86_32 of a string, as each library takes one
const murmurs = {
  murmurhash3js: (key, seed) => require('murmurhash3js').x86.hash32(key, seed),
  'murmurhash-js': (key, seed) => require('murmurhash-js').murmur3(key, seed),
  imurmurhash: (key, seed) => require('imurmurhash')(key, seed).result(),
  murmurhash: (key, seed) => require('murmurhash').v3(key, seed),
};
// FNV-1a of a string as a BigInt, and how each library's value is printed
const fnvs = {
  '@sindresorhus/fnv1a': (key) => BigInt(require('@sindresorhus/fnv1a').default(key)),
  'fnv-plus': (key) => BigInt('0x' + require('fnv-plus').hash(key).hex()),
  'fnv-plus-64': (key) => BigInt('0x' + require('fnv-plus').hash(key, 64).hex()),
};
// an FNV-1a 64 of my own, for the steps no library is named for
function fnv64(key) {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(key, 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
}
const murmur = murmurs[options.murmur || 'murmurhash'];
const fnv = fnvs[options.fnv] || fnv64;

function size(n, p) {
  if (options.size === 'bloom-filters') {
    const filter = require('bloom-filters').BloomFilter.create(n, p);
    return [filter._size, filter._nbHashes];
  }
  const LN2 = 0.6931471805599453;
  const m = Math.max(1, Math.ceil(-n * Math.log(p) / 0.4804530139182014));
  return [m, Math.max(1, Math.round((m / n) * LN2))];
}

function number(text, low, high) {
  if (!/^[0-9]+$/.test(text) || Number(text) < low || Number(text) > high) throw new Error(`bad number ${text}`);
  return Number(text);
}
function u32(text) {
  if (/^0x[0-9a-fA-F]{1,8}$/.test(text)) return parseInt(text.slice(2), 16);
  return number(text, 0, 4294967295);
}
function probability(text) {
  if (!/^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/.test(text)) throw new Error(`bad p ${text}`);
  const p = Number(text);
  if (!(p > 0 && p < 1)) throw new Error(`bad p ${text}`);
  return p;
}

let classic = null;  // {m, k, bits: Set, keys: Set}
function positions(key) {
  const h = fnv(key);
  const h1 = h & 0xffffffffn;
  const h2 = (h >> 32n) | 1n;
  const out = [];
  for (let i = 0n; i < BigInt(classic.k); i++) out.push(Number((h1 + i * h2) % BigInt(classic.m)));
  return out;
}

function answer(line) {
  const space = line.indexOf(' ');
  const name = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? '' : line.slice(space + 1);
  const args = rest === '' ? [] : rest.split(' ');
  switch (name) {
    case 'HASH': {
      const cut = rest.indexOf(' ');
      const seed = u32(cut < 0 ? rest : rest.slice(0, cut));
      return murmur(cut < 0 ? '' : rest.slice(cut + 1), seed).toString(16).padStart(8, '0');
    }
    case 'POSITIONS': {
      const [m, k] = [number(args[0], 1, 4294967295), number(args[1], 1, 50)];
      const key = args.slice(2).join(' ');
      const [ha, hb] = [BigInt(murmur(key, 0)), BigInt(murmur(key, 0x9747b28c))];
      const out = [];
      for (let i = 0n; i < BigInt(k); i++) out.push(((ha + i * hb) % BigInt(m)).toString());
      return out.join(' ');
    }
    case 'FNV':
      return fnv(rest).toString(16).padStart(16, '0');
    case 'SIZE': {
      if (args.length !== 2) throw new Error('SIZE needs <n> <p>');
      const [m, k] = size(number(args[0], 1, 4294967295), probability(args[1]));
      return `bits=${m} hashes=${k}`;
    }
    case 'BLOOM':
      if (args.length !== 2) throw new Error('BLOOM needs <m> <k>');
      classic = {m: number(args[0], 1, 100000000), k: number(args[1], 1, 50), bits: new Set(), keys: new Set()};
      return 'ok';
    case 'ADD': case 'CHECK': case 'VERIFY': case 'BITS': {
      if (!classic) throw new Error('no filter yet');
      if (name === 'BITS') {
        if (rest !== '' || space >= 0) throw new Error('BITS takes nothing');
        return `bits set: ${classic.bits.size} of ${classic.m}`;
      }
      const where = positions(rest);
      const maybe = where.every((x) => classic.bits.has(x));
      if (name === 'ADD') {
        where.forEach((x) => classic.bits.add(x));
        classic.keys.add(rest);
        return 'ok';
      }
      if (name === 'VERIFY') return classic.keys.has(rest) ? 'member' : maybe ? 'false positive' : 'no';
      return `${rest.padEnd(10)} ${(maybe ? 'maybe' : 'no').padEnd(5)} [${where.join(', ')}]`;
    }
    default:
      throw new Error(`unknown command ${name}`);
  }
}

if (options.input) process.stdin.setEncoding(options.input);
const input = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
input.on('line', (raw) => {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line === '' || line.startsWith('#')) return;
  let out;
  try {
    out = answer(line);
  } catch (e) {
    out = `error: ${e.message}`;
  }
  process.stdout.write(out + '\n');
});
