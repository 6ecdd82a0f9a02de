// The one home of the published shapes: every surface (REST, MCP, Markdown, HTML) serializes through here.
export * from "./public-schemas";
export * from "./restaurant";
export * from "./directory";
export * from "./dish";
