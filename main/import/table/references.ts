import { UUID_PATTERN } from '../../../shared/validation/uuid.js';

interface Named {
  id: string;
  name: string;
}

/** Records a cell may name by name or by id: employers, divisions, filters. */
export class NameIndex {
  private readonly byName = new Map<string, string>();
  private readonly ids = new Set<string>();

  constructor(
    private readonly noun: string,
    records: readonly Named[],
  ) {
    for (const record of records) {
      this.add(record.id, record.name);
    }
  }

  get size(): number {
    return this.ids.size;
  }

  /** The only record's id, when there is exactly one. */
  sole(): string | undefined {
    return this.ids.size === 1 ? [...this.ids][0] : undefined;
  }

  add(id: string, name: string): void {
    this.ids.add(id);
    const key = nameKey(name);
    if (!this.byName.has(key)) this.byName.set(key, id);
  }

  hasName(name: string): boolean {
    return this.byName.has(nameKey(name));
  }

  /** The id a cell names: an id as it is (the service checks it), or a name; an error message when no record has that name. */
  resolve(cell: string): { id: string } | { error: string } {
    if (UUID_PATTERN.test(cell)) return { id: cell.toLowerCase() };
    const id = this.byName.get(nameKey(cell));
    return id !== undefined ? { id } : { error: `No ${this.noun} named "${cell}"; give its name or id.` };
  }
}

/** Names compare as the service compares them: case-insensitively. */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-US');
}
