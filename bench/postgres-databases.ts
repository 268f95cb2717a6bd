import pg from 'pg';

/** The variable naming a PostgreSQL admin URL: the one the tests read (`.ci/run` sets it). */
export const POSTGRES_ADMIN_VARIABLE = 'PLANDESK_TEST_POSTGRES';

export function postgresAdminUrl(): string | undefined {
  return process.env[POSTGRES_ADMIN_VARIABLE] || undefined;
}

let made = 0;

/**
 * A new, empty database on the server of `adminUrl` (a role that may CREATE DATABASE), and how to
 * drop it. Named for this process so that runs side by side never meet.
 */
export async function scratchDatabase(adminUrl: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  made += 1;
  const name = `plandesk_bench_${label}_${process.pid}_${made}`;
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
