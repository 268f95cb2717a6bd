/** The kinds of record a workspace keeps, journals and syncs. */
export type Entity = 'employer' | 'plan' | 'user' | 'division';
