/**
 * Foundry's Collection (common/utils/collection.mjs): a Map that iterates its values and has
 * array helpers. It wraps a Map because Map's own iterator yields [key, value] pairs.
 */
export class Collection<T> {
  readonly #map: Map<string, T>;

  constructor(entries: Iterable<[string, T]> = []) {
    this.#map = new Map(entries);
  }

  get size(): number {
    return this.#map.size;
  }

  get contents(): T[] {
    return [...this.#map.values()];
  }

  [Symbol.iterator](): IterableIterator<T> {
    return this.#map.values();
  }

  get(key: string, { strict = false }: { strict?: boolean } = {}): T | undefined {
    const value = this.#map.get(key);
    if (strict && value === undefined) throw new Error(`The key ${key} does not exist in the ${this.constructor.name}`);
    return value;
  }

  set(key: string, value: T): this {
    this.#map.set(key, value);
    return this;
  }

  has(key: string): boolean {
    return this.#map.has(key);
  }

  delete(key: string): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  keys(): IterableIterator<string> {
    return this.#map.keys();
  }

  values(): IterableIterator<T> {
    return this.#map.values();
  }

  entries(): IterableIterator<[string, T]> {
    return this.#map.entries();
  }

  forEach(fn: (value: T, key: string) => void): void {
    this.#map.forEach((value, key) => fn(value, key));
  }

  find(predicate: (value: T) => boolean): T | undefined {
    return this.contents.find(predicate);
  }

  filter(predicate: (value: T) => boolean): T[] {
    return this.contents.filter(predicate);
  }

  map<U>(fn: (value: T) => U): U[] {
    return this.contents.map(fn);
  }

  some(predicate: (value: T) => boolean): boolean {
    return this.contents.some(predicate);
  }

  every(predicate: (value: T) => boolean): boolean {
    return this.contents.every(predicate);
  }

  reduce<U>(reducer: (accumulator: U, value: T) => U, initial: U): U {
    return this.contents.reduce(reducer, initial);
  }

  getName(name: string, { strict = false }: { strict?: boolean } = {}): T | undefined {
    const found = this.find((v) => (v as { name?: string }).name === name);
    if (strict && !found) throw new Error(`An entry with name ${name} does not exist in the collection`);
    return found;
  }

  toJSON(): T[] {
    return this.contents;
  }
}

/** A client's collection of one primary document type (`game.actors`, `game.items` …). */
export class WorldCollection<T> extends Collection<T> {
  readonly documentName: string;

  constructor(documentName: string) {
    super();
    this.documentName = documentName;
  }

  get documentClass(): unknown {
    return (globalThis as unknown as { CONFIG: Record<string, { documentClass?: unknown }> }).CONFIG[this.documentName]?.documentClass;
  }
}
