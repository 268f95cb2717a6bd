// Writes shared/naics/naics-2017.json, the NAICS 2017 titles the employer form and list show, from
// the `naics` package's copy of the Census Bureau's descriptions (MIT; a devDependency). Only the
// 6-digit industries (the codes employers carry) and the sectors are kept, titles only: the
// descriptions would make the file megabytes. Also writes shared/naics/naics-2017-codes.json, the
// same codes without their titles (11 KB), which validation checks every employer's codes against
// in every layer, the window's first screen included. Run: node scripts/naics-titles.cjs
const { readFileSync, writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const source = require.resolve('naics/data/2017_NAICS_Descriptions.json');
const target = join(root, 'shared', 'naics', 'naics-2017.json');
const codesTarget = join(root, 'shared', 'naics', 'naics-2017-codes.json');

/** @type {Record<string, { Title: string }>} */
const descriptions = JSON.parse(readFileSync(source, 'utf8'));

const byCode = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
const codes = [];
const sectors = [];
for (const [code, { Title }] of Object.entries(descriptions)) {
  const title = Title.trim();
  if (/^\d{6}$/.test(code)) codes.push([code, title]);
  // The sector rows of the spreadsheet end in a stray "T" (a footnote mark), e.g. "UtilitiesT".
  else if (/^\d{2}(-\d{2})?$/.test(code)) sectors.push([code, title.replace(/T$/, '').trim()]);
}
codes.sort(byCode);
sectors.sort(byCode);
if (codes.length < 1000 || sectors.length !== 20) throw new Error(`unexpected source: ${codes.length} codes, ${sectors.length} sectors`);

// One entry per line: small, and a later edition shows up as a readable diff.
const lines = (entries) => entries.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n');
const text = `{\n  "edition": 2017,\n  "sectors": [\n${lines(sectors)}\n  ],\n  "codes": [\n${lines(codes)}\n  ]\n}\n`;
JSON.parse(text);
mkdirSync(join(root, 'shared', 'naics'), { recursive: true });
writeFileSync(target, text);
console.log(`wrote ${target}: ${codes.length} codes, ${sectors.length} sectors, ${text.length} bytes`);

// Ten codes a line.
const codeLines = [];
for (let at = 0; at < codes.length; at += 10)
  codeLines.push(
    `    ${codes
      .slice(at, at + 10)
      .map(([code]) => JSON.stringify(code))
      .join(', ')}`,
  );
const codesText = `{\n  "edition": 2017,\n  "codes": [\n${codeLines.join(',\n')}\n  ]\n}\n`;
JSON.parse(codesText);
writeFileSync(codesTarget, codesText);
console.log(`wrote ${codesTarget}: ${codes.length} codes, ${codesText.length} bytes`);
