/**
 * The duplicate-key check of the bounded-JSON scan (bounded-json.ts): the keys of one open object.
 */

/** FNV-1a hash of `bytes[start, end)`. */
function hashOf(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * Keys of one open object for the duplicate check, compared as UTF-8 bytes without making a
 * string (the ingest's hot path; 50,000 keys of a gateway batch cost about a millisecond): up to 16
 * keys one against the other, beyond that through a hash table. A key holding an escape is
 * decoded first, so `"a"` and `"\u0061"` are the same key.
 */
export class KeySet {
  private input: Uint8Array = new Uint8Array(0);
  private n = 0;
  private starts = new Int32Array(16);
  private ends = new Int32Array(16);
  private hashes = new Uint32Array(16);
  /** Decoded copies of escaped keys by index (rare: empty on the hot path). */
  private readonly decoded = new Map<number, Uint8Array>();
  /** Open-addressing table of key indexes + 1 by hash (0: empty), used past 16 keys, reused. */
  private table = new Int32Array(0);
  private tableInUse = false;

  /** Starts a new object of `input`. */
  clear(input: Uint8Array): void {
    this.input = input;
    this.n = 0;
    this.tableInUse = false;
    if (this.decoded.size) this.decoded.clear();
  }

  /** False when the key at `input[start, end)` was there already; null when an escape in it is broken. */
  add(start: number, end: number, escaped: boolean): boolean | null {
    let src = this.input;
    if (escaped) {
      const key = decodedKey(src, start, end);
      if (key === null) return null;
      src = key;
      start = 0;
      end = key.length;
    }
    const n = this.n;
    if (n < 16) {
      for (let k = 0; k < n; k++) if (this.same(k, src, start, end)) return false;
    } else {
      if (!this.tableInUse || n * 2 >= this.table.length) this.rehash(n);
      const table = this.table;
      const mask = table.length - 1;
      const h = hashOf(src, start, end);
      let slot = h & mask;
      for (let k = table[slot]!; k !== 0; slot = (slot + 1) & mask, k = table[slot]!) {
        if (this.hashes[k - 1] === h && this.same(k - 1, src, start, end)) return false;
      }
      table[slot] = n + 1;
      this.hashes[n] = h;
    }
    if (n === this.starts.length) this.widen();
    this.starts[n] = start;
    this.ends[n] = end;
    if (escaped) this.decoded.set(n, src);
    this.n = n + 1;
    return true;
  }

  /** The table rebuilt for at least 2 × (n + 1) keys holding keys 0…n-1. */
  private rehash(n: number): void {
    let size = 64;
    while (size < (n + 1) * 4) size *= 2;
    if (this.table.length < size) this.table = new Int32Array(size);
    else this.table.fill(0);
    const table = this.table;
    const mask = table.length - 1;
    for (let k = 0; k < n; k++) {
      const h = (this.hashes[k] = hashOf(this.decoded.get(k) ?? this.input, this.starts[k]!, this.ends[k]!));
      let slot = h & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = k + 1;
    }
    this.tableInUse = true;
  }

  private widen(): void {
    const grow = <T extends Int32Array | Uint32Array>(a: T, b: T): T => (b.set(a), b);
    const size = this.starts.length * 2;
    this.starts = grow(this.starts, new Int32Array(size));
    this.ends = grow(this.ends, new Int32Array(size));
    this.hashes = grow(this.hashes, new Uint32Array(size));
  }

  private same(k: number, src: Uint8Array, start: number, end: number): boolean {
    const s = this.starts[k]!;
    const len = end - start;
    if (this.ends[k]! - s !== len) return false;
    const other = this.decoded.size ? (this.decoded.get(k) ?? this.input) : this.input;
    for (let j = 0; j < len; j++) if (other[s + j] !== src[start + j]) return false;
    return true;
  }
}

/** An escaped key's UTF-8 bytes once decoded (null when its escapes are broken). */
function decodedKey(bytes: Uint8Array, start: number, end: number): Buffer | null {
  try {
    const text = JSON.parse(
      `"${Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8')}"`,
    ) as string;
    return Buffer.from(text, 'utf8');
  } catch {
    return null; // JSON.parse of the whole text refuses it
  }
}
