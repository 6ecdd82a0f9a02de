// A throw-away PostgreSQL database for one test run, on a server whose role may CREATE DATABASE.
async function admin(serverUrl: string, sql: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Its name and URL at once (a module may need DATABASE_URL before it imports the data layer); create() and drop() when due. */
export function scratchPostgres(serverUrl: string, prefix = "menu_test") {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => admin(serverUrl, `CREATE DATABASE "${name}"`),
    // Plain DROP first: PostgreSQL itself stops an autovacuum worker on the database, which FORCE
    // (terminating it as another role) may not be allowed to do. FORCE only for connections that
    // outlived their owner.
    async drop() {
      for (let attempt = 1; attempt <= 5; attempt++) {
        try {
          return await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
