import type { SbcReading } from '../../../shared/sbc.js';

/** The reading being built: fields with their sources, and warnings, added by each reader in turn. */
export class Reading {
  readonly plan: SbcReading['plan'] = {};
  readonly sources: SbcReading['sources'] = {};
  readonly warnings: string[] = [];

  set(field: string, value: string | number | boolean, page: number, text: string): void {
    this.plan[field] = value;
    this.sources[field] = { page, text };
  }

  clear(fields: string[]): void {
    for (const field of fields) {
      delete this.plan[field];
      delete this.sources[field];
    }
  }

  warn(text: string): void {
    if (!this.warnings.includes(text)) this.warnings.push(text);
  }
}
