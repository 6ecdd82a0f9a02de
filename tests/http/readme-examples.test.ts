// Issue 13: every curl example in README.md and docs/*.md runs as written against the demo data.
// Each command of a `sh`/`bash` block is run by bash (so quoting, line continuations, pipes into jq
// and the block's variable assignments behave as for a reader), with the documented hosts
// (localhost:3000, the edge's localhost:8080, the docs' production host https://menus.example.com) pointed at a server of
// this file's own, which has REVALIDATE_SECRET set so the revalidation example runs too.
//
// Convention, stated in the README: a command meant to answer something other than 2xx announces
// it in a comment on its lines or on the comment lines right after it, `# → 404 …`. Every HTTP
// answer of every other command must be 2xx, and every command must exit 0.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, ROOT, startTestServer, type TestServer } from "../support/test-server";

const SECRET = "readme-examples-secret-0123456789";
const DOCUMENTS = ["README.md", ...readdirSync(path.join(ROOT, "docs"))
  .filter((f) => f.endsWith(".md"))
  .map((f) => `docs/${f}`)];

interface ShellStatement {
  text: string;
  /** the comments on its lines and on the comment-only lines right after it */
  comments: string[];
}

/** Statements of a shell snippet: newlines inside quotes and after a backslash continue one. */
function shellStatements(source: string): ShellStatement[] {
  const out: ShellStatement[] = [];
  let text = "";
  let comments: string[] = [];
  let quote: "'" | '"' | null = null;
  const end = () => {
    if (text.trim()) out.push({ text: text.trim(), comments });
    else if (comments.length && out.length) out[out.length - 1].comments.push(...comments);
    text = "";
    comments = [];
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === "\\" && quote === '"') {
        text += c + (source[++i] ?? "");
        continue;
      }
      if (c === quote) quote = null;
      text += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      text += c;
    } else if (c === "\\") {
      const next = source[++i] ?? "";
      text += next === "\n" ? " " : c + next;
    } else if (c === "#" && (text === "" || /\s$/.test(text))) {
      const eol = source.indexOf("\n", i);
      comments.push(source.slice(i + 1, eol === -1 ? undefined : eol).trim());
      i = (eol === -1 ? source.length : eol) - 1;
    } else if (c === "\n") {
      end();
    } else {
      text += c;
    }
  }
  end();
  return out;
}

/** The fenced sh/bash blocks of a Markdown document, with their (list) indentation removed. */
function shellBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const re = /^([ \t]*)```(?:sh|bash)[ \t]*\n([\s\S]*?)^\1```/gm;
  for (const m of markdown.matchAll(re)) {
    const indent = m[1].length;
    blocks.push(
      m[2]
        .split("\n")
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join("\n"),
    );
  }
  return blocks;
}

interface Example {
  document: string;
  command: string;
  /** assignments earlier in the same block (M='…', etag=$(curl …)) */
  prelude: string[];
  /** statuses announced by `# → NNN`; empty = 2xx */
  announced: number[];
}

function examplesOf(document: string): Example[] {
  const examples: Example[] = [];
  for (const block of shellBlocks(readFileSync(path.join(ROOT, document), "utf8"))) {
    const prelude: string[] = [];
    for (const statement of shellStatements(block)) {
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(statement.text)) prelude.push(statement.text);
      else if (/^curl\s/.test(statement.text)) {
        const announced = statement.comments.flatMap((c) => [...c.matchAll(/→\s*(\d{3})\b/g)].map((m) => Number(m[1])));
        examples.push({ document, command: statement.text, prelude: [...prelude], announced });
      }
    }
  }
  return examples;
}

const EXAMPLES = DOCUMENTS.flatMap(examplesOf);

// curl reports each answer's status on stderr, after a marker that separates the prelude's requests.
const CURL_WRAPPER = `curl() { command curl -w '%{stderr}\\nreadme-example-status %{http_code}\\n' "$@"; }`;
const MARKER = "readme-example-command-starts";

