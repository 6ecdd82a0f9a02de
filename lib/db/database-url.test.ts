import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_DATABASE_URL, projectRoot, resolveDatabaseUrl, sqlitePath } from "./database-url";

describe("where the embedded database lives", () => {
  it("is the project's data/menu.db from the project root", () => {
    expect(resolveDatabaseUrl(DEFAULT_DATABASE_URL, "/srv/menus")).toBe("file:/srv/menus/data/menu.db");
  });

  it("is the same file from the standalone server's folder, never inside the build output", () => {
    // node .next/standalone/server.js changes into its own folder before anything runs.
    expect(resolveDatabaseUrl(DEFAULT_DATABASE_URL, "/srv/menus/.next/standalone")).toBe("file:/srv/menus/data/menu.db");
    expect(projectRoot("/srv/menus/.next/standalone")).toBe("/srv/menus");
    expect(projectRoot("/srv/menus/.next")).toBe("/srv/menus");
  });

  it("is /app/data/menu.db in the container image, whose app folder is the standalone output", () => {
    expect(resolveDatabaseUrl(DEFAULT_DATABASE_URL, "/app")).toBe("file:/app/data/menu.db");
  });

  it("keeps absolute paths, query strings and PostgreSQL URLs as given", () => {
    expect(resolveDatabaseUrl("file:/var/lib/menus/menu.db", "/x/.next/standalone")).toBe("file:/var/lib/menus/menu.db");
    expect(resolveDatabaseUrl("file:./data/menu.db?mode=ro", "/srv/menus/.next/standalone")).toBe("file:/srv/menus/data/menu.db?mode=ro");
    expect(resolveDatabaseUrl("postgresql://u:p@h/db", "/x")).toBe("postgresql://u:p@h/db");
  });

  it("gives better-sqlite3 an absolute path", () => {
    expect(path.isAbsolute(sqlitePath("file:./data/menu.db"))).toBe(true);
  });
});
