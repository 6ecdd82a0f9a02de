import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteProblem } from "./sqlite-problem";

const dir = mkdtempSync(path.join(tmpdir(), "sqlite-problem-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error better-sqlite3 throws for `work`. */
function errorOf(work: () => unknown): Error {
  try {
    work();
  } catch (error) {
    return error as Error;
  }
  throw new Error("no error");
}

describe("sqliteProblem", () => {
  it("names the file and the fix for a path that is a folder (unable to open database file)", () => {
    const error = errorOf(() => new Database(dir, { fileMustExist: true }).pragma("journal_mode"));
    expect(error.message).toBe("unable to open database file");
    const line = sqliteProblem(error, dir);
    expect(line).toContain(`cannot open the SQLite database ${dir}`);
    expect(line).toContain("names a file, not a folder");
  });

  it("names the file and the fix for a file that is not a database", () => {
    const file = path.join(dir, "notes.txt");
    writeFileSync(file, "not a database\n".repeat(200));
    const error = errorOf(() => new Database(file).pragma("journal_mode = WAL"));
    expect(error.message).toBe("file is not a database");
    expect(sqliteProblem(error, file)).toMatch(new RegExp(`^${file} is not a SQLite database: .*npm run db:restore`));
  });

  it("names the file and the fix for a damaged database, also when Prisma wraps the driver's error", () => {
    const file = path.join(dir, "damaged.db");
    const conn = new Database(file);
    conn.exec("CREATE TABLE t (x TEXT); CREATE INDEX t_x ON t (x);");
    const insert = conn.prepare("INSERT INTO t VALUES (?)");
    conn.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`row ${i} `.repeat(20));
    })();
    conn.close();
    // Overwrite the pages after the first (the schema) with garbage.
    const bytes = Buffer.alloc(4096 * 4, 0x5a);
    const fd = openSync(file, "r+");
    writeSync(fd, bytes, 0, bytes.length, 4096 * 2);
    closeSync(fd);
    const error = errorOf(() => new Database(file).prepare("SELECT count(*), max(x) FROM t").all());
    expect(error.message).toMatch(/malformed/);
    const wrapped = new Error("Invalid `prisma.restaurant.findMany()` invocation", { cause: error });
    const line = sqliteProblem(wrapped, file);
    expect(line).toContain(`the SQLite database ${file} is damaged`);
    expect(line).toContain("npm run db:restore");
  });

  it("leaves other errors alone", () => {
    expect(sqliteProblem(new Error("UNIQUE constraint failed: Restaurant.slug"), "/x.db")).toBeUndefined();
    expect(sqliteProblem("text", "/x.db")).toBeUndefined();
  });
});
