/** A list inside one cell: items separated by `;` or `,`, blanks dropped. */
export function cellList(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
