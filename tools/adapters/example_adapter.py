#!/usr/bin/env python3
"""A complete amqcert process adapter (docs/protocol.md): a Bloom filter of M bits whose K
positions per key are independent keyed BLAKE2b hashes.  Usage: example_adapter.py M K
Check it:  amq check --exec 'python3 example_adapter.py 1000 5' --model bloom -m 1000 -k 5 -n 100"""
import hashlib, os, sys

m, k = int(sys.argv[1]), int(sys.argv[2])
bits, seed, pending = bytearray((m + 7) // 8), 0, b''

def positions(key):
    for i in range(k):
        d = hashlib.blake2b(key, digest_size=8, key=seed.to_bytes(8, 'little') + bytes([i])).digest()
        yield int.from_bytes(d, 'little') * m >> 64

def answer(line):
    global bits, seed
    verb, _, arg = line.partition(' ')
    if verb == 'hello': return 'hello 1 python-example'  # version 1: a Bloom filter is never full
    if verb == 'new': bits, seed = bytearray((m + 7) // 8), int(arg); return 'ok'
    if verb == 'add':
        for p in positions(bytes.fromhex(arg)): bits[p >> 3] |= 1 << (p & 7)
        return 'ok'
    if verb == 'query':
        return 'yes' if all(bits[p >> 3] >> (p & 7) & 1 for p in positions(bytes.fromhex(arg))) else 'no'
    return 'error unknown request ' + verb

while True:  # answer every whole line of a chunk, then write before reading again
    chunk = os.read(0, 65536)
    if not chunk: break
    *lines, pending = (pending + chunk).split(b'\n')
    sys.stdout.buffer.write(''.join(answer(l.decode()) + '\n' for l in lines).encode())
    sys.stdout.buffer.flush()
