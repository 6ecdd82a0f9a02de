// Issue 26, point 6: compose users can import. No Docker daemon runs on the machines this is
// tested on, so the image cannot be built here; what can be checked is that the files say what
// the README promises: a "tools" service built from a Dockerfile stage that holds the importer,
// on the same database as the app, not started by `docker compose up`.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = path.resolve(import.meta.dirname, "..");
const compose = parse(readFileSync(path.join(ROOT, "compose.yaml"), "utf8"));
const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
const dockerignore = readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n");
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));

/** The Dockerfile's stages: name → { from, lines }. */
function stages() {
  const out = new Map<string, { from: string; lines: string[] }>();
  let current: { from: string; lines: string[] } | undefined;
  for (const line of dockerfile.split("\n")) {
    const m = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (m) {
      current = { from: m[1], lines: [] };
      if (m[2]) out.set(m[2], current);
    } else current?.lines.push(line);
  }
  return out;
}

describe("importing with docker compose", () => {
  const tools = compose.services.tools;

  it("has a tools service on the app's database, not started by `up`", () => {
    expect(tools).toBeDefined();
    expect(tools.environment.DATABASE_URL).toBe(compose.services.app.environment.DATABASE_URL);
    expect(tools.profiles).toEqual(["tools"]);
    expect(tools.depends_on.db.condition).toBe("service_healthy");
    expect(tools.volumes).toContain("./menus:/app/menus:ro");
  });

  it("builds it from a Dockerfile stage with the whole project and its dev dependencies (tsx runs the importer)", () => {
    const stage = stages().get(tools.build.target);
    expect(stage, `stage ${tools.build.target}`).toBeDefined();
    // deps ran `npm ci` (dev dependencies included); the stage adds the sources.
    expect(stage!.from).toBe("deps");
    expect(stages().get("deps")!.lines.join("\n")).toMatch(/RUN npm ci\b(?!.*--omit=dev)/);
    expect(stage!.lines.map((l) => l.trim())).toContain("COPY . .");
    expect(pkg.scripts.import).toBe("tsx scripts/import.ts");
    expect(pkg.devDependencies.tsx ?? pkg.dependencies.tsx).toBeDefined();
    // what the importer reads is in the build context
    for (const file of ["scripts/import.ts", "lib/import/import-menus.ts", "examples/greek-taverna.jsonc"]) {
      expect(existsSync(path.join(ROOT, file))).toBe(true);
      expect(dockerignore).not.toContain(file.split("/")[0]);
    }
  });

  it("is the command the README and compose.yaml document", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("docker compose run --rm tools npm run import -- ");
    expect(readFileSync(path.join(ROOT, "compose.yaml"), "utf8")).toContain("docker compose run --rm tools npm run import -- ");
  });
});

// Issue 27.5: deploy = migrate, then start; no demo data in a production database.
describe("the release step in compose and the image", () => {
  const { migrate, app } = compose.services;

  it("runs npm run db:migrate from the tools stage on the app's database before the app starts", () => {
    expect(pkg.scripts["db:migrate"]).toBe("tsx scripts/db-migrate.ts");
    expect(migrate.build.target).toBe("tools");
    expect(migrate.command).toEqual(["npm", "run", "db:migrate"]);
    expect(migrate.environment.DATABASE_URL).toBe(app.environment.DATABASE_URL);
    expect(app.depends_on).toEqual({ migrate: { condition: "service_completed_successfully" } });
  });

  it("leaves the app checking the schema (no migrate-on-start) and seeding to the migration", () => {
    expect(app.environment.MIGRATE_ON_START).toBeUndefined();
    expect(app.environment.SEED_DEMO_DATA).toBeUndefined();
  });

  it("compiles the source commit into the build, where .git is not in the context", () => {
    expect(dockerignore).toContain(".git");
    expect(stages().get("build")!.lines).toEqual(expect.arrayContaining(["ARG SOURCE_COMMIT=unknown", "ENV SOURCE_COMMIT=${SOURCE_COMMIT}"]));
    expect(app.build.args.SOURCE_COMMIT).toBe("${SOURCE_COMMIT:-unknown}");
  });
});

// Issue 46, points 1 and 4.
describe("the runtime image", () => {
  const runtime = stages().get("runtime")!.lines.join("\n");

  it("never loads the demo restaurants unless asked", () => {
    expect(runtime).toMatch(/^ENV [^]*?\bSEED_DEMO_DATA=false\b/m);
  });

  it("tells operators to print the configuration with the script shipped beside server.js, never server.js --print-config", () => {
    expect(dockerfile).toContain("menu-service node scripts/print-config.mjs");
    expect(dockerfile).not.toMatch(/^#.*menu-service node server\.js --print-config/m);
    expect(readFileSync(path.join(ROOT, "next.config.ts"), "utf8")).toContain('"./scripts/print-config.mjs"');
  });
});

