/**
 * Storage behind an interface. `MemoryStore` keeps tables in maps; `FileStore` adds a durable
 * snapshot written (temp file, fsync, rename) on every commit, and the server commits before it
 * acknowledges a write, so no acknowledged write is lost if the process is killed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { TableName, Tables } from "./state";

export interface Table<T extends { id: number }> {
  get(id: number): T | undefined;
  all(): T[];
  find(predicate: (row: T) => boolean): T | undefined;
  filter(predicate: (row: T) => boolean): T[];
  /** Inserts or replaces the row with the same id. */
  put(row: T): T;
  delete(id: number): boolean;
}

export interface Store {
  table<K extends TableName>(name: K): Table<Tables[K]>;
  /** A new ID for `kind`, never reused. */
  nextId(kind: string): number;
  /** Makes every change so far durable. */
  commit(): void;
  /** Drops every row and sequence. */
  reset(): void;
}

class MapTable<T extends { id: number }> implements Table<T> {
  readonly rows = new Map<number, T>();
  constructor(private readonly onChange: () => void) {}
  get(id: number) {
    return this.rows.get(id);
  }
  all() {
    return [...this.rows.values()];
  }
  find(predicate: (row: T) => boolean) {
    return this.all().find(predicate);
  }
  filter(predicate: (row: T) => boolean) {
    return this.all().filter(predicate);
  }
  put(row: T) {
    this.rows.set(row.id, row);
    this.onChange();
    return row;
  }
  delete(id: number) {
    const had = this.rows.delete(id);
    if (had) this.onChange();
    return had;
  }
}

interface Snapshot {
  sequences: Record<string, number>;
  tables: Record<string, unknown[]>;
}

export class MemoryStore implements Store {
  protected tables = new Map<TableName, MapTable<{ id: number }>>();
  protected sequences: Record<string, number> = {};
  protected dirty = false;

  constructor() {
    this.reset();
  }

  /** The table `name`, made empty on first use: `Tables` is the one list of tables. */
  table<K extends TableName>(name: K): Table<Tables[K]> {
    // One map type holds every table; which record each holds, `Tables` says by name, not the compiler.
    return this.tableOf(name) as unknown as Table<Tables[K]>;
  }

  private tableOf(name: TableName): MapTable<{ id: number }> {
    let table = this.tables.get(name);
    if (!table) this.tables.set(name, (table = new MapTable(() => (this.dirty = true))));
    return table;
  }

  nextId(kind: string): number {
    this.sequences[kind] = (this.sequences[kind] ?? 0) + 1;
    this.dirty = true;
    return this.sequences[kind];
  }

  commit(): void {
    this.dirty = false;
  }

  reset(): void {
    this.tables = new Map();
    this.sequences = {};
    this.dirty = true;
  }

  protected snapshot(): Snapshot {
    return {
      sequences: this.sequences,
      tables: Object.fromEntries([...this.tables].map(([name, t]) => [name, t.all()])),
    };
  }

  protected restore(snapshot: Snapshot): void {
    this.reset();
    this.sequences = { ...snapshot.sequences };
    for (const [name, rows] of Object.entries(snapshot.tables)) {
      const table = this.tableOf(name as TableName);
      for (const row of rows as { id: number }[]) table.rows.set(row.id, row);
    }
    this.dirty = false;
  }
}

export class FileStore extends MemoryStore {
  constructor(private readonly file: string) {
    super();
    if (fs.existsSync(file)) this.restore(JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot);
  }

  /** Whether the file held state when the store opened. */
  get hasData(): boolean {
    return this.table("users").all().length > 0;
  }

  override commit(): void {
    if (!this.dirty) return;
    const dir = path.dirname(this.file);
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, "w", 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(this.snapshot()));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    const dirFd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(dirFd);
    } finally {
      fs.closeSync(dirFd);
    }
    this.dirty = false;
  }
}
