// autocannon ships no types: bench-portal.ts declares the part of its API the benchmarks use.
declare module 'autocannon';
