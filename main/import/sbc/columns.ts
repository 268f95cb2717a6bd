import type { TextPiece } from './pdf-text.js';
import type { Column } from './layout.js';

/** What a column of the services table holds, named from all the header text above it. */
export type ColumnRole = 'event' | 'label' | 'in' | 'out' | 'both' | 'limits';

/** Words of one header column: the words whose extents touch, left to right. */
interface HeaderGroup {
  left: number;
  right: number;
  words: TextPiece[];
}

/** Out-of-network and in-network words, matched on the header's letters alone ("Out-of-Net-work" too). */
const OUT_WORDS = /non|outofnetwork|outofarea|tier(2|ii)|paythemost/g;
const IN_WORDS = /network|participating|preferred|provider|tier(1|i)|paytheleast|plan|contracted/;

/** The role a header group's text gives its column, if any. */
function roleOf(text: string): ColumnRole | undefined {
  const words = text.toLowerCase();
  if (/\bservices you may\b/.test(words)) return 'label';
  if (/\b(common|medical event)\b/.test(words)) return 'event';
  if (/\blimitations?\b|\bexceptions?\b|important information/.test(words)) return 'limits';
  const letters = words.replace(/[^a-z0-9]/g, '');
  const out = new RegExp(OUT_WORDS.source).test(letters);
  const inNetwork = IN_WORDS.test(letters.replace(OUT_WORDS, ''));
  if (out && inNetwork && words.includes('/')) return 'both';
  if (out) return 'out';
  if (inNetwork) return 'in';
  return undefined;
}

/** The words of one printed line, left to right, cut into phrases where a gap is wider than a word space. */
function phrasesOf(line: TextPiece[]): HeaderGroup[] {
  const sorted = [...line].sort((a, b) => a.x - b.x);
  const gaps = sorted
    .slice(1)
    .map((word, index) => word.x - (sorted[index]!.x + sorted[index]!.width))
    .filter((gap) => gap > 0)
    .sort((a, b) => a - b);
  const wordSpace = gaps[Math.floor((gaps.length - 1) / 2)] ?? 0;
  const phrases: HeaderGroup[] = [];
  for (const [index, word] of sorted.entries()) {
    const last = phrases.at(-1);
    // The template's column headers start so: "Common Medical Event", "Services You May Need",
    // "Your cost if you use a(n) ...", "Limitations ...", and the out-of-network one with its name.
    const pair = `${word.text} ${sorted[index + 1]?.text ?? ''}`;
    const outOfNetwork = /^(out-of-network|non-\w)/i.test(word.text) && !/^(a|an|use)$|\/$/i.test(sorted[index - 1]?.text ?? '');
    const startsHeader = index > 0 && (/^(common medical|services you|your cost|limitations\b)/i.test(pair) || outOfNetwork);
    if (last && !startsHeader && word.x <= last.right + Math.min(word.size * 0.7, wordSpace * 1.3 + 0.3)) {
      last.right = Math.max(last.right, word.x + word.width);
      last.words.push(word);
    } else phrases.push({ left: word.x, right: word.x + word.width, words: [word] });
  }
  return phrases;
}

/** Groups header words into columns: each line's phrases, joined with those above and below they overlap. */
function groupsOf(words: TextPiece[]): HeaderGroup[] {
  const lines: TextPiece[][] = [];
  for (const word of [...words].sort((a, b) => a.y - b.y)) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - word.y) <= 2.5) line.push(word);
    else lines.push([word]);
  }
  const groups: HeaderGroup[] = [];
  for (const phrase of lines.flatMap(phrasesOf).sort((a, b) => a.left - b.left)) {
    const last = groups.at(-1);
    if (last && phrase.left < last.right) {
      last.right = Math.max(last.right, phrase.right);
      last.words.push(...phrase.words);
    } else groups.push({ ...phrase, words: [...phrase.words] });
  }
  return groups;
}

const textOf = (group: HeaderGroup): string =>
  [...group.words]
    .sort((a, b) => a.y - b.y || a.x - b.x)
    .map((word) => word.text)
    .join(' ')
    .replace(/(\w)- (\w)/g, '$1-$2');

