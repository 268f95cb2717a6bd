const grouped = new Intl.NumberFormat('en-US');

/** A count as the employer list writes it, in groups of three: "15,000". */
export const countText = (count: number): string => grouped.format(count);

/** A count and its noun: "1 plan", "15,000 plans". */
export const counted = (count: number, one: string, many = `${one}s`): string => `${countText(count)} ${count === 1 ? one : many}`;
