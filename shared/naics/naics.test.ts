import { describe, expect, it } from 'vitest';
import naics2017 from './naics-2017.json' with { type: 'json' };
import { foldText } from './fold-text';
import { EVERYDAY_WORDS } from './everyday-words';
import naicsCodes from './naics-2017-codes.json' with { type: 'json' };
import { naicsSectors, naicsTitle, searchNaics, sectorOf } from './naics';
import { isNaicsCode } from './naics-codes';

describe('NAICS 2017 data', () => {
  it('holds the 6-digit industries with trimmed titles', () => {
    expect(naics2017.codes.length).toBeGreaterThan(1000);
    for (const [code, title] of naics2017.codes) {
      expect(code).toMatch(/^\d{6}$/);
      expect(title).toBe(title!.trim());
      expect(title).not.toBe('');
    }
  });

  it('checks codes against the same list the picker offers: the codes without titles are the codes with them', () => {
    expect(naicsCodes.codes).toEqual(naics2017.codes.map(([code]) => code));
  });

  it('holds the sectors without the stray trailing "T" of the source', () => {
    expect(naicsSectors()).toContainEqual({ code: '22', title: 'Utilities' });
    expect(naicsSectors()).toContainEqual({ code: '31-33', title: 'Manufacturing' });
    expect(naicsSectors()).toContainEqual({ code: '55', title: 'Management of Companies and Enterprises' });
    for (const sector of naicsSectors()) expect(sector.title).not.toMatch(/T$/);
  });
});

describe('naicsTitle', () => {
  it('names a 2017 industry', () => {
    expect(naicsTitle('541511')).toBe('Custom Computer Programming Services');
    expect(naicsTitle('111150')).toBe('Corn Farming');
    expect(isNaicsCode('541511')).toBe(true);
  });

  it('knows nothing of codes outside the 2017 list', () => {
    expect(naicsTitle('999999')).toBeUndefined();
    expect(naicsTitle('5415')).toBeUndefined();
    expect(isNaicsCode('999999')).toBe(false);
  });
});

describe('sectorOf', () => {
  it('finds plain and ranged sectors by the first two digits', () => {
    expect(sectorOf('541511')).toEqual({ code: '54', title: 'Professional, Scientific, and Technical Services' });
    expect(sectorOf('332710')?.code).toBe('31-33');
    expect(sectorOf('452210')?.title).toBe('Retail Trade');
    expect(sectorOf('49')?.code).toBe('48-49');
  });

  it('answers undefined for digits that start no sector', () => {
    expect(sectorOf('991234')).toBeUndefined();
    expect(sectorOf('x')).toBeUndefined();
  });
});

describe('searchNaics', () => {
  it('finds codes by prefix, in code order', () => {
    const found = searchNaics('5415', 20);
    expect(found.length).toBeGreaterThan(2);
    expect(found.every((entry) => entry.code.startsWith('5415'))).toBe(true);
    expect(found.map((entry) => entry.code)).toEqual([...found.map((entry) => entry.code)].sort());
    expect(searchNaics('541511')).toEqual([{ code: '541511', title: 'Custom Computer Programming Services' }]);
  });

  it('finds codes by words of the title, case- and accent-insensitively, words as prefixes', () => {
    expect(searchNaics('computer programming').map((entry) => entry.code)).toContain('541511');
    expect(searchNaics('COMP PROG').map((entry) => entry.code)).toContain('541511');
    expect(searchNaics('cörn fârming').map((entry) => entry.code)).toEqual(['111150']);
  });

  it('ignores apostrophes, typographic or not', () => {
    const codes = searchNaics('mens boys', 20).map((entry) => entry.code);
    expect(codes).toContain('315220'); // Men’s and Boys’ Cut and Sew Apparel Manufacturing
    expect(codes).toContain('424320'); // Men's and Boys' Clothing ...
  });

  it('combines a code prefix with words', () => {
    const found = searchNaics('54 computer');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((entry) => entry.code.startsWith('54'))).toBe(true);
  });

  it('puts titles that start with the first word first, the shorter (broader) ones before', () => {
    const found = searchNaics('computer', 50);
    const firstOther = found.findIndex((entry) => !foldText(entry.title).startsWith('computer'));
    expect(firstOther).toBeGreaterThan(0);
    expect(found.slice(firstOther).every((entry) => !foldText(entry.title).startsWith('computer'))).toBe(true);
    expect(found.slice(0, 3).map((entry) => entry.code)).toEqual(['611420', '334112', '541512']);
  });

  it('puts the codes a broker means by "software" first: software publishers and custom programming, not CD reproduction', () => {
    const found = searchNaics('software').map((entry) => entry.code);
    expect(found.slice(0, 3)).toEqual(['511210', '541511', '541512']);
    expect(found.indexOf('334614')).toBeGreaterThan(2);
    expect(searchNaics('lawyer')[0]).toEqual({ code: '541110', title: 'Offices of Lawyers' });
    expect(searchNaics('54 software').map((entry) => entry.code)).toEqual(['541511', '541512']);
  });

  it('knows every code of its everyday words', () => {
    for (const code of Object.keys(EVERYDAY_WORDS)) expect(naicsTitle(code), code).toBeDefined();
  });

  it('honours the limit and answers nothing for an empty query or no match', () => {
    expect(searchNaics('services', 3)).toHaveLength(3);
    expect(searchNaics('   ')).toEqual([]);
    expect(searchNaics('zzzzqqq')).toEqual([]);
    expect(searchNaics('1234567')).toEqual([]);
  });
});