/**
 * The x between two columns where the fewest body words print: the gutter. Searched from the left
 * column's header start to just past the right column's header start (headers may be centred over
 * their values), the right end of the emptiest stretch nearest the right column.
 */
export function gutterBetween(body: TextPiece[], from: number, to: number): number {
  let best = to;
  let bestCount = Infinity;
  for (let x = Math.floor(from); x <= to; x++) {
    const count = body.filter((word) => word.x < x && word.x + word.width > x - 1).length;
    if (count <= bestCount) {
      best = x;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The services table's columns from its header words (everything between the top of the header and
 * its first row) and the body words under them: each header group named by its text, each boundary
 * cut in the gutter between the values. Undefined unless both the services and an in-network column
 * are there.
 */
export function serviceColumnsOf(header: TextPiece[], body: TextPiece[]): (Column & { role: ColumnRole })[] | undefined {
  const named = groupsOf(withoutTitles(header))
    .map((group) => ({ group, role: roleOf(textOf(group)) }))
    .filter((found): found is { group: HeaderGroup; role: ColumnRole } => found.role !== undefined);
  const roles = new Set(named.map(({ role }) => role));
  if (!roles.has('label') || !(roles.has('in') || roles.has('both'))) return undefined;
  // Each role goes to one column; another column of the same role (a second benefit level) is cut
  // all the same, so its values stay out of its neighbours, but is not read.
  const chosen = new Map<ColumnRole, HeaderGroup>();
  for (const { group, role } of named) {
    const current = chosen.get(role);
    if (!current || (role === 'out' && outRank(textOf(group)) > outRank(textOf(current)))) chosen.set(role, group);
  }
  return named.map(({ group, role }, index) => {
    const name = chosen.get(role) === group ? role : `${role} ${index}`;
    if (index === 0) return { name, role, start: role === 'event' ? -Infinity : group.left - 4 };
    const previous = named[index - 1]!.group;
    return { name, role, start: gutterBetween(body, previous.left + 4, group.left + 4) };
  });
}

/** How plainly a header names the out-of-network column: by name, else by its tier number. */
const outRank = (text: string): number => (/out.?of.?network|non.?(network|participating|preferred)|pay the most/i.test(text) ? 1 : 0);

const TITLE_PHRASES = [/^what you will pay$/i, /^your cost if you use( an?)?$/i];

/**
 * The header words minus the title phrases printed over both cost columns ("What You Will Pay",
 * "Your cost if you use a"): they would join the two columns into one group. "Your cost if you use
 * a" over one column only is kept, as part of that column's header.
 */
function withoutTitles(header: TextPiece[]): TextPiece[] {
  const phrases: TextPiece[][] = [];
  const lines = new Map<number, TextPiece[]>();
  for (const word of header) {
    const key = [...lines.keys()].find((y) => Math.abs(y - word.y) < 2) ?? word.y;
    lines.set(key, [...(lines.get(key) ?? []), word]);
  }
  for (const words of lines.values()) {
    words.sort((a, b) => a.x - b.x);
    for (let start = 0; start < words.length; start++) {
      for (let end = Math.min(words.length, start + 6); end > start; end--) {
        const phrase = words.slice(start, end);
        if (TITLE_PHRASES.some((title) => title.test(phrase.map((word) => word.text).join(' ')))) {
          phrases.push(phrase);
          start = end - 1;
          break;
        }
      }
    }
  }
  const titleWords = new Set(phrases.flat());
  const others = groupsOf(header.filter((word) => !titleWords.has(word)));
  const spansColumns = (phrase: TextPiece[]): boolean => {
    const left = phrase[0]!.x;
    const right = phrase.at(-1)!.x + phrase.at(-1)!.width;
    return others.filter((group) => group.left < right && group.right > left).length > 1;
  };
  const overBoth = (phrase: TextPiece[]): boolean => /^what/i.test(phrase[0]!.text) || spansColumns(phrase);
  const dropped = new Set(phrases.filter(overBoth).flat());
  return header.filter((word) => !dropped.has(word));
}