function run(example: Example, server: TestServer, cwd: string) {
  // localhost:8080 is npm run edge in front of the same server: tests/edge checks that it answers as the app does.
  const local = (s: string) => s.replaceAll("https://menus.example.com", server.baseUrl).replace(/(https?:\/\/)?localhost:(3000|8080)/g, server.baseUrl);
  const script = ["set -o pipefail", CURL_WRAPPER, ...example.prelude.map(local), `echo ${MARKER} >&2`, local(example.command)].join("\n");
  const result = spawnSync("bash", ["-c", script], {
    cwd,
    encoding: "utf8",
    timeout: 20_000,
    env: { ...process.env, PUBLIC_BASE_URL: server.baseUrl, REVALIDATE_SECRET: SECRET },
  });
  const stderr = result.stderr.slice(result.stderr.indexOf(MARKER));
  const statuses = [...stderr.matchAll(/readme-example-status (\d{3})/g)].map((m) => Number(m[1]));
  return { exitCode: result.status, statuses, stderr, stdout: result.stdout };
}

describe("the examples of README.md and docs/*.md", () => {
  let server: TestServer;
  let cwd: string;
  beforeAll(async () => {
    server = await startTestServer({ extraEnv: { REVALIDATE_SECRET: SECRET } });
    // Examples may write files (`> guest-wifi.svg`): not into the repository.
    cwd = mkdtempSync(path.join(tmpdir(), "readme-examples-"));
  });
  afterAll(async () => {
    await server?.stop();
    if (cwd) rmSync(cwd, { recursive: true, force: true });
  });

  it("are found where the documents have them", () => {
    const per = (doc: string) => EXAMPLES.filter((e) => e.document === doc).length;
    expect(per("README.md")).toBeGreaterThanOrEqual(15);
    expect(per("docs/mcp-and-tools.md")).toBeGreaterThanOrEqual(8);
    expect(per("docs/pages-and-markdown.md")).toBeGreaterThanOrEqual(5);
    expect(per("docs/deployment.md")).toBeGreaterThanOrEqual(1);
    // Multi-line commands are one statement: the MCP call's JSON body stays with its curl.
    expect(EXAMPLES.some((e) => e.command.includes('"method": "tools/call"') && e.command.startsWith("curl"))).toBe(true);
  });

  it("name only restaurants of the demo data (the test server also has tests/fixtures, a reader does not)", () => {
    const fixtureSlugs: string[] = JSON.parse(readFileSync(FIXTURE, "utf8")).restaurants.map((r: { slug: string }) => r.slug);
    for (const e of EXAMPLES) for (const slug of fixtureSlugs) expect(e.command, `${e.document}: ${e.command}`).not.toContain(slug);
  });

  it("send no raw non-ASCII byte in a URL (Node answers 400 before the service sees it)", () => {
    for (const e of EXAMPLES) {
      const urls = e.command.match(/(?:https?:\/\/|localhost:(?:3000|8080)|\$PUBLIC_BASE_URL)\S*/g) ?? [];
      for (const url of urls) expect(url, `${e.document}: ${e.command}`).toMatch(/^[\x21-\x7e]*$/);
    }
  });

  for (const example of EXAMPLES) {
    const label = `${example.document}: ${example.command.split("\n")[0].slice(0, 110)}`;
    it(label, () => {
      const { exitCode, statuses, stderr } = run(example, server, cwd);
      expect(statuses.length, `${label}\n${stderr}`).toBeGreaterThan(0);
      for (const status of statuses) {
        if (example.announced.length) expect(example.announced, `${label}: answered ${status}`).toContain(status);
        else expect(status >= 200 && status < 300, `${label}: answered ${status} without announcing it (# → ${status})\n${stderr}`).toBe(true);
      }
      expect(exitCode, `${label}\n${stderr}`).toBe(0);
    });
  }
});
