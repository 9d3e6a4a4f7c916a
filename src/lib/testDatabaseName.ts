/**
 * The guard of every test that writes to PostgreSQL: tests empty, create and drop databases,
 * so they run only against a database whose name says it is for tests. The name must hold
 * "test" (or "tests") as a word of its own, between separators: vitrine_test, test,
 * vitrine-tests-2; not postgres, not latest.
 */

const TEST_WORD = /(^|[^a-z0-9])tests?([^a-z0-9]|$)/i;

/** The database a connection string names; PostgreSQL's default, the user's name, when none. */
export function databaseNameOf(url: string): string {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  return name || decodeURIComponent(parsed.username);
}

export function isTestDatabaseName(name: string): boolean {
  return TEST_WORD.test(name);
}

/** The database name of `url` when it is a test database; otherwise throws the refusal. */
export function testDatabaseNameOf(url: string): string {
  const name = databaseNameOf(url);
  if (!isTestDatabaseName(name)) {
    throw new Error(
      `Refusing to run tests against the database "${name}": tests empty and drop their databases. ` +
        'Point DATABASE_URL at a database made for tests, with "test" as a word of its name (e.g. vitrine_test).',
    );
  }
  return name;
}
