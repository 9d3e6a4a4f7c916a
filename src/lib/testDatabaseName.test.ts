import { describe, expect, it } from 'vitest';
import { databaseNameOf, isTestDatabaseName, testDatabaseNameOf } from './testDatabaseName.ts';

describe('databaseNameOf', () => {
  it('reads the database from the path of the connection string', () => {
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432/vitrine_test_42')).toBe(
      'vitrine_test_42',
    );
    expect(databaseNameOf('postgres://u:p@db/my%20test?sslmode=require')).toBe('my test');
  });

  it('falls back to the user name, as PostgreSQL does, when the path names none', () => {
    expect(databaseNameOf('postgres://postgres@127.0.0.1:5432')).toBe('postgres');
    expect(databaseNameOf('postgres://test@127.0.0.1:5432/')).toBe('test');
  });
});

describe('isTestDatabaseName', () => {
  it.each([
    'test',
    'tests',
    'vitrine_test',
    'vitrine_test_123_4567_ab12cd',
    'test_vitrine',
    'vitrine-tests-2',
    'Vitrine_TEST',
  ])('accepts %j', (name) => {
    expect(isTestDatabaseName(name)).toBe(true);
  });

  it.each(['postgres', 'vitrine', 'latest', 'contest_db', 'vitrinetest', 'testing', ''])(
    'refuses %j',
    (name) => {
      expect(isTestDatabaseName(name)).toBe(false);
    },
  );
});

describe('testDatabaseNameOf', () => {
  it('answers the name of a test database', () => {
    expect(testDatabaseNameOf('postgres://postgres@127.0.0.1:5432/vitrine_test_x')).toBe(
      'vitrine_test_x',
    );
  });

  it('refuses any other database, naming it', () => {
    expect(() => testDatabaseNameOf('postgres://postgres@127.0.0.1:5432/postgres')).toThrow(
      'Refusing to run tests against the database "postgres"',
    );
    expect(() => testDatabaseNameOf('postgres://vitrine@db.example.com/vitrine')).toThrow(
      /"vitrine"/,
    );
  });
});
